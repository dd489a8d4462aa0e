package io.inboxra.ra.xa;

import javax.transaction.xa.XAException;
import javax.transaction.xa.Xid;

/** Finishes a prepared {@link DeliveryBranch} from a connection of its own, when the branch's connection failed. */
public interface BranchFinisher {

    /**
     * @throws XAException {@code XAER_NOTA} only when the database no longer lists the branch (a commit
     *         already made); {@code XAER_RMFAIL} while it cannot be finished or the database still lists it
     */
    void commit(Xid xid) throws XAException;

    void rollback(Xid xid) throws XAException;
}
