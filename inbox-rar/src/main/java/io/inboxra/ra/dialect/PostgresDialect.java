package io.inboxra.ra.dialect;

import io.inboxra.dialect.Advisory;
import io.inboxra.dialect.ClaimClauses;
import io.inboxra.dialect.DatabaseVersion;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.KeyedInsert;
import io.inboxra.dialect.Label;
import io.inboxra.dialect.Lease;
import io.inboxra.dialect.LockWaits;
import io.inboxra.dialect.MinimumVersion;
import io.inboxra.dialect.Notifications;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.PartitionDrop;
import io.inboxra.dialect.RowClaimGuard;
import io.inboxra.dialect.RowLock;
import io.inboxra.dialect.StandardDialect;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;
import io.inboxra.dialect.UnsupportedVersionException;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * PostgreSQL 9.5 and later: all three forms, the lease form from PostgreSQL 12 ({@link #LEASE_SINCE}). Written here: the row lock claim with its row
 * guard ({@link #lockClaim}, {@link #claimGuard}) and FIFO guard, the lease claim and extension,
 * the advisory claim and unlock, the retention sweep (its drop of whole partitions of a table
 * partitioned by time: {@link PostgresPartitions}), the lock waits, the wake-up by
 * {@code LISTEN}/{@code NOTIFY} ({@link PostgresNotifications}, through pgjdbc, which the adapter
 * bundles), the batch's ids bound as one array, and the version minimums ({@link PostgresVersions}). The standard SQL of {@link StandardDialect} serves the rest: the settlement
 * and dead letter ({@code Dialect}'s defaults), the reschedule, idle probe, advisory re-check and
 * lease release, all from the claim rules of {@link ClaimClauses}.
 */
public class PostgresDialect extends StandardDialect implements RowLock, Lease, Advisory, LockWaits, RowClaimGuard,
        Notifications, Privileges, EngineRefusal {

    /** The name the {@code dialect} property takes. */
    public static final String NAME = "postgres";

    /** The driver that reaches PostgreSQL by default. */
    static final DefaultDriver DRIVER = new DefaultDriver("jdbc:postgresql:", "org.postgresql.xa.PGXADataSource");

    /** The first major version whose lease claim runs: {@code AS MATERIALIZED} is PostgreSQL 12's. */
    public static final int LEASE_SINCE = 12;

    @Override
    public String name() {
        return NAME;
    }

    /** The stored size, read from a TOASTed value's header: the payload itself is not fetched. */
    @Override
    public Optional<String> payloadBytes(String column) {
        return Optional.of("octet_length(" + column + ")");
    }

    @Override
    public Optional<String> payloadPreview(String column) {
        return Optional.of("substring(" + column + " from 1 for " + PREVIEW_LENGTH + ")");
    }

    @Override
    protected String later() {
        // clock_timestamp(), not now(): a delivery's transaction may have begun before its handler ran.
        return "clock_timestamp() + ? * interval '1 millisecond'";
    }

    @Override
    protected String precedes(List<String> first, List<String> second) {
        return RowValues.precedes("ROW", first, second);
    }

    @Override
    public Statement lockClaim(TableSpec spec) throws StatementException {
        requireForm(spec, Form.ROW_LOCK);
        ClaimClauses clauses = clauses(spec);
        // The LIMIT subquery locks first (the claimed table's rows only, never a FIFO group's subquery);
        // the guard is tried only on the rows it returns (a try never waits).
        return new Statement("SELECT * FROM (SELECT " + clauses.columns() + clauses.group() + " FROM " + table(spec)
                + " h" + clauses.where() + clauses.orderBy() + " LIMIT ? FOR UPDATE" + (spec.isFifo() ? " OF h" : "")
                + " SKIP LOCKED) claimed WHERE pg_try_advisory_xact_lock(" + rowSpace(spec) + ", hashtext((claimed."
                + Label.ID + ")::text))", clauses.params(Param.LIMIT));
    }

    /** The ids as one array: one prepared statement whatever the batch's size. */
    @Override
    public Statement settleAll(TableSpec spec, int rows) {
        String where = " WHERE " + quote(spec.idColumn()) + " = ANY(?)" + unsettled(spec);
        return spec.processedAtColumn()
                .map(column -> Statement.of("UPDATE " + table(spec) + " SET " + quote(column) + " = "
                        + currentTimestamp() + where, Param.IDS))
                .orElseGet(() -> Statement.of("DELETE FROM " + table(spec) + where, Param.IDS));
    }

    /**
     * The ids as an array of the id column's type, read off the first id's Java type: what
     * {@link #settleAll}'s {@code ANY(?)} compares with.
     */
    @Override
    public void bindIds(Connection connection, PreparedStatement statement, int index, List<Object> ids)
            throws SQLException {
        Object first = ids.get(0);
        String type = first instanceof Long ? "bigint"
                : first instanceof Integer ? "integer"
                : first instanceof Short ? "smallint"
                : first instanceof UUID ? "uuid"
                : first instanceof BigDecimal ? "numeric"
                : first instanceof String ? "text"
                : null;
        if (type == null) {
            throw new SQLException("a batch's ids of type " + first.getClass().getName() + " cannot be bound as an"
                    + " array; use an id column of a whole number, text or UUID type, or 'batchSize' 1");
        }
        statement.setArray(index, connection.createArrayOf(type, ids.toArray()));
    }

    /** Compared as text: {@code json} has no equality, and {@code bytea} compares the same way as its text. */
    @Override
    public String samePayload(String left, String right) {
        return "(" + left + ")::text = (" + right + ")::text";
    }

    @Override
    public Statement leaseClaim(TableSpec spec) throws StatementException {
        requireForm(spec, Form.LEASE);
        ClaimClauses clauses = clauses(spec);
        String lockedUntil = quote(spec.lockedUntilColumn().orElseThrow());
        String id = quote(spec.idColumn());
        // MATERIALIZED: the planner may not run the LIMIT subquery twice and claim more than asked.
        return new Statement("WITH claimable AS MATERIALIZED (SELECT " + id + " FROM " + table(spec) + " h" + clauses.where()
                + clauses.orderBy() + " LIMIT ? FOR UPDATE OF h SKIP LOCKED),"
                + " claimed AS (UPDATE " + table(spec) + " SET " + lockedUntil
                + " = " + later() + " WHERE " + id + " IN (SELECT " + id
                + " FROM claimable) RETURNING *)"
                + " SELECT " + clauses.columns() + clauses.group() + ", " + lockedUntil + " AS " + Label.TOKEN
                + " FROM claimed" + clauses.orderBy(), clauses.params(Param.LIMIT, Param.LEASE));
    }

    @Override
    public Statement extendLease(TableSpec spec) {
        return Statement.of(extendLeaseUpdate(spec) + " RETURNING " + quote(spec.lockedUntilColumn().orElseThrow())
                + " AS " + Label.TOKEN, Param.LEASE, Param.ID, Param.TOKEN);
    }

    /**
     * What the advisory lock form locks for a row, in the claim and in an operator's cancel: with
     * FIFO groups one row at a time, the group's, whatever the row's key; above one, the row's own,
     * and the group's slots keep the limit ({@code fifoSlotLock}).
     */
    private String claimKey(TableSpec spec) {
        return spec.fifoColumn().filter(g -> spec.groupConcurrency() == 1).map(this::quote)
                .orElseGet(() -> clauses(spec).advisoryKey());
    }

    @Override
    public Statement advisoryClaim(TableSpec spec) throws StatementException {
        requireForm(spec, Form.ADVISORY);
        ClaimClauses clauses = clauses(spec);
        // The candidates come from a LIMIT subquery, which the planner never merges into the outer
        // query, and the outer LIMIT stops at the first rows locked: the lock function runs only
        // on rows the claim returns or skips because another session holds them, so no lock leaks.
        String key = claimKey(spec);
        return new Statement("SELECT * FROM (SELECT " + clauses.columns() + clauses.group() + ", hashtext(("
                + key + ")::text) AS " + Label.KEY + " FROM " + table(spec) + " h" + clauses.where()
                + clauses.orderBy() + " LIMIT ?) candidates WHERE pg_try_advisory_lock("
                + lockSpace(spec) + ", " + Label.KEY + ") LIMIT ?", clauses.params(Param.CANDIDATES, Param.LIMIT));
    }

    @Override
    public Statement unlock(TableSpec spec) {
        return Statement.of("SELECT pg_advisory_unlock(" + lockSpace(spec) + ", ?)", Param.KEY);
    }

    @Override
    public Optional<Statement> unlockAll(TableSpec spec) {
        return Optional.of(Statement.of("SELECT pg_advisory_unlock_all()"));
    }

    /** The claim's lock of one row ({@link #claimKey}), tried on that row alone (a LIMIT subquery is never merged). */
    @Override
    public Optional<Statement> tryLock(TableSpec spec) {
        String key = claimKey(spec);
        return Optional.of(Statement.of("SELECT * FROM (SELECT h." + quote(spec.idColumn()) + " AS " + Label.ID
                + ", hashtext((" + key + ")::text) AS " + Label.KEY + " FROM " + table(spec) + " h WHERE h."
                + quote(spec.idColumn()) + " = ? LIMIT 1) candidate WHERE pg_try_advisory_lock(" + lockSpace(spec) + ", "
                + Label.KEY + ")", Param.ID));
    }

    /** The FIFO groups' guards and slots: {@link PostgresGroups}. */
    @Override
    public Optional<Statement> fifoGuard(TableSpec spec) {
        return Optional.of(PostgresGroups.guard(spec));
    }

    @Override
    public Optional<Statement> fifoSlotGuard(TableSpec spec) {
        return Optional.of(PostgresGroups.slotGuard(spec));
    }

    @Override
    public Optional<Statement> fifoSlotLock(TableSpec spec) {
        return Optional.of(PostgresGroups.slotLock(spec));
    }

    @Override
    public Optional<Statement> fifoSlotUnlock(TableSpec spec) {
        return Optional.of(PostgresGroups.slotUnlock(spec));
    }

    /**
     * {@code INSERT ... ON CONFLICT (key) DO NOTHING}: a key the table holds inserts nothing and
     * raises nothing, so the caller's transaction goes on; a concurrent insert of the key makes it
     * wait for that transaction. A conflict on any other unique index still fails.
     */
    @Override
    public String insertIfAbsent(KeyedInsert insert) {
        return "INSERT INTO " + insert.table() + " (" + insert.columnList() + ") VALUES (" + insert.placeholders()
                + ") ON CONFLICT (" + insert.keyColumn() + ") DO NOTHING";
    }

    @Override
    public Statement purge(TableSpec spec) {
        String id = quote(spec.idColumn());
        return Statement.of("DELETE FROM " + table(spec) + " WHERE " + id + " IN (SELECT " + id + " FROM " + table(spec)
                + " WHERE " + quote(spec.processedAtColumn().orElseThrow()) + " < now() - ? * interval '1 millisecond'"
                + " LIMIT ?)", Param.AGE, Param.LIMIT);
    }

    /** Partitions dropped whole by retention: {@link PostgresPartitions}. */
    @Override
    public Statement expiredPartitions(TableSpec spec) {
        return PostgresPartitions.expired(table(spec), spec);
    }

    @Override
    public PartitionDrop partitionDrop(TableSpec spec, String partition) {
        return PostgresPartitions.drop(table(spec), quote(spec.processedAtColumn().orElseThrow()), partition);
    }

    @Override
    public Optional<Statement> duePartitionsAhead(TableSpec spec) {
        return Optional.of(PostgresPartitions.dueAhead(table(spec), spec.dueColumn().orElseThrow()));
    }

    /** PostgreSQL's own {@code statement_timeout}, in milliseconds: no client timer per statement. */
    @Override
    public Optional<Statement> sessionStatementTimeout(java.time.Duration timeout) {
        return Optional.of(Statement.of("SET statement_timeout = " + timeout.toMillis()));
    }

    @Override
    public Statement claimGuard(TableSpec spec) {
        return Statement.of("SELECT pg_advisory_xact_lock(" + rowSpace(spec) + ", hashtext(?::text))", Param.ID);
    }

    @Override
    public String sessionId() {
        return "SELECT pg_backend_pid()";
    }

    @Override
    public String waiting(long id) {
        return "SELECT 1 FROM pg_locks WHERE pid = " + id + " AND NOT granted";
    }

    /** The versions it serves: {@link PostgresVersions}. */
    @Override
    public Optional<DatabaseVersion> databaseVersion(DatabaseMetaData metadata) throws SQLException {
        return PostgresVersions.of(metadata);
    }

    @Override
    public Optional<MinimumVersion> minimumVersion(DatabaseVersion database, Form form) {
        return Optional.of(PostgresVersions.minimum(form));
    }

    @Override
    public void requireVersion(DatabaseMetaData metadata, Form form) throws UnsupportedVersionException, SQLException {
        PostgresVersions.require(name(), metadata, form);
    }

    /** Wake-up by {@code LISTEN}/{@code NOTIFY} through pgjdbc: {@link PostgresNotifications}. */
    @Override
    public List<Statement> listen(String channel, String sessionName) {
        return PostgresNotifications.listen(channel, sessionName);
    }

    @Override
    public Statement notification(String channel) {
        return PostgresNotifications.notification(channel);
    }

    @Override
    public boolean canListen(Connection connection) throws SQLException {
        return PostgresNotifications.canListen(connection);
    }

    @Override
    public boolean awaitNotifications(Connection connection, int timeoutMillis) throws SQLException {
        return PostgresNotifications.await(connection, timeoutMillis);
    }

    /**
     * A string literal. A {@code ?} is written as an escape ({@code E'...\x3f...'}): a statement's
     * every {@code ?} is a placeholder, and these bind nothing.
     */
    static String literal(String text) {
        if (text.indexOf('?') < 0) {
            return "'" + text.replace("'", "''") + "'";
        }
        return "E'" + text.replace("\\", "\\\\").replace("'", "''").replace("?", "\\x3f") + "'";
    }

    /** The first key of the row lock claims' guards: apart from the FIFO groups' and the advisory form's keys. */
    private static String rowSpace(TableSpec spec) {
        return "hashtext('" + spec.table().replace("'", "''") + ":row')";
    }

    /** The first key of the two-key advisory lock: the table, so keys of different tables never meet. */
    static String lockSpace(TableSpec spec) {
        return "hashtext('" + spec.table().replace("'", "''") + "')";
    }

    @Override
    public boolean holds(java.sql.Connection connection, String privilege, String table) throws java.sql.SQLException {
        return PostgresPrivileges.holds(connection, privilege, table);
    }

    @Override
    public String grant(java.sql.Connection connection, String privileges, String table) throws java.sql.SQLException {
        return PostgresPrivileges.grant(connection, privileges, table);
    }

    /** {@code SELECT ... FOR UPDATE} needs UPDATE on the table in PostgreSQL. */
    @Override
    public boolean lockingReadNeedsUpdate() {
        return true;
    }

    /** COMMIT PREPARED needs only the user that prepared, which is the subscription's own. */
    @Override
    public List<String> missingServerPrivileges(java.sql.Connection connection) {
        return List.of();
    }

    @Override
    public List<String> degraded(java.sql.Connection connection) throws java.sql.SQLException {
        return PostgresPrivileges.degraded(connection);
    }

    /** YugabyteDB speaks PostgreSQL's protocol, without PREPARE TRANSACTION. */
    @Override
    public Optional<String> refusal(Connection connection, String where) throws SQLException {
        return RefusedEngines.refusal(RefusedEngines.byName(connection), where);
    }
}
