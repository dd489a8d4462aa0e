package io.inboxra.ra.recovery;

import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.connection.SubscriptionConnections;

import java.sql.SQLException;
import javax.sql.XAConnection;
import javax.transaction.xa.XAResource;

/**
 * A subscription's connections for the server's transaction recovery: the one kept for servers
 * that ask {@code getXAResources} (WildFly, Open Liberty), and new ones for recovery passes that
 * close them themselves (Payara's recovery listener).
 */
public final class RecoveryConnections implements AutoCloseable {

    private final SubscriptionConnections connections;
    private DatabaseConnection kept;
    private XAResource keptResource;

    public RecoveryConnections(SubscriptionConnections connections) {
        this.connections = connections;
    }

    /**
     * The XA resource for a server's transaction recovery, on a connection of its own: the same
     * resource on every call while its connection answers, a new one on a new connection once it
     * does not (the old one closes then). Servers ask again on every recovery pass, and WildFly's
     * Narayana may finish a branch, found by one call's resource, after a later call: closing
     * the earlier call's connection then failed that commit ("This connection has been closed").
     */
    public synchronized XAResource kept() throws SQLException {
        if (kept != null && kept.isValid()) {
            return keptResource;
        }
        if (kept != null) {
            connections.disconnect(kept);
        }
        DatabaseConnection connection = connections.connect();
        kept = connection;
        keptResource = new RecoveryResource(connection.xaResource());
        return keptResource;
    }

    /** @return a new connection for a recovery pass that closes it itself */
    public XAConnection fresh() throws SQLException {
        return connections.dataSource().getXAConnection();
    }

    /** The kept connection is closed with the subscription's others; nothing is held here after. */
    @Override
    public synchronized void close() {
        if (kept != null) {
            connections.disconnect(kept);
            kept = null;
            keptResource = null;
        }
    }
}
