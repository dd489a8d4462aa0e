package io.inboxra.dialect;

import java.util.Objects;
import java.util.Optional;

/**
 * The columns of a dead-letter table, as the database stores their names: {@code id},
 * {@code queue}, {@code payload}, {@code attempts}, {@code reason} and {@code dead_at}, spelt
 * as found at activation (H2, for one, stores unquoted names in upper case); and, where the inbox
 * has a {@code keyColumn} and the dead-letter table a column of the same name, that column: a
 * dead letter then keeps its message's key, an operator finds it by the key, and a requeue puts
 * the key back.
 *
 * @param id the dead row's id
 * @param queue its queue (filled only when the inbox has a queue column)
 * @param payload its payload
 * @param attempts the deliveries made, the last included
 * @param reason the listener's reason, or the last error
 * @param deadAt when it was dead-lettered
 * @param key its message's key, where the dead-letter table keeps it
 */
public record DeadLetterColumns(String id, String queue, String payload, String attempts, String reason,
        String deadAt, Optional<String> key) {

    /** The names as the README's {@code CREATE TABLE} spells them, without a key. */
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
        Objects.requireNonNull(key, "key");
    }

    /**
     * The columns of a dead-letter table that keeps no key.
     *
     * @param id the dead row's id
     * @param queue its queue
     * @param payload its payload
     * @param attempts the deliveries made
     * @param reason why
     * @param deadAt when
     */
    public DeadLetterColumns(String id, String queue, String payload, String attempts, String reason, String deadAt) {
        this(id, queue, payload, attempts, reason, deadAt, Optional.empty());
    }

    /**
     * @param column the dead-letter table's key column as stored, or null
     * @return these columns with that key column
     */
    public DeadLetterColumns withKey(String column) {
        return new DeadLetterColumns(id, queue, payload, attempts, reason, deadAt, Optional.ofNullable(column));
    }
}
