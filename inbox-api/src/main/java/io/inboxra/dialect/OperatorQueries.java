package io.inboxra.dialect;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The statements an operator's view of a subscription runs ({@code io.inboxra.operations}): its
 * backlog, the rows in work, its dead letters, requeueing and discarding them; and, from
 * {@link PendingRowQueries}, the look-up of a row and the cancel of a pending one. Every
 * {@link Dialect} has them, written in standard SQL from the table description; a dialect
 * overrides what its database spells otherwise.
 */
public interface OperatorQueries extends PendingRowQueries {

    /**
     * The subscription's backlog, for operators: one row of the claimable rows' count, their
     * smallest due time (NULL without a due column), their smallest id, and the database's
     * current time, in that order. Binds the claim's conditions ({@link Param#QUEUE}).
     *
     * @param spec the table
     * @return the query, or empty where the dialect cannot tell (then the backlog is unknown)
     */
    default Optional<Statement> backlog(TableSpec spec) {
        return Optional.empty();
    }

    /**
     * The rows in work, where the form makes them visible: the count of live leases (lease
     * form). Binds {@link Param#QUEUE} with a queue column.
     *
     * @param spec the table
     * @return the query, or empty in the row lock and advisory forms, whose locks no query sees
     */
    default Optional<Statement> inWork(TableSpec spec) {
        return spec.lockedUntilColumn().map(lu -> new Statement("SELECT COUNT(*) FROM " + table(spec) + " WHERE "
                + queueCondition(spec.queueColumn(), "") + quote(lu) + " >= " + currentTimestamp(), queueParams(spec)));
    }

    /**
     * The subscription's dead letters: a count of the dead-letter table's rows of the queue, or
     * of the inbox rows marked in the dead-at column. Binds {@link Param#QUEUE} with a queue column.
     *
     * @param spec the table; it has a dead-letter table or a dead-at column
     * @return the query
     */
    default Statement deadLetterCount(TableSpec spec) {
        return new Statement("SELECT COUNT(*) FROM " + deadLetters(spec), queueParams(spec));
    }

    /**
     * The ids of the subscription's dead letters, one per row. Binds {@link Param#QUEUE} with a queue column.
     *
     * @param spec the table; it has a dead-letter table or a dead-at column
     * @return the query
     */
    default Statement deadLetterIds(TableSpec spec) {
        String id = spec.deadAtColumn().isPresent() ? spec.idColumn() : spec.deadLetterColumns().id();
        return new Statement("SELECT " + quote(id) + " FROM " + deadLetters(spec), queueParams(spec));
    }

    /** How much of each payload the dead-letter listing shows: 4096 characters (or bytes, of a binary payload). */
    int PREVIEW_LENGTH = 4096;

    /**
     * The size in bytes of a payload, as SQL ({@code octet_length(x)}): a claim leaves out a payload
     * over {@link TableSpec#maxPayloadBytes()} and returns this instead ({@link Label#PAYLOAD_BYTES});
     * the dead-letter listing shows it beside each payload's preview.
     *
     * <p>Empty by default, for a dialect written before this method: its claims then select every
     * payload whole, and the adapter dead-letters a row over {@code maxPayloadBytes} after reading
     * it (as it always did). Override it with your database's byte length function:
     * {@code octet_length(x)} (PostgreSQL, H2), {@code LENGTH(x)} (MySQL, MariaDB),
     * {@code DATALENGTH(x)} (SQL Server).
     *
     * @param column the payload column, quoted
     * @return the expression, or empty where the dialect has none
     */
    default Optional<String> payloadBytes(String column) {
        return Optional.empty();
    }

    /**
     * The first {@link #PREVIEW_LENGTH} characters (bytes, of a binary column) of a payload, as SQL,
     * for the dead-letter listing ({@code SUBSTRING(x FROM 1 FOR 4096)}).
     *
     * <p>Empty by default: the listing then reads each payload whole and the adapter cuts it to the
     * preview; {@link #deadLetterById} always reads the whole payload.
     *
     * @param column the payload column, quoted
     * @return the expression, or empty where the dialect has none
     */
    default Optional<String> payloadPreview(String column) {
        return Optional.empty();
    }

