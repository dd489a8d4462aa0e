package io.inboxra.ra.xa;

import java.sql.SQLException;
import javax.transaction.xa.XAResource;

/**
 * Where a {@link DeliveryBranch}'s connection comes from, and goes back to: the row lock
 * worker's own, the lease form's pool, the advisory worker's locked session.
 *
 * @param <C> the form's connection type
 */
public interface BranchConnections<C> {

    C acquire() throws SQLException;

    XAResource resource(C connection) throws SQLException;

    /** @param broken whether the connection failed and must not be used again */
    void release(C connection, boolean broken);
}
