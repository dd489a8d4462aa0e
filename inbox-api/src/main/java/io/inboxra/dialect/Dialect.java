package io.inboxra.dialect;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.transaction.xa.XAResource;

/**
 * The SQL of one database. The forms a database can claim in are capabilities: a dialect
 * implements {@link RowLock}, {@link Lease} and {@link Advisory} where its database can do them, and a subscription whose form its dialect lacks fails
 * validation.
 *
 * <p>Other capabilities are optional, each an interface to implement where the database has it:
 * {@link Notifications} (a subscription's wake-up by {@code notifyChannel}), {@link LockWaits}
 * (seeing a session wait for a row lock), {@link RowClaimGuard} (a guard of each claimed row) and
 * {@link ClaimOrderIndex} (the advice of an index for the claim order). A dialect also tells the
 * oldest version of its database it serves ({@link #databaseVersion}, {@link #minimumVersion},
 * {@link #requireVersion}) and, where its batch settlement binds the ids as one array, how to
 * bind them ({@link #bindIds}). The conformance kit ({@code inbox-dialect-tck}) checks each against
 * the real database.
 *
 * <p>The defaults are standard SQL; a dialect overrides what its database spells otherwise.
 * {@link StandardDialect} and {@link StandardRowLock} write the claims from the claim rules
 * ({@link ClaimClauses}), so a dialect of its own overrides only its database's spelling. A
 * dialect of the application's own is named by class name in the {@code dialect} property and
 * needs a public no-argument constructor:
 *
 * <pre>{@code
 * public class SqlServerDialect extends StandardRowLock {
 *     public String name() { return "sqlserver"; }
 *     public String quote(String identifier) { return "[" + identifier + "]"; }
 *     protected String later() { return "DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP)"; }
 *     protected RowLimit rowLimit() { return RowLimit.TOP; }
 *     protected RowLocking rowLocking(TableSpec spec) { return RowLocking.tableHints(" WITH (UPDLOCK, READPAST, ROWLOCK)"); }
 *     public Statement claimSavepoint() { return Statement.of("SAVE TRANSACTION inbox_claimed"); }
 *     public Statement rollbackToClaimSavepoint() { return Statement.of("ROLLBACK TRANSACTION inbox_claimed"); }
 * }
 * }</pre>
 */
public interface Dialect extends OperatorQueries {

    /** @return the dialect's name, as in logs and error messages */
    @Override
    String name();

    /**
     * Quotes one identifier (already checked to be letters, digits, {@code _} and {@code $}).
     *
     * @param identifier a table, schema or column name
     * @return the identifier, quoted for this database
     */
    @Override
    default String quote(String identifier) {
        return '"' + identifier + '"';
    }

    /**
     * The database's current time, as SQL, at the precision of the table's time columns.
     *
     * @return {@code CURRENT_TIMESTAMP} by default
     */
    @Override
    default String currentTimestamp() {
        return "CURRENT_TIMESTAMP";
    }

