package io.inboxra.ra.xa;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.Optional;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * The adapter's XA resource for one delivery's transaction, in every form: the protocol as the
 * transaction manager sees it, over the database's branch ({@link DatabaseBranch}). That starts on
 * the first statement the adapter runs in it ({@link #run}), on a connection of the form's choosing,
 * so a delivery that never settles costs no connection in the lease form.
 *
 * <p>What it adds to the driver's resource, each for a failure the driver's alone gets wrong:
 * <ul>
 * <li><b>No statement outside the branch.</b> Statements and the transaction's end are
 * serialised; once the transaction has ended (a timeout rolled it back from the transaction
 * manager's own thread), {@link #run} refuses with {@link TransactionEndedException} rather than
 * run a settlement in autocommit.
 * <li><b>The outcome, as seen here</b> ({@link #ending}): a container that swallows a failed
 * commit (Payara) cannot make the adapter believe a row was settled.
 * <li><b>A failure counted before the row is free.</b> The database branch ends only at prepare,
 * commit or rollback, so an unprepared branch's rollback writes the failure's record first
 * ({@link UnpreparedRollback}); a prepared one's is queued behind the row's lock before it rolls back.
 * <li><b>A second phase that survives its connection</b> ({@link DatabaseBranch#commitPrepared}).
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

    private final DatabaseBranch<C> database;
    private Xid xid;
    private Phase phase = Phase.IDLE;
    private boolean endCalled;
    /** The transaction manager called commit or rollback on the prepared branch: its decision is known here. */
    private boolean decided;
    private volatile boolean rollbackOnly;
    private volatile Ending ending;
    private FailureRecord<C> record;
    private int timeout;

    public DeliveryBranch(BranchConnections<C> connections, BranchFinisher finisher) {
        this.database = new DatabaseBranch<>(connections, finisher);
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
            database.open(xid, timeout);
            phase = Phase.OPEN;
        }
        return work.run(database.connection());
    }

    /**
     * @return the branch of the transaction it is enlisted in now, for code that may call in later
     *         (from another thread, after the transaction ended): its calls are refused with
     *         {@link TransactionEndedException} once that transaction's branch no longer takes statements
     */
    public synchronized BranchLoan loan() {
        return new LentBranch(this, xid);
    }

    /** @return the transaction the resource is enlisted in now, read under its lock */
    Xid enlistedIn() {
        return xid;
    }

    /**
     * Called once the transaction manager has completed the delivery's transaction: a branch it
     * prepared and then neither committed nor rolled back is let go of here (its connection is
     * released as broken, so the worker goes on with a new one) and returned, for the in-doubt
     * resolver. A branch whose commit or rollback was called is not: its decision is known, and
     * the second phase (or {@link BranchFinisher}) applies it.
     *
     * @return the branch's transaction, when the transaction manager left it prepared and undecided
     */
    public synchronized Optional<Xid> leftUndecided() {
        if (phase != Phase.PREPARED || decided) {
            return Optional.empty();
        }
        Xid undecided = xid;
        finish(Ending.UNKNOWN, true);
        return Optional.of(undecided);
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
        decided = false;
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
            vote = database.prepare(xid);
        } catch (XAException e) {
            XAException coded = XaErrors.withCode(e);
            if (XaErrors.isRollback(coded)) {
                finish(Ending.ROLLED_BACK, false);
            } else {
                // The vote never came back (the connection died): no transaction manager commits now, so the
                // branch is rolled back here, from a new connection in case the database prepared it after all.
                phase = Phase.PREPARED;
                database.release(true);
                rollBackUnvoted(xid);
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
        decided |= phase == Phase.PREPARED;
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
            database.commitOnePhase(xid);
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
        database.commitPrepared(xid);
        finish(Ending.COMMITTED, false);
    }

    @Override
    public synchronized void rollback(Xid xid) throws XAException {
        decided |= phase == Phase.PREPARED;
        switch (phase) {
            case DONE -> {
                if (ending == Ending.COMMITTED) {
                    throw new XAException(XAException.XAER_PROTO);
                }
            }
            case PREPARED -> rollbackPrepared(xid);
            case OPEN -> finish(Ending.ROLLED_BACK,
                    UnpreparedRollback.run(xid, database.connection(), database.resource(), record));
            default -> finish(Ending.ROLLED_BACK, false);
        }
    }

    private void rollbackPrepared(Xid xid) throws XAException {
        database.rollbackPrepared(xid, record);
        finish(Ending.ROLLED_BACK, false);
    }

    private void rollBackUnvoted(Xid xid) {
        try {
            rollbackPrepared(xid);
        } catch (XAException notPrepared) {
            LOG.log(Level.DEBUG, () -> "rolling back a branch whose prepare failed: " + XaErrors.describe(notPrepared));
            finish(Ending.ROLLED_BACK, false);
        }
    }

    private void finish(Ending how, boolean broken) {
        ending = how;
        phase = Phase.DONE;
        record = null;
        database.release(broken);
    }

    @Override
    public synchronized void forget(Xid xid) throws XAException {
        database.forget(xid);
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
