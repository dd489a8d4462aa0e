package io.inboxra.admin;

import io.inboxra.operations.DeadLetter;

import java.time.Instant;

/**
 * A dead letter as the API shows it.
 *
 * @param id its id, as text
 * @param payload its payload, as text
 * @param attempts the deliveries made, or null where the table keeps no count
 * @param reason why it was dead-lettered, or null where the table keeps no reason
 * @param deadAt when, or null
 */
public record DeadLetterEntry(String id, String payload, Long attempts, String reason, Instant deadAt) {

    static DeadLetterEntry of(DeadLetter d) {
        return new DeadLetterEntry(d.id(), d.payload(), d.attempts().isPresent() ? d.attempts().getAsLong() : null,
                d.reason().orElse(null), d.deadAt().orElse(null));
    }
}
