package io.inboxra.dialect;

/**
 * A row lock claim that also takes a guard of each row it returns, held to the end of the
 * claim's transaction, and skips a row whose guard another transaction holds.
 *
 * <p>Why: a prepared branch keeps its row locks and its guards until it ends. When such a branch
 * must roll back (another resource failed its prepare), the adapter first sends the failure's
 * record from a connection of its own, and that record must be the next to hold the row. On a
 * database whose lock manager hands a row's lock to a waiter only once the waiter wakes (as
 * PostgreSQL does), a claim can take the row in between, before the failure is counted. So the
 * record first queues for the row's guard ({@link #claimGuard}), which passes to it the moment
 * the branch ends; every claim skips a guarded row, so none takes the row before the record
 * commits. A database whose row lock passes straight to its waiter needs no guard.
 *
 * <pre>{@code
 * // PostgreSQL: the claim keeps only the rows whose guard it can take at once ...
 * SELECT * FROM (SELECT "id" AS inbox_id, "payload" AS inbox_payload FROM "jobs" h ORDER BY "id"
 *     LIMIT ? FOR UPDATE SKIP LOCKED) claimed
 *     WHERE pg_try_advisory_xact_lock(hashtext('jobs:row'), hashtext((claimed.inbox_id)::text))
 * -- ... and the guard statement waits for the row's guard and takes it
 * SELECT pg_advisory_xact_lock(hashtext('jobs:row'), hashtext(?::text))
 * }</pre>
 */
public interface RowClaimGuard extends RowLock {

    /**
     * The statement that waits for the guard of the row {@link Param#ID} and takes it, until the
     * transaction ends. Binds ID.
     *
     * <p>Its {@link #lockClaim} must take the same guard of each row it returns, without waiting,
     * and leave out a row whose guard another transaction holds.
     *
     * @param spec the table, in the row lock form
     * @return the statement; it may return a row (its result is not read)
     */
    Statement claimGuard(TableSpec spec);
}
