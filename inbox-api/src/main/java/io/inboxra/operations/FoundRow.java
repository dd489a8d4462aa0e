package io.inboxra.operations;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One row of a subscription as an operator's look-up finds it, by id ({@link SubscriptionView#findRow})
 * or by key ({@link SubscriptionView#findKey}).
 *
 * @param id the row's id, as text
 * @param key the message's key ({@code keyColumn}), where the table keeps one
 * @param place where it is
 * @param payload the payload's first {@value io.inboxra.dialect.OperatorQueries#PREVIEW_LENGTH} characters
 * @param attempts the failed deliveries so far (a dead letter: the deliveries made), where the table counts them
 * @param due when it is due, where the table has a {@code dueColumn} (rows in the inbox only)
 * @param reason why it is a dead letter ({@code cancelled} for a cancelled row), where the table keeps one
 * @param since when it was processed or dead-lettered, by the database's clock, where the table tells
 */
public record FoundRow(String id, Optional<String> key, RowPlace place, String payload, OptionalLong attempts,
        Optional<Instant> due, Optional<String> reason, Optional<Instant> since) {

    /** Checks that nothing is missing. */
    public FoundRow {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(place, "place");
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(attempts, "attempts");
        Objects.requireNonNull(due, "due");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(since, "since");
    }
}
