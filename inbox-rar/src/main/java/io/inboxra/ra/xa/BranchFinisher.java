package io.inboxra.ra.xa;

import java.util.OptionalLong;
import javax.transaction.xa.XAException;
import javax.transaction.xa.Xid;

/**
 * Finishes a prepared {@link DeliveryBranch} from a connection of its own, when the branch's connection failed.
 * Each call names the failed connection's session, where the dialect told it: the branch is finished only once
 * that session is gone (MariaDB acknowledges a decision sent while the session closes and leaves the branch
 * prepared, unlisted, for ever).
 */
public interface BranchFinisher {

    /**
     * @param lostSession the session of the branch's failed connection, when known
     * @throws XAException {@code XAER_NOTA} only when the database no longer lists the branch (a commit
     *         already made); {@code XAER_RMFAIL} while it cannot be finished, the database still lists it,
     *         or the lost session is still there
     */
    void commit(Xid xid, OptionalLong lostSession) throws XAException;

    /** @param lostSession the session of the branch's failed connection, when known */
    void rollback(Xid xid, OptionalLong lostSession) throws XAException;
}
