package io.inboxra.dialect;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The SQL of one database. The forms a database can claim in are capabilities: a dialect
 * implements {@link RowLock}, {@link Lease} and {@link Advisory} where its database can do them, and a subscription whose form its dialect lacks fails
 * validation.
 *
 * <p>The defaults are standard SQL; a dialect overrides what its database spells otherwise.
 * A dialect of the application's own is named by class name in the {@code dialect}
 * property and needs a public no-argument constructor:
 *
 * <pre>{@code
 * public class SqlServerDialect implements RowLock {
 *     public String name() { return "sqlserver"; }
 *     public String quote(String identifier) { return "[" + identifier + "]"; }
 *     public Statement lockClaim(TableSpec spec, ClaimShape shape) throws StatementException {
 *         if (spec.isFifo()) {
 *             throw new StatementException(StatementException.Kind.UNSUPPORTED_FIFO, name(),
 *                     "SQL Server dialect keeps no FIFO groups; remove fifoColumn");
 *         }
 *         return Statement.of("SELECT TOP (?) [id] AS inbox_id, [payload] AS inbox_payload"
 *                 + " FROM " + table(spec) + " WITH (UPDLOCK, READPAST, ROWLOCK) ORDER BY [id]",
 *                 Param.LIMIT);
 *     }
 * }
 * }</pre>
 */
public interface Dialect {

    /** @return the dialect's name, as in logs and error messages */
    String name();

    /**
     * Quotes one identifier (already checked to be letters, digits, {@code _} and {@code $}).
     *
     * @param identifier a table, schema or column name
     * @return the identifier, quoted for this database
     */
    default String quote(String identifier) {
        return '"' + identifier + '"';
    }

    /**
     * The table's name as SQL: each part of {@code schema.table} quoted.
     *
     * @param spec the table
     * @return the quoted, possibly qualified name
     */
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
                + (fenced ? " AND " + quote(spec.lockedUntilColumn().orElseThrow()) + " = ?" : "");
        Param[] params = fenced ? new Param[] {Param.ID, Param.TOKEN} : new Param[] {Param.ID};
        return spec.processedAtColumn()
                .map(column -> Statement.of("UPDATE " + table(spec) + " SET " + quote(column)
                        + " = CURRENT_TIMESTAMP" + (fenced ? ", " + quote(spec.lockedUntilColumn().get()) + " = NULL" : "")
                        + where, params))
                .orElseGet(() -> Statement.of("DELETE FROM " + table(spec) + where, params));
    }

    /**
     * The prepared, undecided XA branches of this database that hold locks on the table and
     * are older than {@link Param#AGE}, one per row labelled {@link ClaimShape#BRANCH}; the
     * adapter rolls them back ({@link #rollbackBranch}). Empty where the database cannot tell.
     *
     * @param spec the table
     * @return the query, or empty
     */
    default Optional<Statement> inDoubtBranches(TableSpec spec) {
        return Optional.empty();
    }

    /**
     * The statement that rolls back one in-doubt branch {@link #inDoubtBranches} found.
     *
     * @param branch the branch, as the query returned it
     * @return the statement (run outside a transaction)
     */
    default Optional<String> rollbackBranch(String branch) {
        return Optional.empty();
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
