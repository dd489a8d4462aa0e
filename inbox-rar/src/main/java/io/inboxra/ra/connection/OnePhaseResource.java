package io.inboxra.ra.connection;

import java.sql.Connection;
import java.sql.SQLException;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * A local JDBC transaction presented as an XA resource that can only commit in one phase, for
 * databases without XA (SQLite). Alone in a transaction it is exact: the transaction manager
 * commits it in one phase. Beside another XA resource it refuses {@code prepare} (voting
 * rollback, with a message that says why), so the whole transaction rolls back instead of
 * committing the other resource's work while this one could still fail.
 */
final class OnePhaseResource implements XAResource {

    private final Connection connection;
    private final String database;
    private Xid xid;

    OnePhaseResource(Connection connection, String database) {
        this.connection = connection;
        this.database = database;
    }

    @Override
    public synchronized void start(Xid xid, int flags) throws XAException {
        if (flags == TMJOIN || flags == TMRESUME) {
            if (!xid.equals(this.xid)) {
                throw error(XAException.XAER_PROTO, "it is in no transaction to join or resume");
            }
            return;
        }
        if (this.xid != null) {
            throw error(XAException.XAER_PROTO, "it is already in a transaction");
        }
        try {
            connection.setAutoCommit(false);
        } catch (SQLException e) {
            throw failure(e);
        }
        this.xid = xid;
    }

    @Override
    public void end(Xid xid, int flags) {
        // The local transaction stays open until commit or rollback.
    }

    @Override
    public int prepare(Xid xid) throws XAException {
        rollback(xid);
        XAException refused = new XAException(database + " has no two-phase commit: this transaction also"
                + " enlisted another XA resource, so it is rolled back rather than committed in part. With "
                + database + ", keep the MDB's transaction to the inbox database alone (or use a database with XA).");
        refused.errorCode = XAException.XA_RBROLLBACK;
        throw refused;
    }

    @Override
    public synchronized void commit(Xid xid, boolean onePhase) throws XAException {
        if (!onePhase) {
            throw error(XAException.XAER_PROTO, "it was never prepared; it commits in one phase only");
        }
        requireCurrent(xid);
        try {
            connection.commit();
        } catch (SQLException e) {
            rollback(xid);
            XAException failed = new XAException(XAException.XA_RBROLLBACK);
            failed.initCause(e);
            throw failed;
        }
        finish();
    }

    @Override
    public synchronized void rollback(Xid xid) throws XAException {
        requireCurrent(xid);
        try {
            connection.rollback();
        } catch (SQLException e) {
            throw failure(e);
        } finally {
            finish();
        }
    }

    @Override
    public Xid[] recover(int flag) {
        // Nothing is ever prepared, so nothing is ever in doubt.
        return new Xid[0];
    }

    @Override
    public void forget(Xid xid) {
        // Nothing is ever heuristically decided.
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

    private void requireCurrent(Xid xid) throws XAException {
        if (this.xid == null || !this.xid.equals(xid)) {
            throw error(XAException.XAER_NOTA, "it knows no such transaction");
        }
    }

    private void finish() {
        xid = null;
        try {
            connection.setAutoCommit(true);
        } catch (SQLException e) {
            // The next start sets it again; a broken connection fails there, where it is reported.
            System.getLogger(OnePhaseResource.class.getName()).log(System.Logger.Level.DEBUG,
                    () -> "resetting autocommit after a local transaction: " + e);
        }
    }

    private XAException error(int code, String why) {
        XAException e = new XAException("The " + database + " connection's one-phase resource refuses this: " + why);
        e.errorCode = code;
        return e;
    }

    private static XAException failure(SQLException cause) {
        XAException e = new XAException(XAException.XAER_RMFAIL);
        e.initCause(cause);
        return e;
    }
}
