package io.inboxra.ra.xa;

import java.sql.SQLException;

/**
 * What a delivery records when its transaction rolls back, so that its row is let go only with
 * the failure counted (see {@link DeliveryBranch}).
 *
 * @param <C> the form's connection type
 */
public interface FailureRecord<C> {

    /**
     * Writes the failure's record into the branch, which was never prepared (back to the
     * savepoint after the claim, then the record).
     *
     * @return whether a record was written: the branch then commits that alone
     */
    boolean inBranch(C connection) throws SQLException;

    /**
     * The branch was prepared and is about to roll back: a prepared branch takes no more
     * statements, so the record is sent from a connection of its own, where it waits for the
     * row's lock, before the branch lets the lock go.
     *
     * @return the record as sent: told once the branch has rolled back, or dropped
     */
    Queued queue();

    /** A failure's record sent before a prepared branch's rollback, waiting for the row's lock. */
    interface Queued {

        /** Nothing was sent: the rollback alone. */
        Queued NONE = new Queued() {
            @Override
            public boolean isQueued() {
                return false;
            }

            @Override
            public void branchRolledBack() {
            }

            @Override
            public void dropped() {
            }
        };

        /** @return whether a record was sent */
        boolean isQueued();

        /** The branch rolled back (or was found never prepared): the record takes the row's lock and commits. */
        void branchRolledBack();

        /** The branch's rollback failed: the record is given up, the row stays the branch's. */
        void dropped();
    }
}
