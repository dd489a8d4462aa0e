package io.inboxra.ra.connection;

import java.sql.SQLException;
import java.time.Duration;

/**
 * One connection of the subscription's, outside the lease form's pool, for the lease extensions
 * alone: an extension never waits for a pooled connection, which claims stuck on a network gone
 * half-open may all hold for the network timeout while the leases run out. Calls take turns on
 * it (the heartbeats run on one thread; a worker confirming a row's lease joins them), each in
 * autocommit mode, waiting at most its reply timeout for each reply. A call that fails closes the
 * connection, and the next opens another.
 */
public final class SoleConnection {

    /** Not checked when idle: each call bounds its replies itself, and heartbeats come seconds apart. */
    private final KeptConnection kept;

    SoleConnection(SubscriptionConnections connections) {
        this.kept = KeptConnection.unchecked(connections);
    }

    /**
     * Runs work on the connection, opening one first if none is open.
     *
     * @param replyTimeout the longest wait for each reply ({@link DatabaseConnection#withReplyTimeout})
     */
    public synchronized <T> T run(Duration replyTimeout, ConnectionPool.SqlWork<T> work) throws SQLException {
        DatabaseConnection connection = kept.get();
        try {
            T result = connection.withReplyTimeout(replyTimeout, c -> {
                c.autocommit();
                return work.run(c);
            });
            if (connection.isBroken()) {
                kept.close();
            }
            return result;
        } catch (SQLException | RuntimeException | Error e) {
            // A reply that did not come closed it already; any other failure may have left it anywhere.
            kept.close();
            throw e;
        }
    }
}
