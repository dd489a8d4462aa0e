package io.inboxra.ra.recovery;

import io.inboxra.ra.xa.XaErrors;

import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * A connection's XA resource handed to a server's transaction recovery
 * ({@code ResourceAdapter.getXAResources}): it finds the database's prepared branches and
 * finishes them as the transaction manager decides. Like the delivery branches, it is the same
 * resource manager only as itself, so no transaction manager joins another connection to it.
 */
public final class RecoveryResource implements XAResource {

    private final XAResource database;

    public RecoveryResource(XAResource database) {
        this.database = database;
    }

    @Override
    public void commit(Xid xid, boolean onePhase) throws XAException {
        try {
            database.commit(xid, onePhase);
        } catch (XAException e) {
            throw XaErrors.withCode(e);
        }
    }

    @Override
    public void rollback(Xid xid) throws XAException {
        try {
            database.rollback(xid);
        } catch (XAException e) {
            throw XaErrors.withCode(e);
        }
    }

    @Override
    public void forget(Xid xid) throws XAException {
        try {
            database.forget(xid);
        } catch (XAException e) {
            throw XaErrors.withCode(e);
        }
    }

    @Override
    public Xid[] recover(int flag) throws XAException {
        try {
            return database.recover(flag);
        } catch (XAException e) {
            throw XaErrors.withCode(e);
        }
    }

    @Override
    public void start(Xid xid, int flags) throws XAException {
        throw new XAException(XAException.XAER_PROTO);
    }

    @Override
    public void end(Xid xid, int flags) throws XAException {
        throw new XAException(XAException.XAER_PROTO);
    }

    @Override
    public int prepare(Xid xid) throws XAException {
        throw new XAException(XAException.XAER_PROTO);
    }

    @Override
    public boolean isSameRM(XAResource other) {
        return other == this;
    }

    @Override
    public int getTransactionTimeout() {
        return 0;
    }

    @Override
    public boolean setTransactionTimeout(int seconds) {
        return false;
    }
}
