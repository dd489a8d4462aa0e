package io.inboxra.ra.dialect.mysql;

import io.inboxra.dialect.Advisory;
import io.inboxra.dialect.BranchSessions;
import io.inboxra.dialect.ClaimClauses;
import io.inboxra.dialect.ClaimOrderIndex;
import io.inboxra.dialect.DatabaseVersion;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.KeyedInsert;
import io.inboxra.dialect.LeaseInSteps;
import io.inboxra.dialect.LockWaits;
import io.inboxra.dialect.MinimumVersion;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.RowLocking;
import io.inboxra.dialect.StandardRowLock;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.dialect.common.DefaultDriver;
import io.inboxra.ra.dialect.common.EngineRefusal;
import io.inboxra.ra.dialect.common.Privileges;
import io.inboxra.ra.dialect.common.RefusedEngines;
import io.inboxra.ra.dialect.common.RowValues;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import javax.transaction.xa.XAResource;

/**
 * MySQL 8.0.1 and later (MySQL Connector/J): all three forms. The row lock claim and the lease
 * claim's first two steps are {@link StandardRowLock}'s ({@code LIMIT ? FOR UPDATE SKIP LOCKED}),
 * with the lock clause below. MySQL has no {@code RETURNING}: a lease claim selects the rows under
 * lock with the lease it is about to write ({@link #leaseRows}), then writes it, in one short
 * transaction. Advisory locks and the FIFO guard are named locks ({@code GET_LOCK(name, 0)}),
 * scoped by table and key, and released explicitly. Written here besides: the advisory claim and
 * unlock ({@link MySqlAdvisory}), the retention sweep, the lock waits, the claim index advice and
 * the version minimums (MySQL 8.0.1, MariaDB 10.6: the dialect serves both); the settlement, dead
 * letter, reschedule, probe, re-check and lease release are {@link io.inboxra.dialect.StandardDialect}'s.
 */
