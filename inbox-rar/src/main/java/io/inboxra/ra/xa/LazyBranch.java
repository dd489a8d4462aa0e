package io.inboxra.ra.xa;

import java.util.Optional;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * The adapter's XA resource for the lease and advisory lock forms: enlisted in the delivery's
 * transaction, it remembers the xid and starts a branch only when the settlement needs a
 * connection ({@link #open}); prepare, commit and rollback then go to that connection's
 * resource, and the connection is given back once the branch is decided. A transaction that
 * never settled (the listener failed) costs no connection.
 *
 * <p>Like {@link BranchResource}, it is the same resource manager only as itself, and a branch
 * marked rollback-only (a settlement that matched nothing: the lease was lost) votes rollback,
 * so the MDB's own work rolls back with it.
 */
public final class LazyBranch implements XAResource {

    /** Where the branch's connection comes from, and goes back to. */
    public interface Connections<C> {
        /** @return a connection for the settlement */
        C acquire() throws Exception;

        /** @return the connection's XA resource */
        XAResource resource(C connection) throws Exception;

        /** Gives the connection back once its branch is decided. */
        void release(C connection);
    }

    /** How the transaction ended, as this resource saw it. */
    public enum Ending { COMMITTED, ROLLED_BACK }

    private final Connections<Object> connections;
    private volatile Xid xid;
    private volatile Object connection;
    private volatile XAResource database;
    private volatile boolean rollbackOnly;
    private volatile Ending ending;
    private int timeout;

    @SuppressWarnings("unchecked")
    public <C> LazyBranch(Connections<C> connections) {
        this.connections = (Connections<Object>) connections;
    }

    /** @return whether the container has enlisted this resource in a transaction */
    public boolean isEnlisted() {
        return xid != null;
    }

    /**
     * Starts the branch on a connection, once, and returns that connection.
     *
     * @return the connection, now in the delivery's transaction
     */
    @SuppressWarnings("unchecked")
    public <C> C open() throws Exception {
        if (connection == null) {
            Object c = connections.acquire();
            XAResource resource = connections.resource(c);
            try {
                if (timeout > 0) {
                    resource.setTransactionTimeout(timeout);
                }
                resource.start(xid, TMNOFLAGS);
            } catch (XAException | RuntimeException e) {
                connections.release(c);
                throw e;
            }
            connection = c;
            database = resource;
        }
        return (C) connection;
    }

    public void markRollbackOnly() {
        rollbackOnly = true;
    }

    /** @return how the transaction ended, once it has */
    public Optional<Ending> ending() {
        return Optional.ofNullable(ending);
    }

    @Override
    public void start(Xid xid, int flags) throws XAException {
        if (flags == TMNOFLAGS) {
            this.xid = xid;
            rollbackOnly = false;
            ending = null;
        }
    }

    @Override
    public void end(Xid xid, int flags) throws XAException {
        if (database != null) {
            try {
                database.end(xid, rollbackOnly ? TMFAIL : flags);
            } catch (XAException e) {
                throw XaErrors.withCode(e);
            }
        }
    }

    @Override
    public int prepare(Xid xid) throws XAException {
        if (rollbackOnly) {
            rollback(xid);
            throw new XAException(XAException.XA_RBROLLBACK);
        }
        if (database == null) {
            ending = Ending.COMMITTED;
            return XA_RDONLY;
        }
        try {
            int vote;
            try {
                vote = database.prepare(xid);
            } catch (XAException e) {
                throw XaErrors.withCode(e);
            }
            if (vote == XA_RDONLY) {
                ending = Ending.COMMITTED;
                giveBack();
            }
            return vote;
        } catch (XAException e) {
            if (e.errorCode >= XAException.XA_RBBASE && e.errorCode <= XAException.XA_RBEND) {
                ending = Ending.ROLLED_BACK;
                giveBack();
            }
            throw e;
        }
    }

    @Override
    public void commit(Xid xid, boolean onePhase) throws XAException {
        if (onePhase && rollbackOnly) {
            rollback(xid);
            throw new XAException(XAException.XA_RBROLLBACK);
        }
        try {
            if (database != null) {
                try {
                    database.commit(xid, onePhase);
                } catch (XAException e) {
                    throw XaErrors.withCode(e);
                }
            }
            ending = Ending.COMMITTED;
        } finally {
            giveBack();
        }
    }

    @Override
    public void rollback(Xid xid) throws XAException {
        try {
            if (database != null) {
                try {
                    database.rollback(xid);
                } catch (XAException e) {
                    throw XaErrors.withCode(e);
                }
            }
        } finally {
            ending = Ending.ROLLED_BACK;
            giveBack();
        }
    }

    private void giveBack() {
        Object c = connection;
        connection = null;
        database = null;
        if (c != null) {
            connections.release(c);
        }
    }

    @Override
    public void forget(Xid xid) throws XAException {
        if (database != null) {
            try {
                database.forget(xid);
            } catch (XAException e) {
                throw XaErrors.withCode(e);
            }
        }
    }

    @Override
    public Xid[] recover(int flag) {
        return new Xid[0];
    }

    @Override
    public boolean isSameRM(XAResource other) {
        return other == this;
    }

    @Override
    public int getTransactionTimeout() {
        return timeout;
    }

    @Override
    public boolean setTransactionTimeout(int seconds) {
        timeout = seconds;
        return true;
    }
}
