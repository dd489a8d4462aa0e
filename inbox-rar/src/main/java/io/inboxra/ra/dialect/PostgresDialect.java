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
import io.inboxra.dialect.Version;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * PostgreSQL 9.5 and later: all three forms, the lease form from PostgreSQL 12 ({@link #LEASE_SINCE}). Written here: the row lock claim with its row
 * guard ({@link #lockClaim}, {@link #claimGuard}) and FIFO guard, the lease claim and extension,
 * the advisory claim and unlock, the retention sweep (and its drop of whole partitions of a table
 * partitioned by time), the lock waits, the wake-up by
 * {@code LISTEN}/{@code NOTIFY} (through pgjdbc, which the adapter bundles), the batch's ids bound
 * as one array, and the version minimums. The standard SQL of {@link StandardDialect} serves the rest: the settlement
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

    /** Every form's claim skips locked rows: PostgreSQL 9.5's. */
    private static final MinimumVersion SKIP_LOCKED = new MinimumVersion(Version.of(9, 5), "FOR UPDATE SKIP LOCKED");

    /** The lease claim fences its {@code LIMIT}: PostgreSQL 12's. */
    private static final MinimumVersion MATERIALIZED = new MinimumVersion(Version.of(LEASE_SINCE, 0),
            "WITH ... AS MATERIALIZED");

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

    @Override
    public Statement advisoryClaim(TableSpec spec) throws StatementException {
        requireForm(spec, Form.ADVISORY);
        ClaimClauses clauses = clauses(spec);
        // The candidates come from a LIMIT subquery, which the planner never merges into the outer
        // query, and the outer LIMIT stops at the first rows locked: the lock function runs only
        // on rows the claim returns or skips because another session holds them, so no lock leaks.
        // With FIFO groups the lock is the group's: one row of a group in work, whatever its key.
        String key = spec.fifoColumn().map(this::quote).orElseGet(clauses::advisoryKey);
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

    @Override
    public Optional<Statement> fifoGuard(TableSpec spec) {
        // Held until the claim's transaction ends: a row that enters the group ahead of the head waits too.
        return Optional.of(Statement.of("SELECT pg_try_advisory_xact_lock(" + lockSpace(spec) + ", hashtext(?::text))",
                Param.GROUP));
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

    /**
     * The leaf partitions of a table partitioned by range of one {@code timestamptz},
     * {@code timestamp} or {@code date} column whose upper bound is at or before the retention
     * bound, oldest first, each named as {@code regclass} prints it (quoted and qualified where it
     * must be). The bound is read from the partition's {@code FOR VALUES FROM (...) TO ('...')}:
     * a {@code MAXVALUE}, a {@code DEFAULT} partition, a sub-partitioned one, a list or hash
     * partitioning, an expression or a key of several columns match nothing.
     */
    @Override
    public Statement expiredPartitions(TableSpec spec) {
        return Statement.of("SELECT name FROM (SELECT c.oid::regclass::text AS name, substring(pg_get_expr(c.relpartbound,"
                + " c.oid) from 'TO \\(''([^'']*)''\\)')::timestamptz AS upper_bound"
                + " FROM pg_catalog.pg_partitioned_table pt"
                + " JOIN pg_catalog.pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0]"
                + " JOIN pg_catalog.pg_inherits i ON i.inhparent = pt.partrelid"
                + " JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid AND c.relkind = 'r'"
                + " WHERE pt.partrelid = " + regclass(spec) + " AND pt.partstrat = 'r' AND pt.partnatts = 1"
                + " AND a.atttypid IN ('timestamptz'::regtype, 'timestamp'::regtype, 'date'::regtype)) p"
                + " WHERE upper_bound <= now() - ? * interval '1 millisecond' ORDER BY upper_bound, name", Param.AGE);
    }

    /**
     * The table, then the partition, locked as every query locks them (parent first), waiting at
     * most {@value #PARTITION_LOCK_WAIT_MILLIS} ms: a claim transaction open meanwhile (a row lock
     * delivery whose MDB still runs) holds the table, and the sweep tries again at its next run
     * rather than keep every claim waiting behind it. Then no row can enter, leave or change in the
     * partition until the drop commits.
     */
    @Override
    public PartitionDrop partitionDrop(TableSpec spec, String partition) {
        String processed = quote(spec.processedAtColumn().orElseThrow());
        return new PartitionDrop(
                List.of(Statement.of("SET LOCAL lock_timeout = " + PARTITION_LOCK_WAIT_MILLIS),
                        Statement.of("LOCK TABLE ONLY " + table(spec) + " IN ACCESS EXCLUSIVE MODE"),
                        Statement.of("LOCK TABLE " + partition + " IN ACCESS EXCLUSIVE MODE")),
                Statement.of("SELECT 1 FROM " + partition + " WHERE " + processed + " IS NULL OR " + processed
                        + " >= now() - ? * interval '1 millisecond' LIMIT 1", Param.AGE),
                List.of(Statement.of("ALTER TABLE " + table(spec) + " DETACH PARTITION " + partition),
                        Statement.of("DROP TABLE " + partition)));
    }

    /**
     * The greatest upper bound of the partitions, read as {@link #expiredPartitions} reads one,
     * where the due column is the range's one column; NULL where a {@code DEFAULT} partition or
     * one up to {@code MAXVALUE} (whose bound reads as no literal) takes any later time.
     */
    @Override
    public Optional<Statement> duePartitionsAhead(TableSpec spec) {
        String due = spec.dueColumn().orElseThrow();
        return Optional.of(Statement.of("SELECT CASE WHEN bool_or(upper_bound IS NULL) THEN NULL"
                + " ELSE (extract(epoch FROM max(upper_bound) - now()) * 1000)::bigint END FROM (SELECT"
                + " substring(pg_get_expr(c.relpartbound, c.oid) from 'TO \\(''([^'']*)''\\)')::timestamptz AS upper_bound"
                + " FROM pg_catalog.pg_partitioned_table pt"
                + " JOIN pg_catalog.pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0]"
                + " JOIN pg_catalog.pg_inherits i ON i.inhparent = pt.partrelid"
                + " JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid"
                + " WHERE pt.partrelid = " + regclass(spec) + " AND pt.partstrat = 'r' AND pt.partnatts = 1"
                + " AND a.attname = " + literal(due) + ") p HAVING count(*) > 0"));
    }

    /** How long a partition drop waits for the table's lock before it gives up until the next sweep. */
    static final int PARTITION_LOCK_WAIT_MILLIS = 1000;

    /** The table as a {@code regclass} constant: its quoted name in a string literal. */
    private String regclass(TableSpec spec) {
        return "'" + table(spec).replace("'", "''") + "'::regclass";
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

    /** PostgreSQL, as the PostgreSQL driver names it: another product speaking its protocol is not this dialect's own. */
    @Override
    public Optional<DatabaseVersion> databaseVersion(DatabaseMetaData metadata) throws SQLException {
        String product = metadata.getDatabaseProductName();
        if (!product.toLowerCase(Locale.ROOT).contains("postgresql")) {
            return Optional.empty();
        }
        return Optional.of(new DatabaseVersion(product, metadata.getDatabaseProductVersion(),
                Version.of(metadata.getDatabaseMajorVersion(), metadata.getDatabaseMinorVersion())));
    }

    /** 9.5 ({@code SKIP LOCKED}); the lease form 12 ({@code AS MATERIALIZED}). */
    @Override
    public Optional<MinimumVersion> minimumVersion(DatabaseVersion database, Form form) {
        return Optional.of(form == Form.LEASE ? MATERIALIZED : SKIP_LOCKED);
    }

    /** Below 12, the lease form's refusal names the forms that still serve. */
    @Override
    public void requireVersion(DatabaseMetaData metadata, Form form) throws UnsupportedVersionException, SQLException {
        Optional<DatabaseVersion> found = databaseVersion(metadata);
        if (found.isEmpty()) {
            return;
        }
        SKIP_LOCKED.require(name(), found.get());
        if (form == Form.LEASE && found.get().version().isBefore(MATERIALIZED.version())) {
            throw new UnsupportedVersionException("The database is " + found.get().database() + " "
                    + found.get().text() + ": the " + name() + " dialect's LEASE form (selected by 'lockedUntilColumn')"
                    + " needs PostgreSQL " + LEASE_SINCE + " or later (its claim uses " + MATERIALIZED.feature()
                    + "); upgrade the database, or claim in the ROW_LOCK form (remove 'lockedUntilColumn') or the"
                    + " ADVISORY form ('advisoryLock'), which need PostgreSQL " + SKIP_LOCKED.version() + ".");
        }
    }

    /**
     * The session named (its {@code application_name}, as {@code pg_stat_activity} shows it), then
     * {@code LISTEN}: the listening session's last query is the {@code LISTEN}.
     */
    @Override
    public List<Statement> listen(String channel, String sessionName) {
        return List.of(Statement.of("SET application_name = " + literal(sessionName)), Statement.of("LISTEN " + channel));
    }

    /** {@code NOTIFY}; a trigger or function may run {@code pg_notify('channel', '')}, which names the same channel. */
    @Override
    public Statement notification(String channel) {
        return Statement.of("NOTIFY " + channel);
    }

    /** Only a connection of pgjdbc, the driver the adapter bundles, can wait for notifications. */
    @Override
    public boolean canListen(Connection connection) throws SQLException {
        return connection.isWrapperFor(PGConnection.class);
    }

    /** pgjdbc waits on the socket for the time given, sending nothing. */
    @Override
    public boolean awaitNotifications(Connection connection, int timeoutMillis) throws SQLException {
        if (timeoutMillis < 1) {
            // pgjdbc would wait for ever at 0, and not at all below it.
            throw new IllegalArgumentException("a wait for notifications lasts at least 1 ms: " + timeoutMillis);
        }
        PGNotification[] received = connection.unwrap(PGConnection.class).getNotifications(timeoutMillis);
        return received != null && received.length > 0;
    }

    /**
     * A string literal. A {@code ?} is written as an escape ({@code E'...\x3f...'}): a statement's
     * every {@code ?} is a placeholder, and these bind nothing.
     */
    private static String literal(String text) {
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
    private static String lockSpace(TableSpec spec) {
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
