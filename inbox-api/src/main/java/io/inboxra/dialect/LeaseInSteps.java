package io.inboxra.dialect;

import java.util.Optional;

/**
 * The lease form for a database whose {@code UPDATE} returns no rows (MySQL, MariaDB, H2): the
 * claim is three steps in one short transaction. {@link #leaseIds} selects the claimable ids
 * under lock; for each, {@link #leaseWrite} writes its lease and {@link #leaseRead} reads the
 * row back with its token. The lease extension ({@link #extendLease}) returns no row either: the
 * adapter reads the new token back with {@link #leaseRead}.
 *
 * <pre>{@code
 * SELECT `id` AS inbox_id FROM `jobs` h WHERE (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6))
 *     ORDER BY `id` LIMIT ? FOR UPDATE SKIP LOCKED                                  -- leaseIds: LIMIT
 * UPDATE `jobs` SET `locked_until` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND
 *     WHERE `id` = ?                                                                -- leaseWrite: LEASE, ID
 * SELECT `id` AS inbox_id, `payload` AS inbox_payload, CAST(`locked_until` AS CHAR) AS inbox_token
 *     FROM `jobs` WHERE `id` = ?                                                    -- leaseRead: ID
 * }</pre>
 *
 * {@link StandardRowLock} writes the first two steps.
 */
public interface LeaseInSteps extends Lease {

    /**
     * The first step: the ids (labelled {@link Label#ID}) of up to {@link Param#LIMIT} claimable
     * rows, as {@link Lease#leaseClaim} would claim them, in claim order, locked until the claim's
     * transaction ends, skipping rows another claim holds.
     *
     * @param spec the table
     * @return the statement
     * @throws StatementException {@link StatementException.Kind#FORM_MISMATCH} for a table in
     *         another form; {@link StatementException.Kind#UNSUPPORTED_FIFO} where the dialect keeps
     *         no FIFO groups in the lease form
     */
    Statement leaseIds(TableSpec spec) throws StatementException;

    /**
     * The second step: the lease of the row {@link Param#ID} written, {@link Param#LEASE}
     * milliseconds from the database's clock. Binds LEASE, ID.
     *
     * @param spec the table
     * @return the statement; it changes exactly the row
     */
    Statement leaseWrite(TableSpec spec);

    /**
     * The third step, and the read-back after an extension: the row {@link Param#ID} with its
     * token ({@link Label#TOKEN}), labelled as {@link Lease#leaseClaim} labels its rows.
     *
     * @param spec the table
     * @return the statement
     */
    Statement leaseRead(TableSpec spec);

    /**
     * The second step for all the ids of a claim in one statement: each one's lease written, as
     * {@link #leaseWrite} writes one. Binds LEASE, then {@link Param#ID} once per row, each the
     * next row's.
     *
     * @param spec the table
     * @param rows how many rows it writes
     * @return the statement (it changes exactly the rows), or empty: each row is then written by
     *         {@link #leaseWrite}
     */
    default Optional<Statement> leaseWriteAll(TableSpec spec, int rows) {
        return Optional.empty();
    }

    /**
     * The third step for all the ids of a claim in one statement, as {@link #leaseRead} reads one.
     * Binds {@link Param#ID} once per row, each the next row's.
     *
     * @param spec the table
     * @param rows how many rows it reads
     * @return the statement, or empty: each row is then read by {@link #leaseRead}
     */
    default Optional<Statement> leaseReadAll(TableSpec spec, int rows) {
        return Optional.empty();
    }

    /**
     * The claim in two steps instead of three, where the database can say in the first step what
     * lease the second will write (MySQL, MariaDB): as {@link #leaseIds} selects and locks, the
     * rows with every column a delivery reads (labelled as {@link Lease#leaseClaim} labels them)
     * and, as each one's token ({@link Label#TOKEN}), the lease it is about to get,
     * {@link Param#LEASE} milliseconds from the database's clock, as the lease column shows it
     * ({@link #leaseRead}'s form). {@link #leaseWriteToken} then writes that token as the lease, and
     * nothing is read back. Binds LEASE for the token's column, otherwise as {@link #leaseIds}.
     *
     * <p>The adapter reads the rows back after the write ({@link #leaseReadAll}, {@link #leaseRead})
     * until a worker's claim finds each token read back as it was written: a lease column of
     * coarser precision than the token rounds what it stores, and that worker then keeps reading
     * the rows back.
     *
     * <pre>{@code
     * SELECT `id` AS inbox_id, `payload` AS inbox_payload,
     *        CAST(CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND AS CHAR) AS inbox_token
     *     FROM `jobs` h WHERE (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6))
     *     ORDER BY `id` LIMIT ? FOR UPDATE SKIP LOCKED                                  -- leaseRows: LEASE, LIMIT
     * UPDATE `jobs` SET `locked_until` = ? WHERE `id` IN (?)                          -- leaseWriteToken: TOKEN, ID
     * }</pre>
     *
     * @param spec the table
     * @return the statement, or empty (the default): {@link #leaseIds} is the first of three steps
     * @throws StatementException as {@link #leaseIds}
     */
    default Optional<Statement> leaseRows(TableSpec spec) throws StatementException {
        return Optional.empty();
    }

    /**
     * The second step after {@link #leaseRows}: the token {@link Param#TOKEN} (the rows' own, one
     * for the claim) written as the lease of the rows, each {@link Param#ID} once per row. Binds
     * TOKEN, then the ids.
     *
     * @param spec the table
     * @param rows how many rows it writes
     * @return the statement (it changes exactly the rows), or empty where {@link #leaseRows} is
     */
    default Optional<Statement> leaseWriteToken(TableSpec spec, int rows) {
        return Optional.empty();
    }

    /**
     * Never run: a dialect in steps claims with {@link #leaseIds}, {@link #leaseWrite} and {@link #leaseRead}.
     *
     * @throws StatementException always, {@link StatementException.Kind#UNSUPPORTED}
     */
    @Override
    default Statement leaseClaim(TableSpec spec) throws StatementException {
        throw new StatementException(StatementException.Kind.UNSUPPORTED, name(),
                "this dialect claims leases in three steps (leaseIds, leaseWrite, leaseRead), not in one statement");
    }
}
