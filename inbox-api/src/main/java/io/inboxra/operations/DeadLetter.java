package io.inboxra.operations;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One dead letter of a subscription, as {@link SubscriptionView#deadLetters(int)} reads it.
 *
 * @param id the row's id, as text (what {@link SubscriptionView#requeue(java.util.Collection)} takes)
 * @param payload the payload, as text
 * @param attempts the deliveries made, the last included; empty in the dead-at style without an
 *        {@code attemptColumn}
 * @param reason why it was dead-lettered (the listener's reason, or the last error); empty in the
 *        dead-at style, which keeps no reason
 * @param deadAt when it was dead-lettered, by the database's clock
 */
public record DeadLetter(String id, String payload, OptionalLong attempts, Optional<String> reason,
        Optional<Instant> deadAt) {

    /** Checks that nothing is missing. */
    public DeadLetter {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(attempts, "attempts");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(deadAt, "deadAt");
    }
}
