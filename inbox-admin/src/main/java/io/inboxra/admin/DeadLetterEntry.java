package io.inboxra.admin;

import io.inboxra.operations.DeadLetter;

import java.time.Instant;

/**
 * A dead letter as the API shows it.
 *
 * @param id its id, as text
 * @param payload its payload, as text: in the listing its first 4096 characters ({@code truncated}
 *        says whether there is more; {@code GET .../dead-letters/{id}} gives it whole)
 * @param attempts the deliveries made, or null where the table keeps no count
 * @param reason why it was dead-lettered, or null where the table keeps no reason
 * @param deadAt when, or null
 * @param payloadBytes the whole payload's size in bytes, or null where unknown
 * @param truncated whether {@code payload} is only its first part
 */
public record DeadLetterEntry(String id, String payload, Long attempts, String reason, Instant deadAt,
        Long payloadBytes, boolean truncated) {

    static DeadLetterEntry of(DeadLetter d) {
        return new DeadLetterEntry(d.id(), d.payload(), d.attempts().isPresent() ? d.attempts().getAsLong() : null,
                d.reason().orElse(null), d.deadAt().orElse(null),
                d.payloadBytes().isPresent() ? d.payloadBytes().getAsLong() : null, d.truncated());
    }
}
