package io.inboxra.ra.xa;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.OptionalLong;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * The database's branch under a {@link DeliveryBranch}: started on a connection of the form's
 * choosing, through the driver's XA resource, and its second phase. That runs on the branch's own
 * connection and, when that failed or is gone, from a fresh one ({@link BranchFinisher}), which
 * throws {@code XAER_RMFAIL} until it succeeds: never a success it did not have.
 *
 * @param <C> the form's connection type
 */
final class DatabaseBranch<C> {

    private static final Logger LOG = System.getLogger(DatabaseBranch.class.getName());

    private final BranchConnections<C> connections;
    private final BranchFinisher finisher;
    private C connection;
    /** The driver's resource for the branch; null once its connection is let go of. */
    private XAResource resource;
    /**
     * The session of the connection the branch opened on, kept after the connection is let go of
     * (each transaction's is set as its branch opens: a second phase follows an open branch only).
     */
    private OptionalLong session = OptionalLong.empty();

    DatabaseBranch(BranchConnections<C> connections, BranchFinisher finisher) {
        this.connections = connections;
        this.finisher = finisher;
    }

    /** Starts the branch on a connection the form lends. */
    void open(Xid xid, int timeout) throws SQLException {
        C c = connections.acquire();
        resource = connections.start(c, xid, timeout);
        connection = c;
        session = connections.session(c);
    }

    /** @return the connection the branch runs on, or null before it opened and once it is let go of */
    C connection() {
        return connection;
    }

    /** @return the driver's resource for the branch, or null before it opened and once its connection is let go of */
    XAResource resource() {
        return resource;
    }

    /** Gives the connection back to the form: as broken when its session may still hold something of the branch. */
    void release(boolean broken) {
        C c = connection;
        connection = null;
        resource = null;
        if (c != null) {
            connections.release(c, broken);
        }
    }

    /** Ends the open branch and asks for its vote. */
    int prepare(Xid xid) throws XAException {
        resource.end(xid, XAResource.TMSUCCESS);
        return resource.prepare(xid);
    }

    /** Ends the open branch and commits it, in one phase. */
    void commitOnePhase(Xid xid) throws XAException {
        resource.end(xid, XAResource.TMSUCCESS);
        resource.commit(xid, true);
    }

    /** Commits the prepared branch: on its own connection, or from a fresh one when that failed or is gone. */
    void commitPrepared(Xid xid) throws XAException {
        try {
            secondPhase(xid, true);
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
     * Rolls the prepared branch back, the failure's record first, queued behind the row's lock: the
     * lock passes to it as the branch rolls back.
     *
     * @param record what to record of the failure, or null
     */
    void rollbackPrepared(Xid xid, FailureRecord<C> record) throws XAException {
        FailureRecord.Queued queued = record == null ? FailureRecord.Queued.NONE : record.queue();
        boolean rolledBack = false;
        try {
            secondPhase(xid, false);
            rolledBack = true;
        } catch (XAException e) {
            if (e.errorCode != XAException.XAER_NOTA || !queued.isQueued()) {
                throw e;
            }
            // Never prepared after all (its prepare failed on the way): the row is free, and the record stands.
            rolledBack = true;
        } finally {
            if (!rolledBack) {
                // Whatever failed: left waiting, the record would take the row's lock once the branch rolls back
                // and hold it, idle, for ever.
                queued.dropped();
            }
        }
        queued.branchRolledBack();
    }

    /**
     * The transaction manager's decision for the prepared branch: sent on the branch's own connection,
     * or from a fresh one when that failed or is gone.
     */
    private void secondPhase(Xid xid, boolean commit) throws XAException {
        String what = commit ? "commit" : "rollback";
        if (resource != null) {
            try {
                if (commit) {
                    resource.commit(xid, false);
                } else {
                    resource.rollback(xid);
                }
                return;
            } catch (XAException | RuntimeException e) {
                // A driver's RuntimeException too: its connection is no more use for the branch than after an XAException.
                LOG.log(Level.WARNING, "The second-phase " + what + " of a prepared delivery branch failed on its"
                        + " connection (" + (e instanceof XAException xa ? XaErrors.describe(xa) : e.toString())
                        + "); sending it from a new connection", e);
                release(true);
            }
        }
        try {
            if (commit) {
                finisher.commit(xid, session);
            } else {
                finisher.rollback(xid, session);
            }
        } catch (RuntimeException e) {
            // Not finished, as far as anyone knows: the transaction manager is told to try again, as the finisher's
            // own failures tell it, rather than handed an exception outside the XA contract.
            XAException notYet = new XAException(XAException.XAER_RMFAIL);
            notYet.initCause(e);
            throw notYet;
        }
    }

    void forget(Xid xid) throws XAException {
        if (resource != null) {
            try {
                resource.forget(xid);
            } catch (XAException e) {
                throw XaErrors.withCode(e);
            }
        }
    }
}
