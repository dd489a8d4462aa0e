package io.inboxra.ra.delivery;

import io.inboxra.ra.xa.RecoveryResource;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.XAConnection;
import javax.sql.XADataSource;
import javax.transaction.xa.XAResource;

/**
 * A subscription's connections to its database: the workers' own (closed when it stops), the
 * lease form's pool, connections a caller closes itself, the finisher of branches whose
 * connection failed, the connections of the server's recovery, and the wake-up listener's.
 */
final class SubscriptionConnections implements AutoCloseable {

    private static final Logger LOG = System.getLogger(SubscriptionConnections.class.getName());

    private final String subscription;
    private final XADataSource dataSource;
    private final int isolation;
    private final int statementSeconds;
    private final ConnectionPool pool;
    private final FreshConnectionFinisher finisher;
    private final Set<WorkerConnection> open = ConcurrentHashMap.newKeySet();
    private WorkerConnection recovery;
    private XAResource recoveryXaResource;

    /**
     * @param pool the lease form's pool, or null in the other forms
     */
    SubscriptionConnections(String subscription, XADataSource dataSource, int isolation, int statementSeconds,
            ConnectionPool pool, FreshConnectionFinisher finisher) {
        this.subscription = subscription;
        this.dataSource = dataSource;
        this.isolation = isolation;
        this.statementSeconds = statementSeconds;
        this.pool = pool;
        this.finisher = finisher;
    }

    /** A connection of the subscription's own, closed when the subscription stops. */
    WorkerConnection connect() throws SQLException {
        WorkerConnection connection = openConnection();
        open.add(connection);
        return connection;
    }

    /** A connection the caller closes. */
    WorkerConnection openConnection() throws SQLException {
        return WorkerConnection.open(dataSource, isolation, statementSeconds);
    }

    /** Closes a connection {@link #connect()} gave. */
    void disconnect(WorkerConnection connection) {
        if (open.remove(connection)) {
            try {
                connection.close();
            } catch (SQLException e) {
                LOG.log(Level.DEBUG, () -> "Inbox subscription '" + subscription + "': closing a connection: " + e);
            }
        }
    }

    /** @return the lease form's pool */
    ConnectionPool pool() {
        return Optional.ofNullable(pool).orElseThrow(() -> new IllegalStateException("only the lease form pools"));
    }

    /** Finishes prepared branches whose own connection failed, from a new connection. */
    FreshConnectionFinisher finisher() {
        return finisher;
    }

    /**
     * The XA resource for a server's transaction recovery, on a connection of its own: the same
     * resource on every call while its connection answers, a new one on a new connection once it
     * does not (the old one closes then). Servers ask again on every recovery pass, and WildFly's
     * Narayana may finish a branch, found by one call's resource, after a later call: closing
     * the earlier call's connection then failed that commit ("This connection has been closed").
     */
    synchronized XAResource recoveryResource() throws SQLException {
        if (recovery != null && recovery.isValid()) {
            return recoveryXaResource;
        }
        if (recovery != null) {
            disconnect(recovery);
        }
        WorkerConnection connection = connect();
        recovery = connection;
        recoveryXaResource = new RecoveryResource(connection.xaResource());
        return recoveryXaResource;
    }

    /**
     * A new connection for the wake-up listener, which closes it itself: used outside any XA
     * work, in autocommit.
     */
    XAConnection listeningConnection() throws SQLException {
        return dataSource.getXAConnection();
    }

    /** A new connection for a recovery pass that closes it itself. */
    XAConnection recoveryConnection() throws SQLException {
        return dataSource.getXAConnection();
    }

    @Override
    public void close() {
        for (WorkerConnection connection : open) {
            disconnect(connection);
        }
        if (pool != null) {
            pool.close();
        }
    }
}
