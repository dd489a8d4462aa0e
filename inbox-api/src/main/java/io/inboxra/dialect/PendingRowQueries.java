package io.inboxra.dialect;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The statements of an operator's look-up of a subscription's row, by id or by its message's key,
 * and of the cancel of a pending row ({@code SubscriptionView.findRow}, {@code findKey},
 * {@code cancel}). Every {@link Dialect} has them ({@link OperatorQueries} extends this), written
 * in standard SQL from the table description; a dialect overrides what its database spells
 * otherwise. The conformance kit's {@code PendingRowConformance} checks them.
 */
public interface PendingRowQueries extends SqlSpelling {

    /**
     * @param column the payload column, quoted
     * @return the payload's first characters as SQL ({@link OperatorQueries#payloadPreview}), or empty
     */
    Optional<String> payloadPreview(String column);

    /**
     * @param spec the table; it has a dead-letter table or a dead-at column
     * @param deadAt what their dead-at time must be, or null
     * @return the subscription's dead letters as SQL to follow {@code FROM} ({@link OperatorQueries#deadLetters})
     */
    String deadLetters(TableSpec spec, String deadAt);

    /**
     * One row of the inbox as an operator looks it up, of the subscription's queue and whatever
     * its state: by its id ({@link Param#ID}) or, with a {@code keyColumn}, by its key
     * ({@link Param#MESSAGE_KEY}). Read without locks. Its columns, in this order: the id; the key
     * (NULL without a key column); the payload's preview ({@link #payloadPreview}, or the whole
     * payload); the failed deliveries (the attempt column, NULL without one); the due time (NULL
     * without a due column); when it was marked processed and when it was marked dead (each NULL
     * where not marked or where the table has no such column); and 1 while a live lease holds it
     * (the lease form), else 0. Binds {@link Param#QUEUE} with a queue column, then ID or MESSAGE_KEY.
     *
     * <pre>{@code
     * SELECT "id", "message_key", "payload", "attempts", "due_at", "processed_at", NULL,
     *     CASE WHEN "locked_until" >= CURRENT_TIMESTAMP THEN 1 ELSE 0 END FROM "jobs" WHERE "queue" = ? AND "id" = ?
     * }</pre>
     *
     * @param spec the table; with {@code byKey}, it has a key column
     * @param byKey whether it looks the row up by its key instead of its id
     * @return the query
     */
    default Statement inboxRow(TableSpec spec, boolean byKey) {
        String payload = quote(spec.payloadColumn());
        String leased = spec.lockedUntilColumn().map(l -> "CASE WHEN " + quote(l) + " >= " + currentTimestamp()
                + " THEN 1 ELSE 0 END").orElse("0");
        List<Param> params = queueParams(spec);
        params.add(byKey ? Param.MESSAGE_KEY : Param.ID);
        String column = byKey ? spec.keyColumn().orElseThrow(() -> new IllegalStateException("no key column"))
                : spec.idColumn();
        return new Statement("SELECT " + quote(spec.idColumn()) + ", " + orNull(spec.keyColumn()) + ", "
                + payloadPreview(payload).orElse(payload) + ", " + orNull(spec.attemptColumn()) + ", "
                + orNull(spec.dueColumn()) + ", " + orNull(spec.processedAtColumn()) + ", " + orNull(spec.deadAtColumn())
                + ", " + leased + " FROM " + table(spec) + " WHERE " + queueCondition(spec.queueColumn(), "")
                + quote(column) + " = ?", params);
    }

    /**
     * The operator's cancel takes hold of a pending row: the row {@link Param#ID} of the queue, not
     * marked processed, not marked dead, not under a live lease (the lease form), locked until the
     * cancel's transaction ends, <em>without waiting</em>: a row another transaction holds (a
     * delivery in work, a prepared branch) is skipped, and the query returns no row. Returns the
     * row's id and its failed deliveries (the attempt column, 0 without one). Binds
     * {@link Param#QUEUE} with a queue column, then ID.
     *
     * <p>By default {@code FOR UPDATE SKIP LOCKED} at the end (PostgreSQL, MySQL, MariaDB, H2,
     * Oracle); {@link StandardRowLock} writes it with its {@code rowLocking} (SQL Server's
     * {@code WITH (UPDLOCK, READPAST, ROWLOCK)}); a database without row locks (SQLite, whose
     * writers take turns) leaves the lock out: {@code pendingRowQuery(spec, new RowLocking("", ""))}.
     *
     * <pre>{@code
     * SELECT "id", "attempts" FROM "jobs" h WHERE "queue" = ? AND "id" = ? AND "processed_at" IS NULL
     *     AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) FOR UPDATE SKIP LOCKED
     * }</pre>
     *
     * @param spec the table
     * @return the query
     */
    default Statement holdPendingRow(TableSpec spec) {
        return pendingRowQuery(spec, RowLocking.SKIP_LOCKED);
    }

