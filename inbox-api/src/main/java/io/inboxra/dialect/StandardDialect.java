package io.inboxra.dialect;

import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * A dialect in standard SQL, whatever forms it offers: the claim rules ({@link #clauses}), the
 * reschedule, the idle probe, the advisory form's re-check and the lease form's release and
 * extension, written with the claim rules every form shares. A subclass gives its database's
 * clock arithmetic ({@link #later()}) and, where its database spells them otherwise, its
 * quoting, row limit and row value comparison. For the row lock form extend
 * {@link StandardRowLock}.
 *
 * <pre>{@code
 * public class MyLeaseDialect extends StandardDialect implements Lease {
 *     public String name() { return "mydb"; }
 *     protected String later() { return "DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP)"; }
 *     public Statement leaseClaim(TableSpec spec) throws StatementException { ... clauses(spec) ... }
 *     public Statement extendLease(TableSpec spec) { ... extendLeaseUpdate(spec) ... }
 * }
 * }</pre>
 */
public abstract class StandardDialect implements Dialect {

    /**
     * The database's clock plus a bound number of milliseconds: a retry's due time, a lease's end.
     *
     * @return SQL with one {@code ?} (a {@code long} of milliseconds)
     */
    protected abstract String later();

    /**
     * How this database limits a query's rows.
     *
     * @return {@link RowLimit#LIMIT} by default
     */
    protected RowLimit rowLimit() {
        return RowLimit.LIMIT;
    }

    /**
     * A comparison of two rows' order keys, true when the first row comes before the second:
     * by default written out column by column ({@code a1 < b1 OR (a1 = b1 AND a2 < b2)}), which
     * every database reads; a database with row values may write {@code ROW(a1, a2) < ROW(b1, b2)}.
     *
     * @param first the first row's key, as qualified column names
     * @param second the second row's key, as long as the first
     * @return the condition
     */
    protected String precedes(List<String> first, List<String> second) {
        if (first.size() == 1) {
            return first.get(0) + " < " + second.get(0);
        }
        return "(" + first.get(0) + " < " + second.get(0) + " OR (" + first.get(0) + " = " + second.get(0) + " AND "
                + precedes(first.subList(1, first.size()), second.subList(1, second.size())) + "))";
    }

    /**
     * The end of a subquery that yields a row only when its rows number more than {@code skipped}: it
     * skips that many and keeps one. A FIFO group's claim with {@code groupConcurrency} above 1 asks
     * {@code (SELECT 1 FROM ... <this>) IS NULL}: fewer than that many rows of the group come first.
     * By default {@code LIMIT 1 OFFSET skipped} (PostgreSQL, MySQL, MariaDB, H2, SQLite).
     *
     * @param skipped the rows skipped, at least 1
     * @return the clause, with a leading space
     */
    protected String oneRowAfter(int skipped) {
        return " LIMIT 1 OFFSET " + skipped;
    }

    /**
     * @param spec the table
     * @return the table's claim rules, written in this dialect
     */
    public ClaimClauses clauses(TableSpec spec) {
        return new ClaimClauses(this, spec);
    }

    /**
     * Refuses a table in another form than the statement's.
     *
     * @param spec the table
     * @param form the form the statement is for
     * @throws StatementException {@link StatementException.Kind#FORM_MISMATCH} when the table is in another form
     */
    protected void requireForm(TableSpec spec, Form form) throws StatementException {
        if (spec.form() != form) {
            throw new StatementException(StatementException.Kind.FORM_MISMATCH, name(),
                    "the " + form + " claim is for tables in the " + form + " form; this table is in the "
                            + spec.form() + " form");
        }
    }

    /** The due time moved by {@link Param#DELAY}, one more attempt counted, the lease cleared (fenced). */
    @Override
    public Statement reschedule(TableSpec spec) {
        StringBuilder set = new StringBuilder(quote(spec.dueColumn().orElseThrow()) + " = " + later());
        spec.attemptColumn().ifPresent(a -> set.append(", ").append(quote(a)).append(" = ").append(quote(a)).append(" + 1"));
        spec.lockedUntilColumn().ifPresent(l -> set.append(", ").append(quote(l)).append(" = NULL"));
        String where = " WHERE " + quote(spec.idColumn()) + " = ?";
        if (spec.form() == Form.LEASE) {
            return Statement.of("UPDATE " + table(spec) + " SET " + set + where + " AND "
                    + quote(spec.lockedUntilColumn().orElseThrow()) + " = ?" + unsettled(spec),
                    Param.DELAY, Param.ID, Param.TOKEN);
        }
        return Statement.of("UPDATE " + table(spec) + " SET " + set + where + unsettled(spec), Param.DELAY, Param.ID);
    }

    /** One claimable row, or none: read without locks. */
    @Override
    public Optional<Statement> probe(TableSpec spec) {
        ClaimClauses clauses = clauses(spec);
        return Optional.of(new Statement("SELECT " + rowLimit().beforeColumns(1) + "1 FROM " + table(spec) + " h"
                + clauses.where() + rowLimit().afterOrder(1), clauses.params()));
    }

    /** The claimable rows' count, smallest due time, smallest id, and the database's time: read without locks. */
    @Override
    public Optional<Statement> backlog(TableSpec spec) {
        ClaimClauses clauses = clauses(spec);
        String due = spec.dueColumn().map(d -> "MIN(h." + quote(d) + ")").orElse("NULL");
        return Optional.of(new Statement("SELECT COUNT(*), " + due + ", MIN(h." + quote(spec.idColumn()) + "), "
                + currentTimestamp() + " FROM " + table(spec) + " h" + clauses.where(), clauses.params()));
    }

    /** Dead letters whose dead-at time is before the database's clock plus {@link Param#DELAY} (the negated age). */
    @Override
    public Statement discardDeadLetters(TableSpec spec) {
        List<Param> params = new java.util.ArrayList<>(deadLetterCount(spec).params());
        params.add(Param.DELAY);
        return new Statement("DELETE FROM " + deadLetters(spec, " < " + later()), params);
    }

    /**
     * The advisory form's re-check: the row {@link Param#ID} read afresh, only while still claimable.
     *
     * @param spec the table
     * @return the statement, binding the claim's conditions, then ID
     */
    public Statement recheck(TableSpec spec) {
        ClaimClauses clauses = clauses(spec);
        String where = clauses.where();
        return new Statement("SELECT " + clauses.columns() + " FROM " + table(spec) + " h"
                + (where.isEmpty() ? " WHERE " : where + " AND ") + "h." + quote(spec.idColumn()) + " = ?",
                clauses.params(Param.ID));
    }

    /**
     * The advisory lock form's re-read of a batch: as {@link #recheck}, the ids in an
     * {@code IN} list.
     *
     * @param spec the table
     * @param rows how many rows it reads
     * @return the statement
     */
    public Optional<Statement> recheckAll(TableSpec spec, int rows) {
        ClaimClauses clauses = clauses(spec);
        String where = clauses.where();
        return Optional.of(new Statement("SELECT " + clauses.columns() + " FROM " + table(spec) + " h"
                + (where.isEmpty() ? " WHERE " : where + " AND ") + "h." + idsIn(spec, rows),
                clauses.params(ids(rows))));
    }

    /**
     * @param rows how many ids
     * @return the id column in a list of as many placeholders: {@code "id" IN (?, ?, ?)}
     */
    protected String idsIn(TableSpec spec, int rows) {
        StringBuilder in = new StringBuilder(quote(spec.idColumn()) + " IN (");
        for (int i = 0; i < rows; i++) {
            in.append(i == 0 ? "?" : ", ?");
        }
        return in.append(')').toString();
    }

    /** @return {@link Param#ID}, as many times: the ids of an {@link #idsIn} list */
    protected static Param[] ids(int rows) {
        Param[] ids = new Param[rows];
        java.util.Arrays.fill(ids, Param.ID);
        return ids;
    }

    /**
     * The lease form's release: the lease of the row {@link Param#ID} whose token is {@link Param#TOKEN} cleared.
     *
     * @param spec the table
     * @return the statement
     */
    public Statement releaseLease(TableSpec spec) {
        String lockedUntil = quote(spec.lockedUntilColumn().orElseThrow());
        return Statement.of("UPDATE " + table(spec) + " SET " + lockedUntil + " = NULL WHERE "
                + quote(spec.idColumn()) + " = ? AND " + lockedUntil + " = ?", Param.ID, Param.TOKEN);
    }

    /**
     * The lease form's extension, without a result: the lease written anew ({@link Param#LEASE})
     * for the row {@link Param#ID} still holding {@link Param#TOKEN}.
     *
     * @param spec the table
     * @return the SQL; a database with {@code RETURNING} adds it
     */
    protected String extendLeaseUpdate(TableSpec spec) {
        String lockedUntil = quote(spec.lockedUntilColumn().orElseThrow());
        return "UPDATE " + table(spec) + " SET " + lockedUntil + " = " + later() + " WHERE "
                + quote(spec.idColumn()) + " = ? AND " + lockedUntil + " = ?";
    }

    /**
     * The lease form's extension after one that went unanswered ({@link Lease#extendLeaseAfterCutOff}),
     * without a result: the lease written anew ({@link Param#LEASE}) for the row {@link Param#ID}
     * whose lease is later than {@link Param#TOKEN} by less than {@link Param#LEASE}. Binds LEASE,
     * ID, TOKEN, LEASE, TOKEN.
     *
     * @param spec the table
     * @param leaseEarlier the lease column's value moved back by {@code ?} milliseconds, in the
     *        database's clock arithmetic, given the quoted column: for PostgreSQL
     *        {@code c -> c + " - ? * interval '1 millisecond'"}
     * @return the SQL; a database with {@code RETURNING} adds it
     */
    protected String extendLeaseAfterCutOffUpdate(TableSpec spec, UnaryOperator<String> leaseEarlier) {
        String lockedUntil = quote(spec.lockedUntilColumn().orElseThrow());
        return "UPDATE " + table(spec) + " SET " + lockedUntil + " = " + later() + " WHERE "
                + quote(spec.idColumn()) + " = ? AND " + lockedUntil + " > ? AND "
                + leaseEarlier.apply(lockedUntil) + " < ?";
    }

    /** @return the parameters of {@link #extendLeaseAfterCutOffUpdate}'s statement, in order */
    protected static Param[] extendLeaseAfterCutOffParams() {
        return new Param[] {Param.LEASE, Param.ID, Param.TOKEN, Param.LEASE, Param.TOKEN};
    }
}
