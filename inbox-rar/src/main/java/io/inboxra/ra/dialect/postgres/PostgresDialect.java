package io.inboxra.ra.dialect.postgres;

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
import io.inboxra.ra.dialect.common.DefaultDriver;
import io.inboxra.ra.dialect.common.EngineRefusal;
import io.inboxra.ra.dialect.common.Privileges;
import io.inboxra.ra.dialect.common.RefusedEngines;
import io.inboxra.ra.dialect.common.RowValues;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * PostgreSQL 9.5 and later: all three forms, the lease form from PostgreSQL 12 ({@link #LEASE_SINCE}).
 * Each part in its own helper: the row lock and lease claims and the row guard ({@link PostgresClaims}),
 * the advisory form's locks ({@link PostgresAdvisory}), the FIFO groups' guards ({@link PostgresGroups}),
 * retention's drop of whole partitions ({@link PostgresPartitions}), the wake-up by {@code LISTEN}/{@code
 * NOTIFY} through pgjdbc ({@link PostgresNotifications}), a batch's ids as one array ({@link PostgresArrays}),
 * the versions ({@link PostgresVersions}) and privileges ({@link PostgresPrivileges}). The standard SQL of
 * {@link StandardDialect} serves the rest, from the claim rules of {@link ClaimClauses}.
 */
public class PostgresDialect extends StandardDialect implements RowLock, Lease, Advisory, LockWaits, RowClaimGuard,
        Notifications, Privileges, EngineRefusal {

    /** The name the {@code dialect} property takes. */
    public static final String NAME = "postgres";

    /** The driver that reaches PostgreSQL by default. */
    public static final DefaultDriver DRIVER = new DefaultDriver("jdbc:postgresql:", "org.postgresql.xa.PGXADataSource");

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

    /** The row lock and lease claims: {@link PostgresClaims}. */
    @Override
    public Statement lockClaim(TableSpec spec) throws StatementException {
        requireForm(spec, Form.ROW_LOCK);
        return PostgresClaims.rowLock(this, spec);
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

    /** The ids as one array of the id column's type ({@link PostgresArrays}): what {@link #settleAll} compares with. */
    @Override
    public void bindIds(Connection connection, PreparedStatement statement, int index, List<Object> ids)
            throws SQLException {
        PostgresArrays.bindIds(connection, statement, index, ids);
    }

    /** Compared as text: {@code json} has no equality, and {@code bytea} compares the same way as its text. */
    @Override
    public String samePayload(String left, String right) {
        return "(" + left + ")::text = (" + right + ")::text";
    }

    @Override
    public Statement leaseClaim(TableSpec spec) throws StatementException {
        requireForm(spec, Form.LEASE);
        return PostgresClaims.lease(this, spec, later());
    }

    @Override
    public Statement extendLease(TableSpec spec) {
        return Statement.of(extendLeaseUpdate(spec) + " RETURNING " + quote(spec.lockedUntilColumn().orElseThrow())
                + " AS " + Label.TOKEN, Param.LEASE, Param.ID, Param.TOKEN);
    }

    @Override
    public Optional<Statement> extendLeaseAfterCutOff(TableSpec spec) {
        return Optional.of(Statement.of(extendLeaseAfterCutOffUpdate(spec, c -> c + " - ? * interval '1 millisecond'")
                + " RETURNING " + quote(spec.lockedUntilColumn().orElseThrow()) + " AS " + Label.TOKEN,
                extendLeaseAfterCutOffParams()));
    }

    /** The advisory lock form's claim, tries, and unlocks: {@link PostgresAdvisory}. */
    @Override
    public Statement advisoryClaim(TableSpec spec) throws StatementException {
        requireForm(spec, Form.ADVISORY);
        return PostgresAdvisory.claim(this, spec);
    }

    @Override
    public Statement unlock(TableSpec spec) {
        return PostgresAdvisory.unlock(spec);
    }

    @Override
    public Optional<Statement> unlockAll(TableSpec spec) {
        return Optional.of(PostgresAdvisory.unlockAll());
    }

    @Override
    public Optional<Statement> tryLock(TableSpec spec) {
        return Optional.of(PostgresAdvisory.tryLock(this, spec));
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
        return PostgresClaims.rowGuard(spec);
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