    /**
     * The table's name as SQL: each part of {@code schema.table} quoted.
     *
     * @param spec the table
     * @return the quoted, possibly qualified name
     */
    @Override
    default String table(TableSpec spec) {
        String[] parts = spec.table().split("\\.");
        StringBuilder sql = new StringBuilder();
        for (String part : parts) {
            if (sql.length() > 0) {
                sql.append('.');
            }
            sql.append(quote(part));
        }
        return sql.toString();
    }

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
     * @return the statements, run in order; the last must change exactly the row
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
        String deadLetters = deadLetterTableName(spec);
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
        return Optional.of(Statement.of("SELECT 1 FROM " + deadLetterTableName(spec) + " d, " + inbox + " WHERE "
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

    private String deadLetterTableName(TableSpec spec) {
        return spec.deadLetterTable().map(t -> {
            StringBuilder sql = new StringBuilder();
            for (String part : t.split("\\.")) {
                sql.append(sql.length() > 0 ? "." : "").append(quote(part));
            }
            return sql.toString();
        }).orElseThrow(() -> new IllegalStateException("no dead-letter table or dead-at column"));
    }

    /**
     * The FIFO guard of the row lock form: takes the group {@link Param#GROUP} for the claim's
     * transaction, until it ends, and returns one row with {@code true} when it did.
     *
     * @param spec the table, with FIFO groups
     * @return the statement, or empty when the dialect keeps no FIFO groups in the row lock form
     */
    default Optional<Statement> fifoGuard(TableSpec spec) {
        return Optional.empty();
    }

    /**
     * Releases the FIFO guard of the group {@link Param#GROUP} once the claim's transaction has
     * ended, for databases whose guard outlives the transaction (a session lock).
     *
     * @param spec the table, with FIFO groups
     * @return the statement, or empty when the guard ends with the transaction
     */
    default Optional<Statement> fifoRelease(TableSpec spec) {
        return Optional.empty();
    }

    /**
     * The FIFO guard of the row lock form with {@link TableSpec#groupConcurrency()} above 1: takes the
     * slot {@link Param#SLOT} of the group {@link Param#GROUP} for the claim's transaction, until it ends,
     * and returns one row with {@code true} when it did, {@code false} (never waiting) when another
     * transaction holds it. A group has {@code groupConcurrency} slots, so no more rows of a group are in
     * work at once, across workers and servers, even when a row enters the group ahead of those in work.
     * The adapter tries a row's group's slots in turn, never one its own transaction took already (a lock
     * its session holds may be taken again).
     *
     * <pre>{@code
     * SELECT pg_try_advisory_xact_lock(hashtext('jobs'), hashtext(?::text || ':' || ?::text))  -- GROUP, SLOT
     * }</pre>
     *
     * @param spec the table, with FIFO groups
     * @return the statement, or empty when the dialect keeps no group in the row lock form with more than one
     *         row in work (the activation then refuses a {@code groupConcurrency} above 1)
     */
    default Optional<Statement> fifoSlotGuard(TableSpec spec) {
        return Optional.empty();
    }

    /**
     * Releases the slot {@link Param#SLOT} of the group {@link Param#GROUP} once the claim's transaction has
     * ended, for databases whose {@link #fifoSlotGuard} outlives the transaction (a session lock).
     *
     * @param spec the table, with FIFO groups
     * @return the statement, or empty when the slot is let go with the transaction
     */
    default Optional<Statement> fifoSlotRelease(TableSpec spec) {
        return Optional.empty();
    }

    /**
     * The insert of one row that inserts nothing where the table already holds a row with the
     * same key ({@code SendOptions.key}: receiving each message once). It binds the values of
     * {@link KeyedInsert#columns()} in order, by position. Its {@code executeUpdate} returns 1 when
     * it inserted the row and 0 when the key was there, and then it must leave the caller's
     * transaction going, and must not hide any other error (a {@code NOT NULL}, another unique
     * index, a wrong type), as MySQL's {@code INSERT IGNORE} would. A database that raises an error
     * instead when the key is there (or when a concurrent insert of the key commits first) says so
     * by {@link #isKeyPresent}; the error must then have ended only the statement.
     *
     * <p>The default is the standard {@code MERGE}, right for H2 (whose unique violation under a
     * concurrent insert ends only the statement). On PostgreSQL it is not: a {@code MERGE} that
     * meets a concurrent insert of the key raises a unique violation that dooms the transaction,
     * so a PostgreSQL dialect of the application's own overrides it with {@code ON CONFLICT}. The
     * conformance kit ({@code CapabilityConformance}) checks both cases, one after the other and
     * two transactions at once.
     *
     * <pre>{@code
     * -- the default, standard SQL (H2); PostgreSQL and SQLite: INSERT ... ON CONFLICT (message_key) DO NOTHING
     * MERGE INTO payments_in t USING (VALUES (?, ?)) s (payload, message_key) ON t.message_key = s.message_key
     *     WHEN NOT MATCHED THEN INSERT (payload, message_key) VALUES (s.payload, s.message_key)
     * }</pre>
     *
     * @param insert the table, its columns and its key column
     * @return the statement's SQL
     * @throws StatementException {@link StatementException.Kind#UNSUPPORTED} where the dialect has none
     */
    default String insertIfAbsent(KeyedInsert insert) throws StatementException {
        StringBuilder source = new StringBuilder();
        StringBuilder values = new StringBuilder();
        for (String column : insert.columns()) {
            source.append(source.length() == 0 ? "" : ", ").append(column);
            values.append(values.length() == 0 ? "" : ", ").append("s.").append(column);
        }
        return "MERGE INTO " + insert.table() + " t USING (VALUES (" + insert.placeholders() + ")) s (" + source
                + ") ON t." + insert.keyColumn() + " = s." + insert.keyColumn() + " WHEN NOT MATCHED THEN INSERT ("
                + insert.columnList() + ") VALUES (" + values + ")";
    }

    /**
     * Whether a failed {@link #insertIfAbsent} failed only because the table already holds a row
     * with the key: where the database raises a unique violation instead of inserting nothing (a
     * concurrent insert of the key that committed while this one waited, or a dialect whose insert
     * is a plain {@code INSERT}). The failure must have ended only the statement, not the
     * transaction (PostgreSQL's would end the transaction: its dialect never raises one).
     *
     * <pre>{@code
     * // MySQL and MariaDB: "Duplicate entry 'msg-42' for key 'message_key'"
     * return failure.getErrorCode() == 1062 && failure.getMessage().contains("'" + key);
     * }</pre>
     *
     * @param failure what the insert raised
     * @param key the key it inserted
     * @return {@code false} by default: every failure is a failure
     */
    default boolean isKeyPresent(SQLException failure, String key) {
        return false;
    }

    /**
     * Deletes up to {@link Param#LIMIT} rows whose processed-at mark is older than
     * {@link Param#AGE} milliseconds: the retention sweep.
     *
     * @param spec the table, with a processed-at column
     * @return the statement
     * @throws StatementException {@link StatementException.Kind#UNSUPPORTED} where the dialect has none
     */
    default Statement purge(TableSpec spec) throws StatementException {
        throw new StatementException(StatementException.Kind.UNSUPPORTED, name(),
                "this dialect cannot delete processed rows after their retention; remove 'retention'");
    }

    /**
     * The partitions of the table that the retention sweep may drop whole instead of deleting
     * their rows, for a table partitioned by range of one time column (its due, creation or
     * processed-at time): those whose whole range lies before now minus {@link Param#AGE}
     * milliseconds. Returns one row per partition, its name as SQL in the first column, oldest
     * first; none where the table is not so partitioned. Binds AGE.
     *
     * @param spec the table, with a processed-at column
     * @return the query
     * @throws StatementException {@link StatementException.Kind#UNSUPPORTED} by default: the
     *         retention sweep then deletes rows only
     */
    default Statement expiredPartitions(TableSpec spec) throws StatementException {
        throw new StatementException(StatementException.Kind.UNSUPPORTED, name(),
                "this dialect drops no partitions; the retention sweep deletes processed rows one by one");
    }

    /**
     * How the retention sweep drops one partition that {@link #expiredPartitions} named, in one
     * transaction: the locks, the check for a row to keep, the detach and drop.
     *
     * @param spec the table, with a processed-at column
     * @param partition the partition's name, as {@link #expiredPartitions} returned it
     * @return the statements
     * @throws StatementException {@link StatementException.Kind#UNSUPPORTED} by default
     */
    default PartitionDrop partitionDrop(TableSpec spec, String partition) throws StatementException {
        throw new StatementException(StatementException.Kind.UNSUPPORTED, name(),
                "this dialect drops no partitions; the retention sweep deletes processed rows one by one");
    }

    /**
     * How far ahead the partitions of a table partitioned by range of its due column take due
     * times: one row, its one column the milliseconds from now to the greatest upper bound of the
     * partitions (negative when it has passed), or NULL where a {@code DEFAULT} partition, or one
     * up to {@code MAXVALUE}, takes any later time; no row where the table is not partitioned by
     * range of its due column. A retry writes its row's due time, and where no partition takes it
     * the database refuses the write: the activation warns when the partitions end too soon.
     * Binds nothing.
     *
     * @param spec the table, with a due column
     * @return the query, or empty (the default) where the dialect cannot tell
     */
    default Optional<Statement> duePartitionsAhead(TableSpec spec) {
        return Optional.empty();
    }

    /**
     * Marks the row lock claim's point in the delivery's transaction: a delivery that fails rolls
     * back to it, keeping the claim's locks, and records its failure before anyone can claim the row.
     *
     * @return {@code SAVEPOINT inbox_claimed} by default (SQL Server: {@code SAVE TRANSACTION inbox_claimed})
     */
    default Statement claimSavepoint() {
        return Statement.of("SAVEPOINT inbox_claimed");
    }

    /**
     * Rolls the delivery's transaction back to {@link #claimSavepoint()}.
     *
     * @return {@code ROLLBACK TO SAVEPOINT inbox_claimed} by default (SQL Server:
     *         {@code ROLLBACK TRANSACTION inbox_claimed})
     */
    default Statement rollbackToClaimSavepoint() {
        return Statement.of("ROLLBACK TO SAVEPOINT inbox_claimed");
    }

    /**
     * A cheap query, run outside any transaction, that returns a row when the table may hold
     * a claimable row. Idle workers run it instead of opening a transaction per poll.
     *
     * @param spec the table
     * @return the probe, or empty to claim on every poll
     */
    default Optional<Statement> probe(TableSpec spec) {
        return Optional.empty();
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

    /**
     * The database this dialect finds itself on, read from the metadata, when it is this
     * dialect's own database: its product, its version's text and numbers. A dialect named for a
     * compatible database of another product (the {@code mysql} dialect on MariaDB is its own, a
     * PostgreSQL dialect on a database that speaks PostgreSQL's protocol is not) finds nothing,
     * and refuses no version.
     *
     * <pre>{@code
     * public Optional<DatabaseVersion> databaseVersion(DatabaseMetaData metadata) throws SQLException {
     *     String product = metadata.getDatabaseProductName();
     *     return product.equals("Microsoft SQL Server")
     *             ? Optional.of(new DatabaseVersion(product, metadata.getDatabaseProductVersion(),
     *                     Version.parse(metadata.getDatabaseProductVersion())))
     *             : Optional.empty();
     * }
     * }</pre>
     *
     * @param metadata the metadata of a connection to the database
     * @return the database, or empty (the default) where the dialect does not tell
     * @throws SQLException when the metadata cannot be read
     */
    default Optional<DatabaseVersion> databaseVersion(DatabaseMetaData metadata) throws SQLException {
        return Optional.empty();
    }

    /**
     * The statement that sets, once for a whole session, how long any of its statements may run
     * before the database cancels it ({@code statementTimeout}), where the database has such a
     * setting. The adapter runs it when it opens a connection, outside any transaction, and then
     * sets no timeout on each statement: a JDBC driver may keep a timer task per statement for
     * {@code setQueryTimeout} (the PostgreSQL driver does), which costs every claim and settlement.
     * Empty (the default): each statement gets {@code setQueryTimeout}.
     *
     * <pre>{@code
     * public Optional<Statement> sessionStatementTimeout(Duration timeout) {
     *     return Optional.of(Statement.of("SET statement_timeout = " + timeout.toMillis()));
     * }
     * }</pre>
     *
     * @param timeout the longest a statement may run
     * @return the statement (it binds nothing), or empty
     */
    default Optional<Statement> sessionStatementTimeout(java.time.Duration timeout) {
        return Optional.empty();
    }

    /**
     * The oldest version of the database that this dialect's statements of the form run on, and
     * what they need of it.
     *
     * <pre>{@code
     * public Optional<MinimumVersion> minimumVersion(DatabaseVersion database, Form form) {
     *     return Optional.of(new MinimumVersion(Version.of(11, 0), "READPAST"));
     * }
     * }</pre>
     *
     * @param database the database, as {@link #databaseVersion} found it (a dialect serving two
     *        products, as {@code mysql} serves MySQL and MariaDB, has a minimum for each)
     * @param form the subscription's form
     * @return the minimum, or empty (the default) where any version serves
     */
    default Optional<MinimumVersion> minimumVersion(DatabaseVersion database, Form form) {
        return Optional.empty();
    }

    /**
     * Refuses, at activation, a database too old for the dialect's statements in the form, before
     * any of them runs: by default, where {@link #databaseVersion} finds the database and
     * {@link #minimumVersion} names a minimum, a version before it ({@link MinimumVersion#require}).
     * A dialect overrides it for a message of its own (PostgreSQL's lease form names the forms
     * that still serve).
     *
     * @param metadata the metadata of a connection to the database
     * @param form the subscription's form
     * @throws UnsupportedVersionException naming the database and its version, the dialect, the
     *         version and feature needed, and the fix
     * @throws SQLException when the metadata cannot be read
     */
    default void requireVersion(DatabaseMetaData metadata, Form form) throws UnsupportedVersionException, SQLException {
        Optional<DatabaseVersion> found = databaseVersion(metadata);
        if (found.isPresent()) {
            Optional<MinimumVersion> minimum = minimumVersion(found.get(), form);
            if (minimum.isPresent()) {
                minimum.get().require(name(), found.get());
            }
        }
    }

    /**
     * The XA resource through which the adapter drives a delivery's branch on one of this
     * database's connections: by default the driver's own. A dialect may return one that saves
     * round trips, as long as every call keeps the driver's meaning and error codes (the
     * {@code mariadb} and {@code mysql} dialects, on the MariaDB driver, send a branch's
     * {@code XA END} in one round trip with the {@code XA COMMIT} or {@code XA PREPARE} after it).
     * Recovery always uses the driver's own.
     *
     * @param driver the driver's XA resource of the connection
     * @param connection the connection's handle, on the same session
     * @return the resource for the branch
     */
    default XAResource branchResource(XAResource driver, Connection connection) {
        return driver;
    }

    /**
     * The statement that commits the adapter's short local transactions (a lease claim in steps, a
     * failure's record) and leaves the connection out of autocommit with no transaction open,
     * whatever the session's settings: a pooled connection then stays out of autocommit between
     * them, so the next begins with no statement, and returns to autocommit only before a
     * statement that commits on its own (a lease extension, a lease's release). A statement and a
     * {@code set autocommit} fewer per lease claim. Only where an XA branch may start on a
     * connection out of autocommit with no transaction open.
     *
     * <pre>{@code
     * public Optional<String> commitLeavingAutocommitOff() {
     *     return Optional.of("COMMIT AND NO CHAIN NO RELEASE");   // MySQL, MariaDB: whatever completion_type says
     * }
     * }</pre>
     *
     * @return the statement, or empty (the default): each local transaction leaves autocommit,
     *         commits and returns to it
     */
    default Optional<String> commitLeavingAutocommitOff() {
        return Optional.empty();
    }

    /** @return the forms this dialect can claim in, from the capabilities it implements */
    default Set<Form> forms() {
        Set<Form> forms = EnumSet.noneOf(Form.class);
        if (this instanceof RowLock) {
            forms.add(Form.ROW_LOCK);
        }
        if (this instanceof Lease) {
            forms.add(Form.LEASE);
        }
        if (this instanceof Advisory) {
            forms.add(Form.ADVISORY);
        }
        return forms;
    }
}
