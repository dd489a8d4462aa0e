package io.inboxra.ra.delivery.endpoint;

import io.inboxra.ra.settlement.Causes;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which failures of a subscription get their stack trace in the log: the first of each
 * distinct cause (the innermost exception's class, message and throwing frame) per minute. A
 * row that fails on every redelivery then logs one line each time, and its trace once a minute.
 */
final class TraceLimit {

    private static final Duration EVERY = Duration.ofMinutes(1);
    /** Past this many causes, those not traced within the minute are forgotten. */
    private static final int CAUSES = 1_000;

    private final Clock clock;
    private final Map<String, Instant> traced = new ConcurrentHashMap<>();

    TraceLimit(Clock clock) {
        this.clock = clock;
    }

    /** @return the error, to log with its trace, or null when its cause was traced in the last minute */
    Throwable traceOf(Throwable error) {
        if (error == null) {
            return null;
        }
        Instant now = clock.instant();
        if (traced.size() > CAUSES) {
            traced.values().removeIf(at -> at.plus(EVERY).isBefore(now));
        }
        boolean[] due = {false};
        traced.compute(cause(error), (key, last) -> {
            due[0] = last == null || !now.isBefore(last.plus(EVERY));
            return due[0] ? now : last;
        });
        return due[0] ? error : null;
    }

    /** The innermost cause's class, message and frame: what makes two failures the same. */
    private static String cause(Throwable error) {
        Throwable root = Causes.innermost(error);
        StackTraceElement[] frames = root.getStackTrace();
        return root.getClass().getName() + ": " + root.getMessage() + (frames.length > 0 ? " at " + frames[0] : "");
    }
}
