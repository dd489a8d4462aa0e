package io.inboxra.dialect;

import java.util.ArrayList;
import java.util.List;

/**
 * The row lock form in standard SQL: one query that selects the claimable rows in claim order
 * ({@link ClaimClauses}), limits them and locks them, skipping rows another claim holds. A
 * subclass spells the limit ({@link #rowLimit()}) and the lock ({@link #rowLocking}: a table
 * hint, or a clause at the end) as its database does:
 *
 * <pre>{@code
 * SELECT <rowLimit before> <columns> FROM <table> h <rowLocking hints> WHERE <claimable>
 *     ORDER BY <priority, due, id> <rowLimit after> <rowLocking clause>
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
 *     protected RowLocking rowLocking(TableSpec spec) { return RowLocking.tableHints(" WITH (UPDLOCK, READPAST, ROWLOCK)"); }
 * }
 * }</pre>
 *
 * (SQL Server also spells its savepoints otherwise: {@link #claimSavepoint()}.) A table with
 * FIFO groups is refused unless the dialect has a {@link #fifoGuard}.
 */
public abstract class StandardRowLock extends StandardDialect implements RowLock {

    /**
     * The claim: the claimable rows, limited, in claim order, locked.
     *
     * @throws StatementException {@link StatementException.Kind#FORM_MISMATCH} for a table in
     *         another form, {@link StatementException.Kind#UNSUPPORTED_FIFO} for FIFO groups
     *         without a {@link #fifoGuard}, or with a {@link TableSpec#groupConcurrency()} above 1 without
     *         a {@link #fifoSlotGuard}
     */
    @Override
    public Statement lockClaim(TableSpec spec) throws StatementException {
        requireForm(spec, Form.ROW_LOCK);
        if (spec.isFifo() && fifoGuard(spec).isEmpty()) {
            throw new StatementException(StatementException.Kind.UNSUPPORTED_FIFO, name(),
                    "this dialect keeps no FIFO groups in the row lock form; remove 'fifoColumn'");
        }
        if (spec.isFifo() && spec.groupConcurrency() > 1 && fifoSlotGuard(spec).isEmpty()) {
            throw new StatementException(StatementException.Kind.UNSUPPORTED_FIFO, name(), "this dialect keeps"
                    + " no more than one row of a FIFO group in work in the row lock form ('groupConcurrency' is "
                    + spec.groupConcurrency() + "); set 'groupConcurrency' to 1, or remove it");
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
     * How the claim locks its rows.
     *
     * @param spec the table
     * @return {@link RowLocking#SKIP_LOCKED}, or {@link RowLocking#SKIP_LOCKED_OF_CLAIMED} for a
     *         table with FIFO groups (whose head check reads the table again, unlocked)
     */
    protected RowLocking rowLocking(TableSpec spec) {
        return spec.isFifo() ? RowLocking.SKIP_LOCKED_OF_CLAIMED : RowLocking.SKIP_LOCKED;
    }

    /**
     * The operator's cancel's hold on a pending row, locked as the claim locks ({@link #rowLocking}),
     * as a table without FIFO groups: the query reads the table once.
     */
    @Override
    public Statement holdPendingRow(TableSpec spec) {
        return pendingRowQuery(spec, rowLocking(spec.toBuilder().fifoColumn(null).build()));
    }

    private Statement limitedAndLocked(TableSpec spec, String columns) {
        return limitedAndLocked(spec, columns, List.of());
    }

    /**
     * The claim's query with columns of the dialect's own: the claimable rows, limited, in claim
     * order, locked as {@link #rowLocking} locks them.
     *
     * @param spec the table
     * @param columns the select list
     * @param columnParams what the select list binds, in order
     * @return the statement
     */
    protected Statement limitedAndLocked(TableSpec spec, String columns, List<Param> columnParams) {
        ClaimClauses clauses = clauses(spec);
        RowLimit limit = rowLimit();
        RowLocking locking = rowLocking(spec);
        List<Param> params = new ArrayList<>();
        if (limit.bindsFirst()) {
            params.add(Param.LIMIT);
            params.addAll(columnParams);
            params.addAll(clauses.params());
        } else {
            params.addAll(columnParams);
            params.addAll(clauses.params(Param.LIMIT));
        }
        return new Statement("SELECT " + limit.beforeColumns() + columns + " FROM " + table(spec) + " h"
                + locking.tableHints() + clauses.where() + clauses.orderBy() + limit.afterOrder() + locking.clause(),
                params);
    }
}
