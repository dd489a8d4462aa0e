package io.inboxra.ra.xa;

import javax.transaction.xa.XAException;
import javax.transaction.xa.Xid;

/** Finishes a prepared {@link DeliveryBranch} from a connection of its own, when the branch's connection failed. */
public interface BranchFinisher {

    void commit(Xid xid) throws XAException;

    void rollback(Xid xid) throws XAException;
}
