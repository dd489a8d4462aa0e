package io.inboxra.dialect;

import java.util.Objects;

/**
 * The columns of a dead-letter table, as the database stores their names: {@code id},
 * {@code queue}, {@code payload}, {@code attempts}, {@code reason} and {@code dead_at}, spelt
 * as found at activation (H2, for one, stores unquoted names in upper case).
 *
 * @param id the dead row's id
 * @param queue its queue (filled only when the inbox has a queue column)
 * @param payload its payload
 * @param attempts the deliveries made, the last included
 * @param reason the listener's reason, or the last error
 * @param deadAt when it was dead-lettered
 */
public record DeadLetterColumns(String id, String queue, String payload, String attempts, String reason,
        String deadAt) {

    /** The names as the README's {@code CREATE TABLE} spells them. */
    public static final DeadLetterColumns STANDARD =
            new DeadLetterColumns("id", "queue", "payload", "attempts", "reason", "dead_at");

    /** Checks that no name is missing. */
    public DeadLetterColumns {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(attempts, "attempts");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(deadAt, "deadAt");
    }
}
