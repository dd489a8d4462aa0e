package io.inboxra.dialect;

import java.util.Optional;

/**
 * The lease form of a dialect: a claim that writes an expiry into each row it takes.
 *
 * <p>Selected by a {@code lockedUntilColumn}. A short transaction of its own claims up to
 * {@link Param#LIMIT} rows whose lease is empty or has run out, writes
 * {@code locked_until = now + lease} from the database's clock, and returns the value written
 * (the delivery's fencing token, labelled {@link Label#TOKEN}). While the handler runs the
 * lease is extended; the settlement ({@link Dialect#settle}) matches only the row whose token
 * is still the one written, so a delivery that lost its lease cannot settle.
 *
 * <pre>{@code
 * // PostgreSQL: the LIMIT subquery is materialized so the planner cannot run it twice
 * WITH claimable AS MATERIALIZED (SELECT "id" FROM "jobs"
 *     WHERE "locked_until" IS NULL OR "locked_until" < now()
 *     ORDER BY "id" LIMIT ? FOR UPDATE SKIP LOCKED)
 * UPDATE "jobs" t SET "locked_until" = now() + ? * interval '1 millisecond'
 * FROM claimable c WHERE t."id" = c."id"
 * RETURNING t."id" AS inbox_id, t."payload" AS inbox_payload, t."locked_until" AS inbox_token
 * }</pre>
 */
public interface Lease extends Dialect {

    /**
     * Claims up to {@link Param#LIMIT} claimable rows (the subscription's queue, due, unmarked,
     * lease empty or expired) in claim order, writing a lease of {@link Param#LEASE} milliseconds
     * from the database's clock; returns the rows with their token ({@link Label#TOKEN}),
     * labelled as {@link ClaimClauses#columns()} labels them, with the group
     * ({@link Label#GROUP}) in a table with FIFO groups. A database whose {@code UPDATE} returns
     * no rows claims in three steps instead: {@link LeaseInSteps}.
     *
     * @param spec the table
     * @return the claim
     * @throws StatementException {@link StatementException.Kind#FORM_MISMATCH} for a table in another form
     */
    Statement leaseClaim(TableSpec spec) throws StatementException;

    /**
     * Extends the lease of the row {@link Param#ID} whose token is {@link Param#TOKEN} to
     * {@link Param#LEASE} milliseconds from now, returning the new token ({@link Label#TOKEN});
     * no row when the lease was lost ({@link LeaseInSteps}: no result, the token is read back).
     *
     * @param spec the table
     * @return the statement
     */
    Statement extendLease(TableSpec spec);

    /**
     * Extends the lease of the row {@link Param#ID} when an extension went unanswered: its
     * connection was cut off while waiting for the reply, and a database that was slow rather
     * than gone may still have written it, so the row holds a token the adapter never saw. The
     * lease is written anew, as {@link #extendLease} writes it, where it is later than the last
     * token the adapter saw ({@link Param#TOKEN}) by less than {@link Param#LEASE} milliseconds:
     * only this delivery's own extensions leave such a lease, since another claim takes the row
     * only after that token has passed and writes a whole lease beyond it (where every claim has
     * the same lease, and a lease column keeps it whole). Returns the new token
     * as {@link #extendLease} does ({@link LeaseInSteps}: no result, the token is read back).
     * Binds LEASE, ID, TOKEN, LEASE, TOKEN.
     *
     * <pre>{@code
     * UPDATE "jobs" SET "locked_until" = clock_timestamp() + ? * interval '1 millisecond'
     *     WHERE "id" = ? AND "locked_until" > ? AND "locked_until" - ? * interval '1 millisecond' < ?
     *     RETURNING "locked_until" AS inbox_token
     * }</pre>
     *
     * {@link StandardDialect#extendLeaseAfterCutOffUpdate} writes the {@code UPDATE}.
     *
     * @param spec the table
     * @return the statement, or empty (the default): after an unanswered extension that the
     *         database wrote, the adapter takes the lease for lost, and the delivery rolls back
     *         and returns once that lease has run out
     */
    default Optional<Statement> extendLeaseAfterCutOff(TableSpec spec) {
        return Optional.empty();
    }

    /**
     * Clears the lease of the row {@link Param#ID} whose token is {@link Param#TOKEN}, so that
     * the next claim can take it at once.
     *
     * @param spec the table
     * @return the statement
     */
    Statement releaseLease(TableSpec spec);
}
