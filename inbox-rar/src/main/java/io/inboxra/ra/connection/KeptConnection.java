package io.inboxra.ra.connection;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * One connection of the subscription's kept open between uses. Where uses may come far apart (a
 * server's recovery pass and the decisions after it, the operators' backlog reads:
 * {@link #checkedWhenIdle}) it is checked before a use that follows more than
 * {@link #IDLE_CHECK_NANOS} idle ({@code isValid}, two seconds at most) and replaced if it no
 * longer answers: a NAT or firewall may have dropped its flow while it sat idle, and a call on it
 * would wait the whole network timeout. Where every call bounds its own replies (the lease
 * extensions: {@link #unchecked}) such a check would only add a round trip to each. Not
 * thread-safe: its owner calls it under a lock of its own.
 */
public final class KeptConnection {

    /** How long the connection may sit idle before it is checked. */
    static final long IDLE_CHECK_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final SubscriptionConnections connections;
    /** How long the connection may sit idle before a use checks it ({@link Long#MAX_VALUE}: never). */
    private final long idleCheckNanos;
    /** The connection, while one is open. */
    private DatabaseConnection connection;
    /** When {@link #connection} was last used, in {@link System#nanoTime}. */
    private long lastUsed;

    private KeptConnection(SubscriptionConnections connections, long idleCheckNanos) {
        this.connections = connections;
        this.idleCheckNanos = idleCheckNanos;
    }

    /** @return a kept connection checked before a use that follows an idle spell */
    public static KeptConnection checkedWhenIdle(SubscriptionConnections connections) {
        return new KeptConnection(connections, IDLE_CHECK_NANOS);
    }

    /** @return a kept connection never checked: its every call waits a bounded time for its replies */
    static KeptConnection unchecked(SubscriptionConnections connections) {
        return new KeptConnection(connections, Long.MAX_VALUE);
    }

    /**
     * @return the kept connection (checked first if it sat idle), or a new one
     * @throws SQLException when a new one cannot be opened
     */
    public DatabaseConnection get() throws SQLException {
        if (connection != null && System.nanoTime() - lastUsed > idleCheckNanos && !connection.isValid()) {
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
