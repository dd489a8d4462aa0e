package io.inboxra.ra.config;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * When a subscription pauses itself: after {@code pauseAfterFailures} failed deliveries in a row
 * (any rows), so that a downstream that is down is not hammered and the rows do not burn their
 * attempts; and, if {@code resumeAfter} is set, when it resumes by itself.
 *
 * @param afterFailures the failed deliveries in a row that pause it, or empty: it never pauses itself
 * @param resumeAfter how long it stays paused before it resumes by itself, or empty: until an operator resumes it
 */
public record FailurePause(OptionalInt afterFailures, Optional<Duration> resumeAfter) {

    /** Never pauses itself. */
    public static final FailurePause OFF = new FailurePause(OptionalInt.empty(), Optional.empty());

    static FailurePause read(ActivationValues values) {
        OptionalInt after = values.validWhole(Property.PAUSE_AFTER_FAILURES, Bounds.PAUSE_AFTER_FAILURES);
        Optional<Duration> resume = values.validDuration(Property.RESUME_AFTER, Bounds.RESUME_AFTER);
        if (values.isSet(Property.RESUME_AFTER) && !values.isSet(Property.PAUSE_AFTER_FAILURES)) {
            values.report("Property 'resumeAfter' is '" + values.text(Property.RESUME_AFTER).orElse("")
                    + "' but 'pauseAfterFailures' is not set, so the subscription never pauses itself: set"
                    + " 'pauseAfterFailures' to the failed deliveries in a row that pause it, or remove 'resumeAfter'.");
        }
        return new FailurePause(after, resume);
    }
}
