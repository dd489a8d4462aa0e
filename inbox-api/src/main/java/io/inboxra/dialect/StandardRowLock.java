package io.inboxra.dialect;

import java.util.ArrayList;
import java.util.List;

/**
 * The row lock form in standard SQL: one query that selects the claimable rows in claim order
 * ({@link ClaimClauses}), limits them and locks them, skipping rows another claim holds. A
 * subclass spells the limit ({@link #rowLimit()}) and the lock ({@link #lockHints} after the
 * table, or {@link #lockClause} at the end) as its database does:
 *
 * <pre>{@code
 * SELECT <rowLimit before> <columns> FROM <table> h <lockHints> WHERE <claimable>
 *     ORDER BY <priority, due, id> <rowLimit after> <lockClause>
 * }</pre>
 *
 * By default {@code LIMIT ?} and {@code FOR UPDATE SKIP LOCKED} (PostgreSQL, MySQL, MariaDB, H2).
 * SQL Server:
 *
 * <pre>{@code
 * public class SqlServerDialect extends StandardRowLock {
 *     public String name() { return "sqlserver"; }
 *     public String quote(String identifier) { return "[" + identifier + "]"; }
 *     protected String later() { return "DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP)"; }
 *     protected RowLimit rowLimit() { return RowLimit.TOP; }
 *     protected String lockHints(TableSpec spec) { return " WITH (UPDLOCK, READPAST, ROWLOCK)"; }
 *     protected String lockClause(TableSpec spec) { return ""; }
 * }
 * }</pre>
 *
 * A table with FIFO groups is refused unless the dialect has a {@link #fifoGuard}.
 */
public abstract class StandardRowLock extends StandardDialect implements RowLock {

    /**
     * The claim: the claimable rows, limited, in claim order, locked.
     *
     * @throws StatementException {@link StatementException.Kind#FORM_MISMATCH} for a table in
     *         another form, {@link StatementException.Kind#UNSUPPORTED_FIFO} for FIFO groups
     *         without a {@link #fifoGuard}
     */
    @Override
    public Statement lockClaim(TableSpec spec) throws StatementException {
        requireForm(spec, Form.ROW_LOCK);
        if (spec.isFifo() && fifoGuard(spec).isEmpty()) {
            throw new StatementException(StatementException.Kind.UNSUPPORTED_FIFO, name(),
                    "this dialect keeps no FIFO groups in the row lock form; remove 'fifoColumn'");
        }
        ClaimClauses clauses = clauses(spec);
        return limitedAndLocked(spec, clauses.columns() + clauses.group());
    }

    /**
     * The first step of a lease claim where {@code UPDATE} returns no rows ({@link LeaseInSteps}):
     * the ids of the claimable rows, labelled {@link Label#ID}, limited, in claim order, locked.
     *
     * @param spec the table
     * @return the statement
     * @throws StatementException {@link StatementException.Kind#FORM_MISMATCH} for a table in another form
     */
    public Statement leaseIds(TableSpec spec) throws StatementException {
        requireForm(spec, Form.LEASE);
        return limitedAndLocked(spec, clauses(spec).id());
    }

    /**
     * The second step of a lease claim in steps: the lease of the row {@link Param#ID} written,
     * {@link Param#LEASE} milliseconds from now.
     *
     * @param spec the table
     * @return the statement
     */
    public Statement leaseWrite(TableSpec spec) {
        return Statement.of("UPDATE " + table(spec) + " SET " + quote(spec.lockedUntilColumn().orElseThrow()) + " = "
                + later() + " WHERE " + quote(spec.idColumn()) + " = ?", Param.LEASE, Param.ID);
    }

    /**
     * Written after the claim's table (and its alias {@code h}): a table hint that locks.
     *
     * @param spec the table
     * @return empty by default; SQL Server: {@code " WITH (UPDLOCK, READPAST, ROWLOCK)"}
     */
    protected String lockHints(TableSpec spec) {
        return "";
    }

    /**
     * Written at the claim's end: the locking clause, for the claim's table only (never a FIFO
     * group's subquery).
     *
     * @param spec the table
     * @return {@code " FOR UPDATE SKIP LOCKED"}, with {@code OF h} for a table with FIFO groups
     */
    protected String lockClause(TableSpec spec) {
        return " FOR UPDATE" + (spec.isFifo() ? " OF h" : "") + " SKIP LOCKED";
    }

    private Statement limitedAndLocked(TableSpec spec, String columns) {
        ClaimClauses clauses = clauses(spec);
        RowLimit limit = rowLimit();
        List<Param> params = new ArrayList<>();
        if (limit.bindsFirst()) {
            params.add(Param.LIMIT);
        }
        String where = clauses.where(params);
        if (!limit.bindsFirst()) {
            params.add(Param.LIMIT);
        }
        return new Statement("SELECT " + limit.beforeColumns() + columns + " FROM " + table(spec) + " h"
                + lockHints(spec) + where + clauses.orderBy() + limit.afterOrder() + lockClause(spec), params);
    }
}
