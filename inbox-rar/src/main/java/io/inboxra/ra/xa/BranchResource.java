package io.inboxra.ra.xa;

import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * The adapter's XA resource for one worker's connection: the container enlists it in the
 * delivery's transaction, and every call goes to the database connection's own resource.
 *
 * <p>It differs from the driver's resource in two ways. It is the same resource manager only
 * as itself, so a transaction manager never joins another connection's branch to it (some
 * drivers answer {@code isSameRM} true for any connection to the same server, and the join
 * then fails or runs outside the transaction). And the adapter can mark the branch
 * rollback-only (a failed claim or settlement, a listener that threw): the branch then votes
 * rollback at prepare or one-phase commit, so the MDB's work cannot commit without the
 * settlement.
 */
public final class BranchResource implements XAResource {

    private final XAResource database;
    private volatile Xid active;
    private volatile boolean rollbackOnly;

    /** @param database the XA resource of the worker's connection */
    public BranchResource(XAResource database) {
        this.database = database;
    }

    /** @return whether a branch has been started on the connection and not yet ended */
    public boolean isStarted() {
        return active != null;
    }

    /** Makes the current branch vote rollback. */
    public void markRollbackOnly() {
        rollbackOnly = true;
    }

    @Override
    public void start(Xid xid, int flags) throws XAException {
        database.start(xid, flags);
        if (flags == TMNOFLAGS) {
            rollbackOnly = false;
        }
        active = xid;
    }

    @Override
    public void end(Xid xid, int flags) throws XAException {
        active = null;
        database.end(xid, rollbackOnly ? TMFAIL : flags);
    }

    @Override
    public int prepare(Xid xid) throws XAException {
        if (rollbackOnly) {
            database.rollback(xid);
            throw new XAException(XAException.XA_RBROLLBACK);
        }
        return database.prepare(xid);
    }

    @Override
    public void commit(Xid xid, boolean onePhase) throws XAException {
        if (onePhase && rollbackOnly) {
            database.rollback(xid);
            throw new XAException(XAException.XA_RBROLLBACK);
        }
        database.commit(xid, onePhase);
    }

    @Override
    public void rollback(Xid xid) throws XAException {
        database.rollback(xid);
    }

    @Override
    public void forget(Xid xid) throws XAException {
        database.forget(xid);
    }

    @Override
    public Xid[] recover(int flag) throws XAException {
        return database.recover(flag);
    }

    @Override
    public boolean isSameRM(XAResource other) {
        return other == this;
    }

    @Override
    public int getTransactionTimeout() throws XAException {
        return database.getTransactionTimeout();
    }

    @Override
    public boolean setTransactionTimeout(int seconds) throws XAException {
        return database.setTransactionTimeout(seconds);
    }
}