    /**
     * The subscription's dead letters, newest first (then by id, highest first), for reading: their id, payload's
     * preview ({@link #payloadPreview}, or the whole payload where the dialect has none), attempts
     * (NULL without an attempt column in the dead-at style), reason (NULL in the dead-at style,
     * which keeps none) and dead-at time, in that order, and then the payload's size in bytes
     * where the dialect tells it ({@link #payloadBytes}). The caller limits the rows it reads.
     * Binds {@link Param#QUEUE} with a queue column.
     *
     * @param spec the table; it has a dead-letter table or a dead-at column
     * @return the query
     */
    default Statement deadLetterList(TableSpec spec) {
        String payload = quote(spec.deadAtColumn().isPresent() ? spec.payloadColumn() : spec.deadLetterColumns().payload());
        String size = payloadBytes(payload).map(bytes -> ", " + bytes).orElse("");
        return new Statement("SELECT " + deadLetterColumns(spec, payloadPreview(payload).orElse(payload)) + size
                + " FROM " + deadLetters(spec) + " ORDER BY " + deadLetterOrder(spec), queueParams(spec));
    }

    /**
     * One dead letter of the subscription, whole: its id, payload, attempts, reason and dead-at
     * time, as {@link #deadLetterList} reads them but with the whole payload. Binds
     * {@link Param#QUEUE} with a queue column, then {@link Param#ID}.
     *
     * @param spec the table; it has a dead-letter table or a dead-at column
     * @return the query
     */
    default Statement deadLetterById(TableSpec spec) {
        String payload = quote(spec.deadAtColumn().isPresent() ? spec.payloadColumn() : spec.deadLetterColumns().payload());
        String id = quote(spec.deadAtColumn().isPresent() ? spec.idColumn() : spec.deadLetterColumns().id());
        String from = deadLetters(spec);
        List<Param> params = queueParams(spec);
        params.add(Param.ID);
        return new Statement("SELECT " + deadLetterColumns(spec, payload) + " FROM " + from
                + (from.contains(" WHERE ") ? " AND " : " WHERE ") + id + " = ?", params);
    }

    /** @return id, the payload as given, attempts, reason, dead-at: the listing's columns */
    private String deadLetterColumns(TableSpec spec, String payload) {
        if (spec.deadAtColumn().isPresent()) {
            return quote(spec.idColumn()) + ", " + payload + ", "
                    + spec.attemptColumn().map(this::quote).orElse("NULL") + ", NULL, " + quote(spec.deadAtColumn().get());
        }
        DeadLetterColumns dead = spec.deadLetterColumns();
        return quote(dead.id()) + ", " + payload + ", " + quote(dead.attempts()) + ", " + quote(dead.reason()) + ", "
                + quote(dead.deadAt());
    }

    /** @return newest first, then by id, highest first */
    private String deadLetterOrder(TableSpec spec) {
        if (spec.deadAtColumn().isPresent()) {
            return quote(spec.deadAtColumn().get()) + " DESC, " + quote(spec.idColumn()) + " DESC";
        }
        DeadLetterColumns dead = spec.deadLetterColumns();
        return quote(dead.deadAt()) + " DESC, " + quote(dead.id()) + " DESC";
    }

