package io.inboxra.dialect;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

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
 * <p>Its statements come in parts, each an interface of its own: {@link SettlementStatements}
 * (settle, retry, dead-letter), {@link FifoGuards}, {@link KeyedInserts} (the producer's insert by
 * key), {@link RetentionStatements}, {@link ConnectionSetup} (version, session, XA resource) and
 * {@link OperatorQueries}, all spelled with {@link SqlSpelling}. A dialect implements
 * {@code Dialect}, which joins them; the parts only keep each file to one subject.
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
public interface Dialect extends OperatorQueries, SettlementStatements, FifoGuards, KeyedInserts, RetentionStatements,
        ConnectionSetup {

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
