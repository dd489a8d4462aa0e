package io.inboxra.ra.delivery;

import io.inboxra.ra.xa.DeliveryBranch;

import java.sql.SQLException;
import javax.sql.XAConnection;
import javax.sql.XADataSource;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * Finishes a prepared branch whose own connection failed, from a new connection: a prepared
 * branch outlives its session (PostgreSQL's {@code COMMIT PREPARED}, MariaDB's {@code XA COMMIT}
 * work from any session). While the database cannot be reached it throws {@code XAER_RMFAIL},
 * so the transaction manager tries again.
 */
record FreshConnectionFinisher(XADataSource dataSource) implements DeliveryBranch.Finisher {

    private interface Finish {
        void on(XAResource resource) throws XAException;
    }

    @Override
    public void commit(Xid xid) throws XAException {
        finish(resource -> resource.commit(xid, false));
    }

    @Override
    public void rollback(Xid xid) throws XAException {
        finish(resource -> resource.rollback(xid));
    }

    private void finish(Finish finish) throws XAException {
        XAConnection xa;
        try {
            xa = dataSource.getXAConnection();
        } catch (SQLException e) {
            XAException failure = new XAException(XAException.XAER_RMFAIL);
            failure.initCause(e);
            throw failure;
        }
        try {
            finish.on(xa.getXAResource());
        } catch (SQLException e) {
            XAException failure = new XAException(XAException.XAER_RMFAIL);
            failure.initCause(e);
            throw failure;
        } catch (XAException e) {
            if (e.errorCode == 0) {
                XAException failure = new XAException(XAException.XAER_RMFAIL);
                failure.initCause(e);
                throw failure;
            }
            throw e;
        } finally {
            try {
                xa.close();
            } catch (SQLException e) {
                System.getLogger(FreshConnectionFinisher.class.getName()).log(System.Logger.Level.DEBUG,
                        () -> "closing the connection that finished a branch: " + e);
            }
        }
    }
}
