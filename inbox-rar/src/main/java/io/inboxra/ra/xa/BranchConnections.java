package io.inboxra.ra.xa;

import java.sql.SQLException;
import java.util.OptionalLong;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * Where a {@link DeliveryBranch}'s connection comes from, and goes back to: the row lock
 * worker's own, the lease form's pool, the advisory worker's locked session.
 *
 * @param <C> the form's connection type
 */
public interface BranchConnections<C> {

    C acquire() throws SQLException;

    XAResource resource(C connection) throws SQLException;

    /**
     * @return the database's id of the connection's session, where the dialect tells it: a branch whose
     *         connection failed is finished from another only once that session is gone
     */
    default OptionalLong session(C connection) {
        return OptionalLong.empty();
    }

    /** @param broken whether the connection failed and must not be used again */
    void release(C connection, boolean broken);

    /**
     * Starts a branch on a connection just acquired; when it cannot start, the connection is
     * released as broken.
     *
     * @param timeout the transaction timeout in seconds, or 0 for the database's own
     * @return the connection's XA resource, in the branch
     */
    default XAResource start(C connection, Xid xid, int timeout) throws SQLException {
        try {
            XAResource resource = resource(connection);
            if (timeout > 0) {
                resource.setTransactionTimeout(timeout);
            }
            resource.start(xid, XAResource.TMNOFLAGS);
            return resource;
        } catch (XAException e) {
            release(connection, true);
            throw new SQLException("cannot start the delivery's branch: " + XaErrors.describe(e), e);
        } catch (SQLException | RuntimeException e) {
            release(connection, true);
            throw e;
        }
    }
}
