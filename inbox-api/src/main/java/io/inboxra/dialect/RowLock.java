package io.inboxra.dialect;

/**
 * The row lock form of a dialect: a claim that locks its rows until its transaction ends.
 *
 * <p>A table that names neither a locked-until column nor an advisory lock takes its rows
 * this way. The claim runs in the delivery's XA branch, locks the claimable rows it selects
 * and skips rows another claim holds (so claims never wait for each other); the settlement
 * runs in the same branch; a crash rolls the branch back and the rows return at once.
 * {@link StandardRowLock} writes the claim from the claim rules ({@link ClaimClauses}); a
 * dialect of a database with other limit or lock syntax overrides only those.
 *
 * <pre>{@code
 * // PostgreSQL, labelled by role, the subscription's queue, due rows only
 * Statement.of("SELECT \"id\" AS inbox_id, \"payload\" AS inbox_payload FROM \"jobs\" h"
 *         + " WHERE \"queue\" = ? AND (\"due_at\" IS NULL OR \"due_at\" <= CURRENT_TIMESTAMP)"
 *         + " ORDER BY \"priority\", \"due_at\", \"id\" LIMIT ? FOR UPDATE SKIP LOCKED",
 *         Param.QUEUE, Param.LIMIT);
 * }</pre>
 */
public interface RowLock extends Dialect {

    /**
     * The statement that claims up to {@link Param#LIMIT} claimable rows of the subscription's
     * queue, in claim order (priority, due, id), and locks them until the claim's transaction
     * ends, skipping rows that other transactions hold. Claimable, as {@link ClaimClauses} writes
     * it: of the queue, due (due column empty or at or before now), not marked processed, not
     * marked dead, and the head of its FIFO group (no unfinished row of the group before it by
     * priority and id). Each row is labelled as {@link ClaimClauses#columns()} labels it, with
     * its group ({@link Label#GROUP}) in a table with FIFO groups.
     *
     * @param spec the table
     * @return the claim
     * @throws StatementException {@link StatementException.Kind#FORM_MISMATCH} for a table
     *         in another form; {@link StatementException.Kind#UNSUPPORTED_FIFO} for a table
     *         with FIFO groups when the dialect builds no such claim
     */
    Statement lockClaim(TableSpec spec) throws StatementException;
}