    /**
     * {@link #holdPendingRow}'s query, its table aliased {@code h}, locked as given.
     *
     * @param spec the table
     * @param locking the table hints and the clause at the end
     * @return the query
     */
    default Statement pendingRowQuery(TableSpec spec, RowLocking locking) {
        List<Param> params = queueParams(spec);
        params.add(Param.ID);
        StringBuilder where = new StringBuilder(queueCondition(spec.queueColumn(), "")).append(quote(spec.idColumn()))
                .append(" = ?");
        spec.processedAtColumn().ifPresent(c -> where.append(" AND ").append(quote(c)).append(" IS NULL"));
        spec.deadAtColumn().ifPresent(c -> where.append(" AND ").append(quote(c)).append(" IS NULL"));
        spec.lockedUntilColumn().ifPresent(l -> where.append(" AND (").append(quote(l)).append(" IS NULL OR ")
                .append(quote(l)).append(" < ").append(currentTimestamp()).append(')'));
        return new Statement("SELECT " + quote(spec.idColumn()) + ", " + spec.attemptColumn().map(this::quote).orElse("0")
                + " FROM " + table(spec) + " h" + locking.tableHints() + " WHERE " + where + locking.clause(), params);
    }

    /** @return the quoted column, or {@code NULL} */
    private String orNull(Optional<String> column) {
        return column.map(this::quote).orElse("NULL");
    }

    /**
     * The subscription's dead letters of a message's key ({@link Param#MESSAGE_KEY}), where the
     * dead-letter table keeps the key ({@link DeadLetterColumns#key()}), with the columns of
     * {@link OperatorQueries#deadLetterList} and the key last: id, payload's preview, attempts, reason, dead-at,
     * key. The dead-at style needs none: its dead letters stay in the inbox ({@link #inboxRow}).
     * Binds {@link Param#QUEUE} with a queue column, then MESSAGE_KEY.
     *
     * @param spec the table
     * @return the query, or empty where the dead letters keep no key in a table of their own
     */
    default Optional<Statement> deadLettersByKey(TableSpec spec) {
        Optional<String> key = spec.deadLetterColumns().key();
        if (spec.deadAtColumn().isPresent() || spec.deadLetterTable().isEmpty() || spec.keyColumn().isEmpty()
                || key.isEmpty()) {
            return Optional.empty();
        }
        DeadLetterColumns dead = spec.deadLetterColumns();
        String payload = quote(dead.payload());
        String from = deadLetters(spec, null);
        List<Param> params = queueParams(spec);
        params.add(Param.MESSAGE_KEY);
        return Optional.of(new Statement("SELECT " + quote(dead.id()) + ", " + payloadPreview(payload).orElse(payload)
                + ", " + quote(dead.attempts()) + ", " + quote(dead.reason()) + ", " + quote(dead.deadAt()) + ", " + quote(key.get()) + " FROM " + from + (from.contains(" WHERE ") ? " AND " : " WHERE ")
                + quote(key.get()) + " = ?", params));
    }

    /** @return {@code "queue = ? AND "} with the column, prefixed, or nothing */
    private String queueCondition(Optional<String> queueColumn, String prefix) {
        return queueColumn.map(q -> prefix + quote(q) + " = ? AND ").orElse("");
    }

    /** @return a list of {@link Param#QUEUE} with a queue column, else empty, to add to */
    private static List<Param> queueParams(TableSpec spec) {
        List<Param> params = new ArrayList<>();
        spec.queueColumn().ifPresent(q -> params.add(Param.QUEUE));
        return params;
    }
}