    /**
     * Requeues dead letters, all of the queue or the one of {@link Param#ID}: moved from the
     * dead-letter table into the inbox (id, queue and payload kept, and the key where both tables
     * keep one; the attempt column 0, the due column now; a dead letter whose id, or key, is in the
     * inbox already is not copied) and then
     * deleted from the dead-letter table where the inbox holds the same message, not processed
     * (a different message under its id leaves the dead letter in place); or the dead-at column
     * cleared (the attempt column 0, the due column now). Binds {@link Param#QUEUE} with a queue
     * column, then ID when {@code oneRow}, each statement its own.
     *
     * @param spec the table; it has a dead-letter table or a dead-at column
     * @param oneRow whether the statements requeue the row {@link Param#ID} only
     * @return the statements, run in order in one transaction; the first's count is the rows requeued
     */
    default List<Statement> requeue(TableSpec spec, boolean oneRow) {
        List<Param> params = queueParams(spec);
        if (oneRow) {
            params.add(Param.ID);
        }
        StringBuilder reset = new StringBuilder();
        spec.attemptColumn().ifPresent(a -> reset.append(", ").append(quote(a)).append(" = 0"));
        spec.dueColumn().ifPresent(d -> reset.append(", ").append(quote(d)).append(" = ").append(currentTimestamp()));
        if (spec.deadAtColumn().isPresent()) {
            String id = oneRow ? " AND " + quote(spec.idColumn()) + " = ?" : "";
            return List.of(new Statement("UPDATE " + table(spec) + " SET " + quote(spec.deadAtColumn().get()) + " = NULL"
                    + reset + " WHERE " + queueCondition(spec.queueColumn(), "") + quote(spec.deadAtColumn().get())
                    + " IS NOT NULL" + id, params));
        }
        DeadLetterColumns dead = spec.deadLetterColumns();
        String deadLetters = deadLetterTable(spec);
        StringBuilder columns = new StringBuilder(quote(spec.idColumn()));
        StringBuilder values = new StringBuilder("d." + quote(dead.id()));
        spec.queueColumn().ifPresent(q -> {
            columns.append(", ").append(quote(q));
            values.append(", d.").append(quote(dead.queue()));
        });
        boolean keyed = spec.keyColumn().isPresent() && dead.key().isPresent();
        if (keyed) {
            columns.append(", ").append(quote(spec.keyColumn().get()));
            values.append(", d.").append(quote(dead.key().get()));
        }
        columns.append(", ").append(quote(spec.payloadColumn()));
        values.append(", d.").append(quote(dead.payload()));
        spec.attemptColumn().ifPresent(a -> {
            columns.append(", ").append(quote(a));
            values.append(", 0");
        });
        spec.dueColumn().ifPresent(d -> {
            columns.append(", ").append(quote(d));
            values.append(", ").append(currentTimestamp());
        });
        String id = oneRow ? "d." + quote(dead.id()) + " = ? AND " : "";
        Statement move = new Statement("INSERT INTO " + table(spec) + " (" + columns + ") SELECT " + values + " FROM "
                + deadLetters + " d WHERE " + queueCondition(spec.queueColumn().map(q -> dead.queue()), "d.") + id
                + "NOT EXISTS (SELECT 1 FROM " + table(spec) + " x WHERE x." + quote(spec.idColumn()) + " = d."
                + quote(dead.id()) + ")" + (keyed ? " AND NOT EXISTS (SELECT 1 FROM " + table(spec) + " k WHERE k."
                + quote(spec.keyColumn().get()) + " = d." + quote(dead.key().get()) + ")" : ""), params);
        // Deleted only where the inbox now holds the same message, not yet processed: a dead letter
        // whose id a different row holds stays where it is.
        Statement delete = new Statement("DELETE FROM " + deadLetters + " WHERE "
                + queueCondition(spec.queueColumn().map(q -> dead.queue()), "") + (oneRow ? quote(dead.id()) + " = ? AND " : "")
                + "EXISTS (SELECT 1 FROM " + table(spec) + " x WHERE x." + quote(spec.idColumn()) + " = " + deadLetters
                + "." + quote(dead.id()) + " AND " + samePayload("x." + quote(spec.payloadColumn()), deadLetters + "."
                + quote(dead.payload())) + spec.processedAtColumn().map(p -> " AND x." + quote(p) + " IS NULL").orElse("")
                + ")", params);
        return List.of(move, delete);
    }

    /**
     * Deletes the subscription's dead letters dead-lettered before the database's clock plus
     * {@link Param#DELAY} milliseconds (bound negative: the age). Binds {@link Param#QUEUE} with a
     * queue column, then DELAY.
     *
     * @param spec the table; it has a dead-letter table or a dead-at column
     * @return the statement
     * @throws StatementException {@link StatementException.Kind#UNSUPPORTED} where the dialect
     *         cannot subtract from the database's clock
     */
    default Statement discardDeadLetters(TableSpec spec) throws StatementException {
        throw new StatementException(StatementException.Kind.UNSUPPORTED, name(),
                "this dialect cannot discard dead letters by age");
    }

    /**
     * The subscription's dead letters, as SQL to follow {@code FROM}: the dead-letter table's rows
     * of the queue, or the inbox rows of the queue marked dead. Binds {@link Param#QUEUE} with a
     * queue column.
     *
     * @param spec the table; it has a dead-letter table or a dead-at column
     * @param deadAt what their dead-at time must be, as SQL to follow the column ({@code " < ..."}), or null
     * @return {@code "table WHERE ..."}
     */
    default String deadLetters(TableSpec spec, String deadAt) {
        List<String> conditions = new ArrayList<>();
        String column = quote(spec.deadAtColumn().orElse(spec.deadLetterColumns().deadAt()));
        if (spec.deadAtColumn().isPresent()) {
            spec.queueColumn().ifPresent(q -> conditions.add(quote(q) + " = ?"));
            conditions.add(column + " IS NOT NULL");
        } else {
            spec.queueColumn().ifPresent(q -> conditions.add(quote(spec.deadLetterColumns().queue()) + " = ?"));
        }
        if (deadAt != null) {
            conditions.add(column + deadAt);
        }
        return deadLetterTable(spec) + (conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions));
    }

    private String deadLetters(TableSpec spec) {
        return deadLetters(spec, null);
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
