package io.inboxra.dialect;

/**
 * The row lock form of a dialect: a claim that locks its rows until its transaction ends.
 *
 * <p>A table that names neither a locked-until column nor an advisory lock takes its rows
 * this way. The claim runs in the delivery's XA branch, locks the claimable rows it selects
 * and skips rows another claim holds (so claims never wait for each other); the settlement
 * runs in the same branch; a crash rolls the branch back and the rows return at once.
 *
 * <pre>{@code
 * // PostgreSQL, labelled by role, the subscription's queue, due rows only
 * Statement.of("SELECT \"id\" AS inbox_id, \"payload\" AS inbox_payload FROM \"jobs\""
 *         + " WHERE \"queue\" = ? AND \"due_at\" <= CURRENT_TIMESTAMP"
 *         + " ORDER BY \"priority\", \"due_at\", \"id\" LIMIT ? FOR UPDATE SKIP LOCKED",
 *         Param.QUEUE, Param.LIMIT);
 * }</pre>
 */
public interface RowLock extends Dialect {

    /**
     * The statement that claims up to {@link Param#LIMIT} claimable rows of the
     * subscription's queue, in claim order (priority, due, id), and locks them until the
     * claim's transaction ends, skipping rows that other transactions hold. Claimable: due
     * (due column at or before now), and not marked processed.
     *
     * @param spec the table
     * @param shape what each returned row holds
     * @return the claim
     * @throws StatementException {@link StatementException.Kind#FORM_MISMATCH} for a table
     *         in another form; {@link StatementException.Kind#UNSUPPORTED_FIFO} for a table
     *         with FIFO groups when the dialect builds no such claim
     */
    Statement lockClaim(TableSpec spec, ClaimShape shape) throws StatementException;
}