public class MySqlDialect extends StandardRowLock implements LeaseInSteps, Advisory, LockWaits, ClaimOrderIndex,
        Privileges, EngineRefusal, BranchSessions {

    /** The name the {@code dialect} property takes. */
    public static final String NAME = "mysql";

    /** The driver that reaches MySQL by default. */
    public static final DefaultDriver DRIVER = new DefaultDriver("jdbc:mysql:", "com.mysql.cj.jdbc.MysqlXADataSource");

    @Override
    public String name() {
        return NAME;
    }

    /**
     * An {@code XA START} may follow a {@code COMMIT} with autocommit off: no transaction is open
     * between them, whatever the session's {@code completion_type} (which could chain one).
     */
    @Override
    public Optional<String> commitLeavingAutocommitOff() {
        return Optional.of("COMMIT AND NO CHAIN NO RELEASE");
    }

    /** On the MariaDB driver, a branch's {@code XA END} goes with the statement after it: {@link MariaDbXaResource}. */
    @Override
    public XAResource branchResource(XAResource driver, Connection connection) {
        return MariaDbXaResource.isFor(driver) ? new MariaDbXaResource(driver, connection) : driver;
    }

    /** Bytes, not characters: {@code CHAR_LENGTH} counts characters. */
    @Override
    public Optional<String> payloadBytes(String column) {
        return Optional.of("LENGTH(" + column + ")");
    }

    @Override
    public Optional<String> payloadPreview(String column) {
        return Optional.of("SUBSTRING(" + column + ", 1, " + PREVIEW_LENGTH + ")");
    }

    @Override
    public String sessionId() {
        return "SELECT CONNECTION_ID()";
    }

    /**
     * A session's own user sees it here without the PROCESS privilege; the server lists a session until
     * it has let go of its transactions (MariaDB detaches a prepared XA branch while closing the session).
     */
    @Override
    public String sessionExists(long id) {
        return "SELECT 1 FROM information_schema.PROCESSLIST WHERE ID = " + id;
    }

    @Override
    public String waiting(long id) {
        return "SELECT 1 FROM information_schema.INNODB_TRX WHERE trx_mysql_thread_id = " + id
                + " AND trx_state = 'LOCK WAIT'";
    }

    /** MySQL or MariaDB, through either driver: {@link MySqlVersions}. */
    @Override
    public Optional<DatabaseVersion> databaseVersion(DatabaseMetaData metadata) throws SQLException {
        return MySqlVersions.of(metadata);
    }

    /** MySQL 8.0.1, MariaDB 10.6, in every form: the first of each with {@code SKIP LOCKED}. */
    @Override
    public Optional<MinimumVersion> minimumVersion(DatabaseVersion database, Form form) {
        return Optional.of(MySqlVersions.minimum(database));
    }

    @Override
    public String quote(String identifier) {
        return '`' + identifier + '`';
    }

    @Override
    public String currentTimestamp() {
        return "CURRENT_TIMESTAMP(6)";
    }

    /**
     * A batch's rows each looked up by the primary key: InnoDB plans an id list as a scan of a
     * table of a few dozen rows, whatever the statistics or an index hint say (EXPLAIN: ALL below
     * about a hundred rows for ten ids, also with {@code FORCE INDEX} in a multi-table
     * {@code DELETE}), and a {@code DELETE} that scans waits for every row other transactions hold.
     * MariaDB's dialect has a one-statement form that looks each row up; MySQL's spelling of it
     * (optimizer hints) is not proven on a MySQL server here.
     */
    @Override
    public boolean settlesBatchRowByRow() {
        return true;
    }

    /** Compared byte for byte: a case- or pad-insensitive collation would call two messages the same. */
    @Override
    public String samePayload(String left, String right) {
        return "CAST(" + left + " AS BINARY) = CAST(" + right + " AS BINARY)";
    }

    @Override
    protected RowLocking rowLocking(TableSpec spec) {
        // A subquery of a locking read reads without locks: the claim locks the claimed rows only
        // (and MariaDB has no FOR UPDATE OF).
        return RowLocking.SKIP_LOCKED;
    }

    /** The lease claim's statements: {@link MySqlLeases}. */
    @Override
    public Statement leaseRead(TableSpec spec) {
        return MySqlLeases.read(this, spec, quote(spec.idColumn()) + " = ?", List.of(Param.ID));
    }

    /** The lease the write will store, computed by the claim ({@link LeaseInSteps#leaseRows}), as {@link #leaseRead} reads it. */
    @Override
    public Optional<Statement> leaseRows(TableSpec spec) throws StatementException {
        requireForm(spec, Form.LEASE);
        ClaimClauses clauses = clauses(spec);
        return Optional.of(limitedAndLocked(spec, clauses.columns() + clauses.group() + ", " + MySqlLeases.token(later()),
                List.of(Param.LEASE)));
    }

    @Override
    public Optional<Statement> leaseWriteToken(TableSpec spec, int rows) {
        return Optional.of(MySqlLeases.write(this, spec, "?", Param.TOKEN, idsIn(spec, rows), ids(rows)));
    }

    @Override
    public Optional<Statement> leaseWriteAll(TableSpec spec, int rows) {
        return Optional.of(MySqlLeases.write(this, spec, later(), Param.LEASE, idsIn(spec, rows), ids(rows)));
    }

    @Override
    public Optional<Statement> leaseReadAll(TableSpec spec, int rows) {
        return Optional.of(MySqlLeases.read(this, spec, idsIn(spec, rows), List.of(ids(rows))));
    }

    @Override
    public Statement extendLease(TableSpec spec) {
        return Statement.of(extendLeaseUpdate(spec), Param.LEASE, Param.ID, Param.TOKEN);
    }

    @Override
    public Optional<Statement> extendLeaseAfterCutOff(TableSpec spec) {
        return Optional.of(Statement.of(extendLeaseAfterCutOffUpdate(spec, c -> c + " - INTERVAL ? * 1000 MICROSECOND"),
                extendLeaseAfterCutOffParams()));
    }

    /** The advisory lock form's claim, tries and unlocks, named locks: {@link MySqlAdvisory}. */
    @Override
    public Statement advisoryClaim(TableSpec spec) throws StatementException {
        requireForm(spec, Form.ADVISORY);
        return MySqlAdvisory.claim(this, spec);
    }

    @Override
    public Statement unlock(TableSpec spec) {
        return MySqlAdvisory.unlock();
    }

    @Override
    public Optional<Statement> tryLock(TableSpec spec) {
        return Optional.of(MySqlAdvisory.tryLock(this, spec));
    }

    @Override
    public Optional<Statement> unlockAll(TableSpec spec) {
        return Optional.of(MySqlAdvisory.unlockAll());
    }

    /** The FIFO groups' guards and slots, named locks: {@link MySqlGroups}. */
    @Override
    public Optional<Statement> fifoGuard(TableSpec spec) {
        return Optional.of(MySqlGroups.guard(spec));
    }

    @Override
    public Optional<Statement> fifoRelease(TableSpec spec) {
        return Optional.of(MySqlGroups.release(spec));
    }

    @Override
    public Optional<Statement> fifoSlotGuard(TableSpec spec) {
        return Optional.of(MySqlGroups.slotGuard(spec));
    }

    @Override
    public Optional<Statement> fifoSlotRelease(TableSpec spec) {
        return Optional.of(MySqlGroups.slotRelease(spec));
    }

    /** The advisory lock form's group slots: the row lock form's, named locks being the session's anyway. */
    @Override
    public Optional<Statement> fifoSlotLock(TableSpec spec) {
        return fifoSlotGuard(spec);
    }

    @Override
    public Optional<Statement> fifoSlotUnlock(TableSpec spec) {
        return fifoSlotRelease(spec);
    }

    /** A plain {@code INSERT}, its duplicate key told by the error: {@link MySqlKeyedInserts}. */
    @Override
    public String insertIfAbsent(KeyedInsert insert) {
        return MySqlKeyedInserts.insertIfAbsent(insert);
    }

    @Override
    public boolean isKeyPresent(SQLException failure, String key) {
        return MySqlKeyedInserts.isKeyPresent(failure, key);
    }

    @Override
    public Statement purge(TableSpec spec) {
        return Statement.of("DELETE FROM " + table(spec) + " WHERE " + quote(spec.processedAtColumn().orElseThrow())
                + " < " + currentTimestamp() + " - INTERVAL ? * 1000 MICROSECOND LIMIT ?", Param.AGE, Param.LIMIT);
    }

    @Override
    protected String later() {
        return currentTimestamp() + " + INTERVAL ? * 1000 MICROSECOND";
    }

    @Override
    protected String precedes(List<String> first, List<String> second) {
        return RowValues.precedes("ROW", first, second);
    }

    @Override
    public String createClaimIndex(TableSpec spec, List<String> columns) {
        String[] parts = spec.table().split("\\.");
        return "CREATE INDEX " + parts[parts.length - 1] + "_claim ON " + table(spec) + " ("
                + String.join(", ", columns.stream().map(this::quote).toList()) + ")";
    }

    @Override
    public boolean holds(Connection connection, String privilege, String table) throws SQLException {
        return MySqlPrivileges.holds(connection, privilege, table);
    }

    @Override
    public String grant(Connection connection, String privileges, String table) throws SQLException {
        return MySqlPrivileges.grant(connection, privileges, table);
    }

    /** MariaDB's {@code FOR UPDATE} needs SELECT only (MySQL 8.0.22+ wants DELETE or UPDATE too, which a subscription has). */
    @Override
    public boolean lockingReadNeedsUpdate() {
        return false;
    }

    @Override
    public List<String> missingServerPrivileges(Connection connection) throws SQLException {
        return MySqlPrivileges.missingServerPrivileges(connection);
    }

    @Override
    public List<String> degraded(Connection connection) throws SQLException {
        return MySqlPrivileges.degraded(connection, this);
    }

    /** TiDB (its version string) and a Galera node ({@code wsrep_on}) speak MySQL's protocol but cannot work. */
    @Override
    public Optional<String> refusal(Connection connection, String where) throws SQLException {
        return RefusedEngines.refusal(RefusedEngines.mysqlFamily(connection), where);
    }
}
