package io.inboxra.ra.recovery;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.Arrays;
import javax.sql.XAConnection;
import javax.sql.XADataSource;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * Opens a new connection to the database for each step of finishing a prepared branch
 * ({@link #use}), and closes it after the step: a failure to reach the database becomes {@code
 * XAER_RMFAIL}, so the transaction manager tries again. The finisher and its watch share one.
 */
final class FreshConnection {

    private static final Logger LOG = System.getLogger(FreshConnection.class.getName());

    /** The transaction manager's decision, applied to a resource. */
    interface Decision {
        void apply(XAResource resource) throws XAException;
    }

    /** What is done on one new connection. */
    interface Work {
        void apply(XAConnection connection) throws XAException, SQLException;
    }

    private final XADataSource dataSource;

    FreshConnection(XADataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Opens a connection, does the work on it and closes it. */
    void use(Work work) throws XAException {
        XAConnection xa;
        try {
            xa = dataSource.getXAConnection();
        } catch (SQLException e) {
            throw unreachable(e);
        }
        try {
            work.apply(xa);
        } catch (SQLException e) {
            throw unreachable(e);
        } catch (XAException e) {
            if (e.errorCode == 0) {
                throw unreachable(e);
            }
            throw e;
        } finally {
            try {
                xa.close();
            } catch (SQLException e) {
                LOG.log(Level.DEBUG, () -> "closing the connection that finished a branch: " + e);
            }
        }
    }

    /** Sends the decision and reads the list of prepared branches after it, on one connection. */
    static SentDecision send(XAResource resource, Xid xid, Decision decision) throws XAException {
        XAException noSuchBranch = null;
        try {
            decision.apply(resource);
        } catch (XAException e) {
            if (e.errorCode != XAException.XAER_NOTA) {
                throw e;
            }
            noSuchBranch = e;
        }
        try {
            return new SentDecision(noSuchBranch, isPrepared(resource, xid), null);
        } catch (XAException e) {
            return new SentDecision(noSuchBranch, true, e); // not known finished
        }
    }

    /** @return whether the database lists the branch as prepared */
    static boolean isPrepared(XAResource resource, Xid xid) throws XAException {
        for (Xid prepared : resource.recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN)) {
            if (prepared.getFormatId() == xid.getFormatId()
                    && Arrays.equals(prepared.getGlobalTransactionId(), xid.getGlobalTransactionId())
                    && Arrays.equals(prepared.getBranchQualifier(), xid.getBranchQualifier())) {
                return true;
            }
        }
        return false;
    }

    private static XAException unreachable(Exception cause) {
        XAException failure = new XAException(XAException.XAER_RMFAIL);
        failure.initCause(cause);
        return failure;
    }
}
