package io.inboxra.ra.delivery;

import io.inboxra.ra.connection.ConnectionPool;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.xa.BranchConnections;

import java.sql.SQLException;
import java.util.OptionalLong;
import javax.transaction.xa.XAResource;

/** A delivery branch on a connection of the lease form's pool: borrowed when it starts, given back once decided. */
record PooledConnections(ConnectionPool pool) implements BranchConnections<DatabaseConnection> {

    @Override
    public DatabaseConnection acquire() throws SQLException {
        return pool.borrow();
    }

    @Override
    public XAResource resource(DatabaseConnection connection) throws SQLException {
        return connection.branchResource();
    }

    @Override
    public OptionalLong session(DatabaseConnection connection) {
        return connection.session();
    }

    @Override
    public void release(DatabaseConnection connection, boolean broken) {
        if (broken) {
            pool.discard(connection);
        } else {
            pool.giveBack(connection);
        }
    }
}
