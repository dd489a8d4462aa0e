package io.inboxra.ra.delivery;

import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.xa.BranchConnections;

import java.sql.SQLException;
import java.util.OptionalLong;
import javax.transaction.xa.XAResource;

/**
 * A delivery branch on the worker's own connection (the row lock worker's, the advisory
 * worker's locked session): the worker keeps it after the branch, or replaces it before its
 * next turn when the branch could not be finished on it.
 */
record WorkersOwnConnection(DatabaseConnection connection) implements BranchConnections<DatabaseConnection> {

    @Override
    public DatabaseConnection acquire() {
        return connection;
    }

    @Override
    public XAResource resource(DatabaseConnection c) throws SQLException {
        return c.branchResource();
    }

    @Override
    public OptionalLong session(DatabaseConnection c) {
        return c.session();
    }

    @Override
    public void release(DatabaseConnection c, boolean broken) {
        if (broken) {
            c.markBroken();
        }
    }
}
