package io.inboxra.ra.xa;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.Optional;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * The adapter's XA resource for one delivery's transaction, in every form. The container
 * enlists it; the database branch starts on the first statement the adapter runs in it
 * ({@link #run}), on a connection of the form's choosing (the row lock worker's own, the lease
 * form's pool, the advisory worker's locked session), so a delivery that never settles costs no
 * connection in the lease form.
 *
 * <p>What it adds to the driver's resource, each for a failure the driver's alone gets wrong:
 * <ul>
 * <li><b>No statement outside the branch.</b> Statements and the transaction's end are
 * serialised; once the transaction has ended (a timeout rolled it back from the transaction
 * manager's own thread), {@link #run} refuses with {@link TransactionEndedException} rather than
 * run a settlement in autocommit.
 * <li><b>The outcome, as seen here</b> ({@link #ending}): a container that swallows a failed
 * commit (Payara) cannot make the adapter believe a row was settled.
 * <li><b>A failure counted before the row is free.</b> The end of the database branch is put
 * off until prepare, commit or rollback, so a rollback of a branch that was never prepared can
 * first write the failure's record into it ({@link FailureRecord#inBranch}) and commit only
 * that, in one phase; a prepared branch's rollback is wrapped by
 * {@link FailureRecord#aroundPreparedRollback}.
 * <li><b>A second phase that survives its connection.</b> A commit or rollback of a prepared
 * branch whose connection failed is finished from a fresh connection ({@link BranchFinisher}); until
 * that succeeds it throws {@code XAER_RMFAIL}, never a success it did not have.
 * <li>It is the same resource manager only as itself, so a transaction manager never joins
 * another connection's branch to it, and a branch marked rollback-only votes rollback.
 * </ul>
 *
 * @param <C> the form's connection type
 */
public final class DeliveryBranch<C> implements XAResource {

    private static final Logger LOG = System.getLogger(DeliveryBranch.class.getName());

    /** A statement (or a few) in the branch. */
    public interface Work<C, T> {
        T run(C connection) throws SQLException;
    }

    private enum Phase { IDLE, ENLISTED, OPEN, PREPARED, DONE }

    private final BranchConnections<C> connections;
    private final BranchFinisher finisher;
    private Xid xid;
    private Phase phase = Phase.IDLE;
    private boolean endCalled;
    private C connection;
    private XAResource database;
    private volatile boolean rollbackOnly;
    private volatile Ending ending;
    private FailureRecord<C> record;
    private int timeout;

    public DeliveryBranch(BranchConnections<C> connections, BranchFinisher finisher) {
        this.connections = connections;
        this.finisher = finisher;
    }

    /** @return whether the container has enlisted this resource in a transaction that has not ended */
    public synchronized boolean isEnlisted() {
        return xid != null && ending == null;
    }

    /** @return how the transaction ended, once it has */
    public Optional<Ending> ending() {
        return Optional.ofNullable(ending);
    }

    /** Makes the branch vote rollback: the MDB's work cannot commit without the settlement. */
    public void markRollbackOnly() {
        rollbackOnly = true;
    }

    /** What to record when this delivery's transaction rolls back; cleared with each new transaction. */
    public synchronized void recordFailuresWith(FailureRecord<C> failureRecord) {
        this.record = failureRecord;
    }

    /**
     * Runs work in the delivery's branch, starting the branch on a connection first if need be.
     *
     * @throws TransactionEndedException when the transaction has already ended or was never begun
     */
    public synchronized <T> T run(Work<C, T> work) throws SQLException {
        if (xid == null || ending != null || endCalled || phase == Phase.PREPARED || phase == Phase.DONE) {
            throw new TransactionEndedException(ending != null ? "it " + ending.name().toLowerCase().replace('_', ' ')
                    : xid == null ? "the container enlisted no transaction" : "the container ended it");
        }
        if (phase == Phase.ENLISTED) {
            open();
        }
        return work.run(connection);
    }

    private void open() throws SQLException {
        C c = connections.acquire();
        try {
            XAResource resource = connections.resource(c);
            if (timeout > 0) {
                resource.setTransactionTimeout(timeout);
            }
            resource.start(xid, TMNOFLAGS);
            database = resource;
        } catch (XAException e) {
            connections.release(c, true);
            throw new SQLException("cannot start the delivery's branch: " + XaErrors.describe(e), e);
        } catch (SQLException | RuntimeException e) {
            connections.release(c, true);
            throw e;
        }
        connection = c;
        phase = Phase.OPEN;
    }

    @Override
    public synchronized void start(Xid xid, int flags) throws XAException {
        if (flags == TMJOIN || flags == TMRESUME) {
            if (!xid.equals(this.xid) || ending != null) {
                throw new XAException(XAException.XAER_PROTO);
            }
            endCalled = false;
            return;
        }
        if (phase != Phase.IDLE && phase != Phase.DONE) {
            throw new XAException(XAException.XAER_PROTO);
        }
        this.xid = xid;
        phase = Phase.ENLISTED;
        endCalled = false;
        rollbackOnly = false;
        ending = null;
        record = null;
    }

    @Override
    public synchronized void end(Xid xid, int flags) {
        // The database branch ends only at prepare, commit or rollback: a rollback may still write into it.
        endCalled = true;
        if (flags == TMFAIL) {
            rollbackOnly = true;
        }
    }

    @Override
    public synchronized int prepare(Xid xid) throws XAException {
        if (rollbackOnly) {
            rollback(xid);
            throw new XAException(XAException.XA_RBROLLBACK);
        }
        if (phase != Phase.OPEN) {
            // Nothing ran in the branch: nothing to commit.
            finish(Ending.COMMITTED, false);
            return XA_RDONLY;
        }
        int vote;
        try {
            database.end(xid, TMSUCCESS);
            vote = database.prepare(xid);
        } catch (XAException e) {
            XAException coded = XaErrors.withCode(e);
            if (XaErrors.isRollback(coded)) {
                finish(Ending.ROLLED_BACK, false);
            } else {
                // The vote never came back (the connection died): no transaction manager commits now, so the
                // branch is rolled back here, from a new connection in case the database prepared it after all.
                phase = Phase.PREPARED;
                releaseConnection(true);
                try {
                    rollbackPrepared(xid);
                } catch (XAException notPrepared) {
                    LOG.log(Level.DEBUG, () -> "rolling back a branch whose prepare failed: "
                            + XaErrors.describe(notPrepared));
                }
                finish(Ending.ROLLED_BACK, false);
            }
            throw coded;
        }
        if (vote == XA_RDONLY) {
            finish(Ending.COMMITTED, false);
        } else {
            phase = Phase.PREPARED;
        }
        return vote;
    }

    @Override
    public synchronized void commit(Xid xid, boolean onePhase) throws XAException {
        if (phase == Phase.DONE && ending == Ending.COMMITTED) {
            return;
        }
        if (onePhase) {
            commitOnePhase(xid);
        } else {
            commitPrepared(xid);
        }
    }

    private void commitOnePhase(Xid xid) throws XAException {
        if (rollbackOnly) {
            rollback(xid);
            throw new XAException(XAException.XA_RBROLLBACK);
        }
        if (phase != Phase.OPEN) {
            finish(Ending.COMMITTED, false);
            return;
        }
        try {
            database.end(xid, TMSUCCESS);
            database.commit(xid, true);
        } catch (XAException e) {
            XAException coded = XaErrors.withCode(e);
            finish(XaErrors.isRollback(coded) ? Ending.ROLLED_BACK : Ending.UNKNOWN, true);
            throw coded;
        }
        finish(Ending.COMMITTED, false);
    }

    private void commitPrepared(Xid xid) throws XAException {
        if (phase != Phase.PREPARED) {
            throw new XAException(XAException.XAER_PROTO);
        }
        if (database != null) {
            try {
                database.commit(xid, false);
                finish(Ending.COMMITTED, false);
                return;
            } catch (XAException e) {
                LOG.log(Level.WARNING, "The second-phase commit of a delivery's branch failed on its connection ("
                        + XaErrors.describe(e) + "); committing it from a new connection", e);
                releaseConnection(true);
            }
        }
        // Throws XAER_RMFAIL until it succeeds: the transaction manager tries again, and so does recovery.
        try {
            finisher.commit(xid);
        } catch (XAException e) {
            if (e.errorCode != XAException.XAER_NOTA) {
                throw e;
            }
            // The commit already sent on the lost connection went through (the driver failed only after
            // it): the branch is no longer prepared. Nothing else ends a prepared branch of the adapter's
            // this soon (its in-doubt resolver waits inDoubtTimeout, at least a minute).
            LOG.log(Level.INFO, "The delivery branch's commit had completed before its connection was lost");
        }
        finish(Ending.COMMITTED, false);
    }

    @Override
    public synchronized void rollback(Xid xid) throws XAException {
        switch (phase) {
            case DONE -> {
                if (ending == Ending.COMMITTED) {
                    throw new XAException(XAException.XAER_PROTO);
                }
            }
            case PREPARED -> rollbackPrepared(xid);
            case OPEN -> rollbackOpen(xid);
            default -> finish(Ending.ROLLED_BACK, false);
        }
    }

    private void rollbackOpen(Xid xid) throws XAException {
        if (record != null) {
            try {
                if (record.inBranch(connection)) {
                    database.end(xid, TMSUCCESS);
                    database.commit(xid, true);
                    finish(Ending.ROLLED_BACK, false);
                    return;
                }
            } catch (SQLException | XAException | RuntimeException e) {
                LOG.log(Level.WARNING, "A failed delivery's record could not be written in its branch; the"
                        + " branch rolls back without it and the row returns uncounted", e);
            }
        }
        try {
            database.end(xid, TMFAIL);
        } catch (XAException e) {
            // Ending a branch the database already ended (a lost connection) changes nothing: it rolls back below.
            LOG.log(Level.DEBUG, () -> "ending a failed branch: " + XaErrors.describe(e));
        }
        try {
            database.rollback(xid);
            finish(Ending.ROLLED_BACK, false);
        } catch (XAException e) {
            // An unprepared branch does not outlive its connection: rolled back either way.
            LOG.log(Level.DEBUG, () -> "rolling back an unprepared branch: " + XaErrors.describe(e));
            finish(Ending.ROLLED_BACK, true);
        }
    }

    private void rollbackPrepared(Xid xid) throws XAException {
        FailureRecord.PreparedRollback rollback = () -> {
            if (database != null) {
                try {
                    database.rollback(xid);
                    return;
                } catch (XAException e) {
                    LOG.log(Level.WARNING, "The rollback of a prepared delivery branch failed on its connection ("
                            + XaErrors.describe(e) + "); rolling it back from a new connection", e);
                    releaseConnection(true);
                }
            }
            finisher.rollback(xid);
        };
        if (record != null) {
            record.aroundPreparedRollback(rollback);
        } else {
            rollback.run();
        }
        finish(Ending.ROLLED_BACK, false);
    }

    private void finish(Ending how, boolean broken) {
        ending = how;
        phase = Phase.DONE;
        record = null;
        releaseConnection(broken);
    }

    private void releaseConnection(boolean broken) {
        C c = connection;
        connection = null;
        database = null;
        if (c != null) {
            connections.release(c, broken);
        }
    }

    @Override
    public synchronized void forget(Xid xid) throws XAException {
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
        // Recovery goes through RecoveryResource, on a connection of its own.
        return new Xid[0];
    }

    @Override
    public boolean isSameRM(XAResource other) {
        return other == this;
    }

    @Override
    public synchronized int getTransactionTimeout() {
        return timeout;
    }

    @Override
    public synchronized boolean setTransactionTimeout(int seconds) {
        timeout = seconds;
        return true;
    }
}
