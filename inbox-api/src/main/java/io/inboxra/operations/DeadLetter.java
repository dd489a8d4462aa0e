package io.inboxra.operations;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One dead letter of a subscription, as {@link SubscriptionView#deadLetters(int)} reads it.
 *
 * @param id the row's id, as text (what {@link SubscriptionView#requeue(java.util.Collection)} takes)
 * @param payload the payload, as text: in {@link SubscriptionView#deadLetters(int)} its first
 *        {@value io.inboxra.dialect.OperatorQueries#PREVIEW_LENGTH} characters only ({@link #truncated()}
 *        says whether there is more); whole from {@link SubscriptionView#deadLetter(String)}
 * @param attempts the deliveries made, the last included; empty in the dead-at style without an
 *        {@code attemptColumn}
 * @param reason why it was dead-lettered (the listener's reason, or the last error); empty in the
 *        dead-at style, which keeps no reason
 * @param deadAt when it was dead-lettered, by the database's clock
 * @param payloadBytes the whole payload's size in bytes, where known
 * @param truncated whether {@code payload} is only the first part of the payload
 */
public record DeadLetter(String id, String payload, OptionalLong attempts, Optional<String> reason,
        Optional<Instant> deadAt, OptionalLong payloadBytes, boolean truncated) {

    /**
     * A dead letter with its whole payload, as before previews.
     *
     * @param id the id
     * @param payload the whole payload
     * @param attempts the deliveries made
     * @param reason why
     * @param deadAt when
     */
    public DeadLetter(String id, String payload, OptionalLong attempts, Optional<String> reason,
            Optional<Instant> deadAt) {
        this(id, payload, attempts, reason, deadAt, OptionalLong.empty(), false);
    }

    /** Checks that nothing is missing. */
    public DeadLetter {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(attempts, "attempts");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(deadAt, "deadAt");
        Objects.requireNonNull(payloadBytes, "payloadBytes");
    }
}
