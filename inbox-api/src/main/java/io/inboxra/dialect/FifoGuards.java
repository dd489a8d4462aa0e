package io.inboxra.dialect;

import java.util.Optional;

/**
 * The FIFO guards of the row lock form, where a dialect keeps FIFO groups in it: a group (or one of
 * its {@code groupConcurrency} slots) taken for the claim's transaction, so that no two rows of a
 * group are in work at once across workers and servers, and its release where the guard outlives the
 * transaction. Empty by default: the row lock form then refuses a table with FIFO groups.
 */
public interface FifoGuards {


    /**
     * The FIFO guard of the row lock form: takes the group {@link Param#GROUP} for the claim's
     * transaction, until it ends, and returns one row with {@code true} when it did.
     *
     * @param spec the table, with FIFO groups
     * @return the statement, or empty when the dialect keeps no FIFO groups in the row lock form
     */
    default Optional<Statement> fifoGuard(TableSpec spec) {
        return Optional.empty();
    }

    /**
     * Releases the FIFO guard of the group {@link Param#GROUP} once the claim's transaction has
     * ended, for databases whose guard outlives the transaction (a session lock).
     *
     * @param spec the table, with FIFO groups
     * @return the statement, or empty when the guard ends with the transaction
     */
    default Optional<Statement> fifoRelease(TableSpec spec) {
        return Optional.empty();
    }

    /**
     * The FIFO guard of the row lock form with {@link TableSpec#groupConcurrency()} above 1: takes the
     * slot {@link Param#SLOT} of the group {@link Param#GROUP} for the claim's transaction, until it ends,
     * and returns one row with {@code true} when it did, {@code false} (never waiting) when another
     * transaction holds it. A group has {@code groupConcurrency} slots, so no more rows of a group are in
     * work at once, across workers and servers, even when a row enters the group ahead of those in work.
     * The adapter tries a row's group's slots in turn, never one its own transaction took already (a lock
     * its session holds may be taken again).
     *
     * <pre>{@code
     * SELECT pg_try_advisory_xact_lock(hashtext('jobs'), hashtext(?::text || ':' || ?::text))  -- GROUP, SLOT
     * }</pre>
     *
     * @param spec the table, with FIFO groups
     * @return the statement, or empty when the dialect keeps no group in the row lock form with more than one
     *         row in work (the activation then refuses a {@code groupConcurrency} above 1)
     */
    default Optional<Statement> fifoSlotGuard(TableSpec spec) {
        return Optional.empty();
    }

    /**
     * Releases the slot {@link Param#SLOT} of the group {@link Param#GROUP} once the claim's transaction has
     * ended, for databases whose {@link #fifoSlotGuard} outlives the transaction (a session lock).
     *
     * @param spec the table, with FIFO groups
     * @return the statement, or empty when the slot is let go with the transaction
     */
    default Optional<Statement> fifoSlotRelease(TableSpec spec) {
        return Optional.empty();
    }
}
