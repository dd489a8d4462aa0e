package io.inboxra.ra.connection;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * One connection of the subscription's kept open between uses that may come far apart (a server's
 * recovery pass and the decisions after it, the operators' backlog reads), and checked before a
 * use that follows more than {@link #IDLE_CHECK_NANOS} idle ({@code isValid}, two seconds at
 * most), replaced if it no longer answers: a NAT or firewall may have dropped its flow while it
 * sat idle, and a call on it would wait the whole network timeout. Not thread-safe: its owner
 * calls it under a lock of its own.
 */
public final class KeptConnection {

    /** How long the connection may sit idle before it is checked. */
    static final long IDLE_CHECK_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final SubscriptionConnections connections;
    /** The connection, while one is open. */
    private DatabaseConnection connection;
    /** When {@link #connection} was last used, in {@link System#nanoTime}. */
    private long lastUsed;

    public KeptConnection(SubscriptionConnections connections) {
        this.connections = connections;
    }

    /**
     * @return the kept connection (checked first if it sat idle), or a new one
     * @throws SQLException when a new one cannot be opened
     */
    public DatabaseConnection get() throws SQLException {
        if (connection != null && System.nanoTime() - lastUsed > IDLE_CHECK_NANOS && !connection.isValid()) {
            close();
        }
        if (connection == null) {
            connection = connections.connect();
        }
        lastUsed = System.nanoTime();
        return connection;
    }

    /** Ends a use: the connection's idle time counts from now. */
    public void used() {
        lastUsed = System.nanoTime();
    }

    /** @return whether a connection is open, kept from an earlier use */
    public boolean isOpen() {
        return connection != null;
    }

    /** Closes the connection, if one is open: the next use opens another. */
    public void close() {
        if (connection != null) {
            connections.disconnect(connection);
            connection = null;
        }
    }
}
