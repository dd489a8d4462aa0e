package io.inboxra.ra.dialect;

import io.inboxra.ra.dialect.common.DefaultDriver;
import io.inboxra.ra.dialect.common.RowValues;

import io.inboxra.dialect.DatabaseVersion;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.Label;
import io.inboxra.dialect.LeaseInSteps;
import io.inboxra.dialect.MinimumVersion;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.StandardRowLock;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;
import io.inboxra.dialect.Version;

import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * H2 2.2.220 and later (the first with {@code SKIP LOCKED}): the embedded default. Row lock and
 * lease forms. The row lock claim and the lease claim's first two steps are
 * {@link StandardRowLock}'s ({@code LIMIT ? FOR UPDATE SKIP LOCKED}); H2's {@code UPDATE} returns
 * no rows, so a lease claim selects ids under lock, writes each lease and reads the row back
 * ({@link #leaseRead}), in one short transaction. Written here besides: the lease extension and
 * the retention sweep; the settlement, dead letter, reschedule, probe and lease release are the
 * standard SQL of {@link io.inboxra.dialect.StandardDialect}.
 */
public final class H2Dialect extends StandardRowLock implements LeaseInSteps {

    /** The name the {@code dialect} property takes. */
    public static final String NAME = "h2";

    /** The driver that reaches H2 by default. */
    static final DefaultDriver DRIVER = new DefaultDriver("jdbc:h2:", "org.h2.jdbcx.JdbcDataSource");

    /** H2's first version with {@code SKIP LOCKED}. */
    private static final MinimumVersion SKIP_LOCKED = new MinimumVersion(Version.of(2, 2, 220), "FOR UPDATE SKIP LOCKED");

    @Override
    public String name() {
        return NAME;
    }

    /** H2, its version as {@code 2.2.224 (2023-09-17)}. */
    @Override
    public Optional<DatabaseVersion> databaseVersion(DatabaseMetaData metadata) throws SQLException {
        String product = metadata.getDatabaseProductName();
        String version = metadata.getDatabaseProductVersion();
        return product.equalsIgnoreCase("h2")
                ? Optional.of(new DatabaseVersion(product, version, Version.parse(version))) : Optional.empty();
    }

    /** 2.2.220, in both forms. */
    @Override
    public Optional<MinimumVersion> minimumVersion(DatabaseVersion database, Form form) {
        return Optional.of(SKIP_LOCKED);
    }

    @Override
    public Optional<String> payloadBytes(String column) {
        return Optional.of("OCTET_LENGTH(" + column + ")");
    }

    @Override
    public Optional<String> payloadPreview(String column) {
        return Optional.of("SUBSTRING(" + column + " FROM 1 FOR " + PREVIEW_LENGTH + ")");
    }

    @Override
    protected String later() {
        return "DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP)";
    }

    @Override
    protected String precedes(List<String> first, List<String> second) {
        return RowValues.precedes("ROW", first, second);
    }

    @Override
    public Statement leaseIds(TableSpec spec) throws StatementException {
        if (spec.isFifo()) {
            throw new StatementException(StatementException.Kind.UNSUPPORTED_FIFO, name(),
                    "this dialect keeps no FIFO groups; remove 'fifoColumn'");
        }
        return super.leaseIds(spec);
    }

    @Override
    public Statement leaseRead(TableSpec spec) {
        return Statement.of("SELECT " + clauses(spec).columns() + ", " + quote(spec.lockedUntilColumn().orElseThrow())
                + " AS " + Label.TOKEN + " FROM " + table(spec) + " WHERE " + quote(spec.idColumn()) + " = ?", Param.ID);
    }

    @Override
    public Statement extendLease(TableSpec spec) {
        return Statement.of(extendLeaseUpdate(spec), Param.LEASE, Param.ID, Param.TOKEN);
    }

    @Override
    public Optional<Statement> extendLeaseAfterCutOff(TableSpec spec) {
        return Optional.of(Statement.of(extendLeaseAfterCutOffUpdate(spec, c -> "DATEADD(MILLISECOND, -1 * ?, " + c + ")"),
                extendLeaseAfterCutOffParams()));
    }

    /**
     * The standard {@code MERGE} (the default): a key the table holds inserts nothing. A concurrent
     * insert of the key that commits first fails this one with H2's duplicate key error (23505),
     * which ends only the statement ({@link #isKeyPresent}).
     */
    @Override
    public boolean isKeyPresent(SQLException failure, String key) {
        return failure.getErrorCode() == 23505;
    }

    @Override
    public Statement purge(TableSpec spec) {
        return Statement.of("DELETE FROM " + table(spec) + " WHERE " + quote(spec.processedAtColumn().orElseThrow())
                + " < DATEADD(MILLISECOND, -?, CURRENT_TIMESTAMP) FETCH FIRST ? ROWS ONLY", Param.AGE, Param.LIMIT);
    }
}
