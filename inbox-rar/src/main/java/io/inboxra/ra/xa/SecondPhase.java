package io.inboxra.ra.xa;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.OptionalLong;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * The second phase of a prepared {@link DeliveryBranch}: on the branch's own connection, and,
 * when that failed or is gone, from a fresh one ({@link BranchFinisher}), which throws
 * {@code XAER_RMFAIL} until it succeeds: never a success it did not have.
 */
final class SecondPhase {

    private static final Logger LOG = System.getLogger(SecondPhase.class.getName());

    private SecondPhase() {
    }

    /**
     * @param database the branch's resource, or null once its connection is gone
     * @param session the session of the branch's connection, when known
     * @param connectionLost called when the branch's own connection failed
     */
    static void commit(Xid xid, XAResource database, OptionalLong session, BranchFinisher finisher,
            Runnable connectionLost) throws XAException {
        if (database != null) {
            try {
                database.commit(xid, false);
                return;
            } catch (XAException e) {
                LOG.log(Level.WARNING, "The second-phase commit of a delivery's branch failed on its connection ("
                        + XaErrors.describe(e) + "); committing it from a new connection", e);
                connectionLost.run();
            }
        }
        try {
            finisher.commit(xid, session);
        } catch (XAException e) {
            if (e.errorCode != XAException.XAER_NOTA) {
                throw e;
            }
            // The commit already sent on the lost connection went through (the driver failed only after
            // it): the database no longer lists the branch (the finisher answers XAER_RMFAIL while it does).
            // Nothing else ends a prepared branch of the adapter's this soon (its in-doubt resolver never
            // touches a branch whose commit was called).
            LOG.log(Level.INFO, "The delivery branch's commit had completed before its connection was lost");
        }
    }

    /**
     * @param database the branch's resource, or null once its connection is gone
     * @param session the session of the branch's connection, when known
     * @param connectionLost called when the branch's own connection failed
     */
    static void rollback(Xid xid, XAResource database, OptionalLong session, BranchFinisher finisher,
            Runnable connectionLost) throws XAException {
        if (database != null) {
            try {
                database.rollback(xid);
                return;
            } catch (XAException e) {
                LOG.log(Level.WARNING, "The rollback of a prepared delivery branch failed on its connection ("
                        + XaErrors.describe(e) + "); rolling it back from a new connection", e);
                connectionLost.run();
            }
        }
        finisher.rollback(xid, session);
    }
}
