package io.inboxra.ra.dialect;

import io.inboxra.ra.dialect.common.DefaultDriver;
import io.inboxra.ra.dialect.common.RowValues;

import io.inboxra.dialect.ClaimClauses;
import io.inboxra.dialect.DatabaseVersion;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.KeyedInsert;
import io.inboxra.dialect.Label;
import io.inboxra.dialect.Lease;
import io.inboxra.dialect.MinimumVersion;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.StandardDialect;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;
import io.inboxra.dialect.Version;

import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * SQLite 3.35 and later (the first with {@code UPDATE ... RETURNING}): the lease form only.
 * SQLite has no row locks to skip and no advisory locks, but it runs one writer at a time, so
 * a single {@code UPDATE ... RETURNING} claims atomically. Times are UTC text
 * ({@code YYYY-MM-DD HH:MM:SS.SSS}, which sorts as it reads), so the time columns are
 * {@code TEXT}; the lease's text is its fencing token. SQLite has no XA: its connections take
 * part in the delivery's transaction through a one-phase-only resource
 * ({@code io.inboxra.ra.connection.LocalXaDataSource}). Written here: the lease claim and extension and
 * the retention sweep; the settlement, dead letter, reschedule and lease release are the standard
 * SQL of {@link StandardDialect}.
 */
public final class SqliteDialect extends StandardDialect implements Lease {

    /** The name the {@code dialect} property takes. */
    public static final String NAME = "sqlite";

    /**
     * SQLite's driver has no XA data source: the adapter's own, a local connection with a one-phase
     * resource, named as every dialect names its driver's.
     */
    static final DefaultDriver DRIVER = new DefaultDriver("jdbc:sqlite:", "io.inboxra.ra.connection.LocalXaDataSource");

    private static final String NOW = "strftime('%Y-%m-%d %H:%M:%f', 'now')";

    /** SQLite's first version with {@code UPDATE ... RETURNING}, which the lease claim is. */
    private static final MinimumVersion RETURNING = new MinimumVersion(Version.of(3, 35), "UPDATE ... RETURNING");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<DatabaseVersion> databaseVersion(DatabaseMetaData metadata) throws SQLException {
        String product = metadata.getDatabaseProductName();
        String version = metadata.getDatabaseProductVersion();
        return product.equalsIgnoreCase("sqlite")
                ? Optional.of(new DatabaseVersion(product, version, Version.parse(version))) : Optional.empty();
    }

    /** 3.35, the lease form's only. */
    @Override
    public Optional<MinimumVersion> minimumVersion(DatabaseVersion database, Form form) {
        return Optional.of(RETURNING);
    }

    /** Bytes: {@code length} of text counts characters, of a blob bytes. */
    @Override
    public Optional<String> payloadBytes(String column) {
        return Optional.of("length(CAST(" + column + " AS BLOB))");
    }

    @Override
    public Optional<String> payloadPreview(String column) {
        return Optional.of("substr(" + column + ", 1, " + PREVIEW_LENGTH + ")");
    }

    @Override
    public String currentTimestamp() {
        return NOW;
    }

    @Override
    protected String later() {
        return "strftime('%Y-%m-%d %H:%M:%f', 'now', (? / 1000.0) || ' seconds')";
    }

    @Override
    public Statement leaseClaim(TableSpec spec) throws StatementException {
        requireForm(spec, Form.LEASE);
        ClaimClauses clauses = clauses(spec);
        String id = quote(spec.idColumn());
        String lockedUntil = quote(spec.lockedUntilColumn().orElseThrow());
        List<Param> params = new ArrayList<>(List.of(Param.LEASE));
        params.addAll(clauses.params(Param.LIMIT));
        return new Statement("UPDATE " + table(spec) + " SET " + lockedUntil + " = " + later() + " WHERE " + id
                + " IN (SELECT h." + id + " FROM " + table(spec) + " h" + clauses.where() + clauses.orderBy() + " LIMIT ?)"
                + " RETURNING " + clauses.columns() + clauses.group() + ", " + lockedUntil + " AS "
                + Label.TOKEN, params);
    }

    @Override
    public Statement extendLease(TableSpec spec) {
        String lockedUntil = quote(spec.lockedUntilColumn().orElseThrow());
        return Statement.of(extendLeaseUpdate(spec) + " RETURNING " + lockedUntil + " AS " + Label.TOKEN,
                Param.LEASE, Param.ID, Param.TOKEN);
    }

    @Override
    public Optional<Statement> extendLeaseAfterCutOff(TableSpec spec) {
        String lockedUntil = quote(spec.lockedUntilColumn().orElseThrow());
        return Optional.of(Statement.of(extendLeaseAfterCutOffUpdate(spec,
                        c -> "strftime('%Y-%m-%d %H:%M:%f', " + c + ", (? / -1000.0) || ' seconds')")
                + " RETURNING " + lockedUntil + " AS " + Label.TOKEN, extendLeaseAfterCutOffParams()));
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

    /**
     * No lock clause: SQLite has no row locks, and its writers take turns. The cancel's move that
     * follows, in the same transaction, fails rather than write over a lease another connection
     * took meanwhile (in WAL mode a read transaction whose snapshot is stale cannot write).
     */
    @Override
    public Statement holdPendingRow(TableSpec spec) {
        return pendingRowQuery(spec, new io.inboxra.dialect.RowLocking("", ""));
    }

    @Override
    public Statement purge(TableSpec spec) {
        String id = quote(spec.idColumn());
        return Statement.of("DELETE FROM " + table(spec) + " WHERE " + id + " IN (SELECT " + id + " FROM " + table(spec)
                + " WHERE " + quote(spec.processedAtColumn().orElseThrow())
                + " < strftime('%Y-%m-%d %H:%M:%f', 'now', (-? / 1000.0) || ' seconds') LIMIT ?)",
                Param.AGE, Param.LIMIT);
    }

    /** SQLite writes row values without the ROW keyword. */
    @Override
    protected String precedes(List<String> first, List<String> second) {
        return RowValues.precedes("", first, second);
    }
}
