package io.inboxra.dialect;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The statements that settle a delivery in its transaction: an acknowledged row deleted or marked
 * processed (one, or a batch's in one statement), a failed one rescheduled, a dead one moved to the
 * dead letters or marked. Every {@link Dialect} has them, written in standard SQL from the table
 * description; a dialect overrides what its database spells otherwise. Each must change exactly
 * the rows it settles: the adapter treats any other count as a row it no longer holds.
 */
public interface SettlementStatements extends SqlSpelling {

    /**
     * The settlement of an acknowledged row: delete it, or set its processed-at column.
     * Binds {@link Param#ID}.
     *
     * @param spec the table
     * @return the statement; it must change exactly the claimed row
     */
    default Statement settle(TableSpec spec) {
        boolean fenced = spec.form() == Form.LEASE;
        String where = " WHERE " + quote(spec.idColumn()) + " = ?"
                + (fenced ? " AND " + quote(spec.lockedUntilColumn().orElseThrow()) + " = ?" : "") + unsettled(spec);
        Param[] params = fenced ? new Param[] {Param.ID, Param.TOKEN} : new Param[] {Param.ID};
        return spec.processedAtColumn()
                .map(column -> Statement.of("UPDATE " + table(spec) + " SET " + quote(column)
                        + " = " + currentTimestamp() + (fenced ? ", " + quote(spec.lockedUntilColumn().get()) + " = NULL" : "")
                        + where, params))
                .orElseGet(() -> Statement.of("DELETE FROM " + table(spec) + where, params));
    }

    /**
     * Whether a batch's acknowledged rows are settled each by {@link #settle}, the statements sent
     * as one JDBC batch, rather than together by {@link #settleAll}. Where the database may plan
     * {@code settleAll}'s id list as a scan of the table, a {@code DELETE} that scans waits for
     * every row another transaction holds (one held row stalls every batch for the statement
     * timeout, and batches deadlock with each other); looked up one by one by the primary key,
     * each waits for its own row only. InnoDB scans a table of fewer than about a hundred rows
     * for an id list of ten, whatever the index hints: the built-in MySQL and MariaDB dialects
     * answer true.
     *
     * @return true to settle a batch row by row; false (the default) for one {@code settleAll} statement
     */
    default boolean settlesBatchRowByRow() {
        return false;
    }

    /**
     * The settlement of a batch of acknowledged rows (row lock and advisory lock forms) in one statement: delete
     * them, or set their processed-at column. Binds {@link Param#ID} once per row, each the next
     * row's id, or {@link Param#IDS} once, the ids as an array. A batch of one runs {@link #settle}.
     *
     * <pre>{@code
     * DELETE FROM "jobs" WHERE "id" IN (?, ?, ?)   -- the default for three rows: binds ID, ID, ID
     * DELETE FROM "jobs" WHERE "id" = ANY(?)       -- PostgreSQL, whatever the size: binds IDS
     * }</pre>
     *
     * @param spec the table, in the row lock form
     * @param rows how many rows the statement settles
     * @return the statement; it must change exactly the batch's rows
     * @see #bindIds
     */
    default Statement settleAll(TableSpec spec, int rows) {
        StringBuilder in = new StringBuilder(" WHERE ").append(quote(spec.idColumn())).append(" IN (");
        Param[] params = new Param[rows];
        for (int i = 0; i < rows; i++) {
            in.append(i == 0 ? "?" : ", ?");
            params[i] = Param.ID;
        }
        in.append(')').append(unsettled(spec));
        return spec.processedAtColumn()
                .map(column -> Statement.of("UPDATE " + table(spec) + " SET " + quote(column) + " = "
                        + currentTimestamp() + in, params))
                .orElseGet(() -> Statement.of("DELETE FROM " + table(spec) + in, params));
    }

    /**
     * Reschedules a row: its due column becomes now plus {@link Param#DELAY} milliseconds
     * (database time), its attempt column (if any) grows by one, and in the lease form its lease
     * is cleared, fenced by {@link Param#TOKEN}. Binds DELAY, ID (and TOKEN).
     *
     * @param spec the table; it has a due column
     * @return the statement; it must change exactly the row
     * @throws StatementException {@link StatementException.Kind#UNSUPPORTED} where the dialect
     *         cannot add a delay to the database's clock
     */
    default Statement reschedule(TableSpec spec) throws StatementException {
        throw new StatementException(StatementException.Kind.UNSUPPORTED, name(),
                "this dialect cannot reschedule rows; retries and backoff need it");
    }

    /**
     * Dead-letters a row, in the delivery's transaction: moves it into the dead-letter table
     * ({@code id}, {@code queue} with a queue column, the key where both tables keep one
     * ({@link DeadLetterColumns#key()}), {@code payload}, {@code attempts},
     * {@code reason}, {@code dead_at}) and deletes it where the dead-letter table then holds the
     * same message (id and {@link #samePayload}: a different message under a repeated id leaves
     * the row, and the move changes no row), or sets its dead-at column (and grows its attempt
     * column). Binds {@link Param#ATTEMPT}, {@link Param#REASON}, {@link Param#ID} (and
     * {@link Param#TOKEN} in the lease form), each statement its own.
     *
     * @param spec the table; it has a dead-letter table or a dead-at column
     * @return the statements, run in order; the last must change exactly the row, and where it
     *         changes none the earlier ones must change none either (the adapter takes a copy made
     *         while the last step found the row changed for a row taken by another delivery meanwhile,
     *         and rolls the move back)
     */
    default List<Statement> deadLetter(TableSpec spec) {
        boolean fenced = spec.form() == Form.LEASE;
        String where = " WHERE " + quote(spec.idColumn()) + " = ?"
                + (fenced ? " AND " + quote(spec.lockedUntilColumn().orElseThrow()) + " = ?" : "") + unsettled(spec);
        List<Param> whereParams = new ArrayList<>(List.of(Param.ID));
        if (fenced) {
            whereParams.add(Param.TOKEN);
        }
        if (spec.deadAtColumn().isPresent()) {
            StringBuilder set = new StringBuilder(quote(spec.deadAtColumn().get()) + " = " + currentTimestamp());
            spec.attemptColumn().ifPresent(a -> set.append(", ").append(quote(a)).append(" = ").append(quote(a)).append(" + 1"));
            spec.lockedUntilColumn().ifPresent(l -> set.append(", ").append(quote(l)).append(" = NULL"));
            return List.of(new Statement("UPDATE " + table(spec) + " SET " + set + where, whereParams));
        }
        String deadLetters = deadLetterTable(spec);
        DeadLetterColumns dead = spec.deadLetterColumns();
        String queue = spec.queueColumn().map(q -> ", " + quote(dead.queue())).orElse("");
        String queueValue = spec.queueColumn().map(q -> ", " + quote(q)).orElse("");
        // Fenced like the DELETE (a lost lease moves nothing), and never a second copy: a row whose
        // identical copy an earlier failure left is then only deleted, instead of failing on the key for
        // ever; on PostgreSQL a duplicate key would also doom the whole transaction.
        List<Param> moveParams = new ArrayList<>(List.of(Param.ATTEMPT, Param.REASON));
        moveParams.addAll(whereParams);
        // The message's key goes with it where both tables keep one (a requeue puts it back).
        boolean keyed = spec.keyColumn().isPresent() && dead.key().isPresent();
        String key = keyed ? ", " + quote(dead.key().get()) : "";
        String keyValue = keyed ? ", " + quote(spec.keyColumn().get()) : "";
        Statement move = new Statement("INSERT INTO " + deadLetters + " (" + quote(dead.id()) + queue + key + ", "
                + quote(dead.payload()) + ", " + quote(dead.attempts()) + ", " + quote(dead.reason()) + ", " + quote(dead.deadAt())
                + ") SELECT " + quote(spec.idColumn()) + queueValue + keyValue + ", " + quote(spec.payloadColumn())
                + ", ?, ?, " + currentTimestamp() + " FROM " + table(spec) + where + " AND NOT EXISTS (SELECT 1 FROM "
                + deadLetters + " d WHERE d." + quote(dead.id()) + " = " + table(spec) + "." + quote(spec.idColumn()) + ")",
                moveParams);
        // Deleted only where the dead-letter table now holds the same message: a different one under
        // the same id (ids repeat: reused rowids, a reset sequence) leaves the row where it is.
        return List.of(move, new Statement("DELETE FROM " + table(spec) + where + " AND EXISTS (SELECT 1 FROM "
                + deadLetters + " d WHERE d." + quote(dead.id()) + " = " + table(spec) + "." + quote(spec.idColumn())
                + " AND " + samePayload("d." + quote(dead.payload()), table(spec) + "." + quote(spec.payloadColumn()))
                + ")", whereParams));
    }

    /**
     * Whether the dead-letter table holds a different message under the row {@link Param#ID}'s
     * id: the reason a dead-letter move changed no row, for the log. Binds ID.
     *
     * <pre>{@code
     * SELECT 1 FROM "dead_jobs" d, "jobs" WHERE "jobs"."id" = ? AND d."id" = "jobs"."id" AND NOT (d."payload" = "jobs"."payload")
     * }</pre>
     *
     * @param spec the table
     * @return the query, returning a row when there is such a message; empty without a dead-letter table
     *         (or with a dead-at column, which marks rows in place)
     */
    default Optional<Statement> deadLetterConflict(TableSpec spec) {
        if (spec.deadAtColumn().isPresent() || spec.deadLetterTable().isEmpty()) {
            return Optional.empty();
        }
        DeadLetterColumns dead = spec.deadLetterColumns();
        String inbox = table(spec);
        return Optional.of(Statement.of("SELECT 1 FROM " + deadLetterTable(spec) + " d, " + inbox + " WHERE "
                + inbox + "." + quote(spec.idColumn()) + " = ? AND d." + quote(dead.id()) + " = " + inbox + "."
                + quote(spec.idColumn()) + " AND NOT (" + samePayload("d." + quote(dead.payload()), inbox + "."
                + quote(spec.payloadColumn())) + ")", Param.ID));
    }

    /**
     * The condition each settlement adds, with a processed-at or a dead-at column: the row is not
     * settled yet. A second delivery of a row whose first settlement committed late (its second
     * phase failed and was retried while the row was claimable again) then changes no row, and
     * rolls back with the MDB's work, instead of settling the row twice.
     *
     * @param spec the table
     * @return {@code " AND processed_at IS NULL AND dead_at IS NULL"}, as far as the table has them
     */
    default String unsettled(TableSpec spec) {
        StringBuilder sql = new StringBuilder();
        spec.processedAtColumn().ifPresent(c -> sql.append(" AND ").append(quote(c)).append(" IS NULL"));
        spec.deadAtColumn().ifPresent(c -> sql.append(" AND ").append(quote(c)).append(" IS NULL"));
        return sql.toString();
    }

    /**
     * Binds a batch's ids as one value, where a statement binds {@link Param#IDS} (a
     * {@link #settleAll} that compares with an array, {@code "id" = ANY(?)}): the ids as an array
     * of the SQL type of the table's id column, read off their Java type. A dialect whose
     * statements bind {@link Param#ID} once per row (the default {@code IN (?, ?, ?)}) never needs it.
     *
     * <pre>{@code
     * // PostgreSQL: a bigint column's ids are Longs, bound as bigint[]
     * statement.setArray(index, connection.createArrayOf("bigint", ids.toArray()));
     * }</pre>
     *
     * @param connection the statement's connection, to create the array on
     * @param statement the statement to bind
     * @param index the placeholder's position, from 1
     * @param ids the batch's ids, in order, as the claim read them ({@code ResultSet.getObject}); at least one
     * @throws SQLException when the ids' type cannot be bound as an array, naming the type and the fix
     *         (an id column of another type, or {@code batchSize} 1); by default always: this dialect
     *         binds no {@code IDS}
     */
    default void bindIds(Connection connection, PreparedStatement statement, int index, List<Object> ids)
            throws SQLException {
        throw new SQLFeatureNotSupportedException("dialect '" + name() + "' binds no array of ids (Param.IDS):"
                + " write its settleAll with one Param.ID per row, or implement bindIds");
    }
}
