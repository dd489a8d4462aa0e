package io.inboxra.ra.xa;

import java.util.Optional;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * The adapter's XA resource for one row lock worker's connection: the container enlists it in
 * the delivery's transaction, and every call goes to the database connection's own resource.
 *
 * <p>It differs from the driver's resource in three ways. It is the same resource manager only
 * as itself, so a transaction manager never joins another connection's branch to it (some
 * drivers answer {@code isSameRM} true for any connection to the same server, and the join
 * then fails or runs outside the transaction). The adapter can mark the branch rollback-only
 * (a failed claim or settlement): the branch then votes rollback, so the MDB's work cannot
 * commit without the settlement. And when a delivery failed, the adapter can write the
 * failure's record (one more attempt, a later due time) into the branch and {@link #keep} it:
 * the transaction still rolls back, but this branch, which then holds nothing but that record,
 * commits in one phase, so the row's lock is released only with its failure counted.
 */
public final class BranchResource implements XAResource {

    private final XAResource database;
    private volatile Xid active;
    private volatile boolean rollbackOnly;
    private volatile boolean keep;
    private volatile LazyBranch.Ending ending;

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

    /** The transaction is to roll back, but this branch's work (a failure's record) commits. */
    public void keep() {
        keep = true;
    }

    /** @return how the transaction ended, once it has (a kept branch counts as rolled back) */
    public Optional<LazyBranch.Ending> ending() {
        return Optional.ofNullable(ending);
    }

    @Override
    public void start(Xid xid, int flags) throws XAException {
        try {
            database.start(xid, flags);
        } catch (XAException e) {
            throw XaErrors.withCode(e);
        }
        if (flags == TMNOFLAGS) {
            rollbackOnly = false;
            keep = false;
            ending = null;
        }
        active = xid;
    }

    @Override
    public void end(Xid xid, int flags) throws XAException {
        active = null;
        try {
            database.end(xid, rollbackOnly && !keep ? TMFAIL : keep ? TMSUCCESS : flags);
        } catch (XAException e) {
            throw XaErrors.withCode(e);
        }
    }

    @Override
    public int prepare(Xid xid) throws XAException {
        if (keep) {
            commitKept(xid);
            throw new XAException(XAException.XA_RBROLLBACK);
        }
        if (rollbackOnly) {
            rollback(xid);
            throw new XAException(XAException.XA_RBROLLBACK);
        }
        try {
            return database.prepare(xid);
        } catch (XAException e) {
            throw XaErrors.withCode(e);
        }
    }

    @Override
    public void commit(Xid xid, boolean onePhase) throws XAException {
        if (onePhase && keep) {
            commitKept(xid);
            throw new XAException(XAException.XA_RBROLLBACK);
        }
        if (onePhase && rollbackOnly) {
            rollback(xid);
            throw new XAException(XAException.XA_RBROLLBACK);
        }
        try {
            database.commit(xid, onePhase);
        } catch (XAException e) {
            throw XaErrors.withCode(e);
        }
        ending = LazyBranch.Ending.COMMITTED;
    }

    @Override
    public void rollback(Xid xid) throws XAException {
        if (keep) {
            commitKept(xid);
            return;
        }
        try {
            try {
                database.rollback(xid);
            } catch (XAException e) {
                throw XaErrors.withCode(e);
            }
        } finally {
            ending = LazyBranch.Ending.ROLLED_BACK;
        }
    }

    /** Commits the branch's failure record in one phase; the delivery itself counts as rolled back. */
    private void commitKept(Xid xid) throws XAException {
        keep = false;
        try {
            database.commit(xid, true);
        } catch (XAException committing) {
            try {
                database.rollback(xid);
            } catch (XAException e) {
                e.addSuppressed(committing);
                throw XaErrors.withCode(e);
            }
        } finally {
            ending = LazyBranch.Ending.ROLLED_BACK;
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
