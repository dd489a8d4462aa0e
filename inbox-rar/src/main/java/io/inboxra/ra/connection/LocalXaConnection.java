package io.inboxra.ra.connection;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.ConnectionEventListener;
import javax.sql.StatementEventListener;
import javax.sql.XAConnection;
import javax.transaction.xa.XAResource;

/** One local connection with its {@link OnePhaseResource}; the adapter is its only user, so no events. */
final class LocalXaConnection implements XAConnection {

    private final Connection connection;
    private final OnePhaseResource resource;

    LocalXaConnection(Connection connection, String database) {
        this.connection = connection;
        this.resource = new OnePhaseResource(connection, database);
    }

    @Override
    public XAResource getXAResource() {
        return resource;
    }

    @Override
    public Connection getConnection() {
        return connection;
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }

    @Override
    public void addConnectionEventListener(ConnectionEventListener listener) {
        // No pool listens: the adapter closes its connections itself.
    }

    @Override
    public void removeConnectionEventListener(ConnectionEventListener listener) {
        // See addConnectionEventListener.
    }

    @Override
    public void addStatementEventListener(StatementEventListener listener) {
        // See addConnectionEventListener.
    }

    @Override
    public void removeStatementEventListener(StatementEventListener listener) {
        // See addConnectionEventListener.
    }
}
