package io.inboxra.ra.xa;

import java.sql.SQLException;
import javax.transaction.xa.XAException;

/**
 * What a delivery records when its transaction rolls back, so that its row is let go only with
 * the failure counted (see {@link DeliveryBranch}).
 *
 * @param <C> the form's connection type
 */
public interface FailureRecord<C> {

    /** The rollback of a prepared branch, handed to {@link #aroundPreparedRollback}. */
    interface PreparedRollback {
        void run() throws XAException;
    }

    /**
     * Writes the failure's record into the branch, which was never prepared (back to the
     * savepoint after the claim, then the record).
     *
     * @return whether a record was written: the branch then commits that alone
     */
    boolean inBranch(C connection) throws SQLException;

    /** Rolls a prepared branch back, counting the failure so that no other claim sees the row first. */
    void aroundPreparedRollback(PreparedRollback rollback) throws XAException;
}
