package io.inboxra.ra.connection;

import io.inboxra.dialect.Dialect;
import io.inboxra.ra.xa.BranchFinisher;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.XADataSource;

/**
 * A subscription's connections to its database: the workers' own (closed when it stops), the
 * lease form's pool and its connection for lease extensions, connections a caller closes itself, the finisher of branches whose
 * connection failed, and the wake-up listener's.
 */
public final class SubscriptionConnections implements AutoCloseable {

    private static final Logger LOG = System.getLogger(SubscriptionConnections.class.getName());

    private final String subscription;
    private final XADataSource dataSource;
    private final Dialect dialect;
    private final int isolation;
    private final int statementSeconds;
    private final ConnectionPool pool;
    private final BranchFinisher finisher;
    private final Set<DatabaseConnection> open = ConcurrentHashMap.newKeySet();
    /** Set by {@link #close()}: from then on {@link #connect()} opens nothing. */
    private volatile boolean closed;
    /** The lease form's connection for its lease extensions, or null in the other forms. */
    private final SoleConnection extensions;

    /**
     * @param dialect the subscription's dialect, which binds what only it can ({@link Dialect#bindIds})
     * @param pool the lease form's pool, or null in the other forms
     */
    public SubscriptionConnections(String subscription, XADataSource dataSource, Dialect dialect, int isolation,
            int statementSeconds, ConnectionPool pool, BranchFinisher finisher) {
        this.subscription = subscription;
        this.dataSource = dataSource;
        this.dialect = dialect;
        this.isolation = isolation;
        this.statementSeconds = statementSeconds;
        this.pool = pool;
        this.finisher = finisher;
        this.extensions = pool != null ? new SoleConnection(this) : null;
    }

    /**
     * A connection of the subscription's own, closed when the subscription stops.
     *
     * @throws SQLException also once the subscription has stopped: a connection opened then (a lease's
     *         heartbeat still under way at the stop) would never be closed
     */
    public DatabaseConnection connect() throws SQLException {
        requireOpen();
        DatabaseConnection connection = openConnection();
        open.add(connection);
        if (closed) {
            disconnect(connection);
            requireOpen();
        }
        return connection;
    }

    private void requireOpen() throws SQLException {
        if (closed) {
            throw new SQLException("Inbox subscription '" + subscription + "' has stopped: it opens no connection");
        }
    }

    /** A connection the caller closes. */
    public DatabaseConnection openConnection() throws SQLException {
        return DatabaseConnection.open(dataSource, isolation, statementSeconds, dialect);
    }

    /** Closes a connection {@link #connect()} gave. */
    public void disconnect(DatabaseConnection connection) {
        if (open.remove(connection)) {
            try {
                connection.close();
            } catch (SQLException e) {
                LOG.log(Level.DEBUG, () -> "Inbox subscription '" + subscription + "': closing a connection: " + e);
            }
        }
    }

    /** @return the lease form's pool */
    public ConnectionPool pool() {
        return Optional.ofNullable(pool).orElseThrow(() -> new IllegalStateException("only the lease form pools"));
    }

    /** @return the lease form's connection for its lease extensions, outside its pool */
    public SoleConnection extensions() {
        return Optional.ofNullable(extensions).orElseThrow(
                () -> new IllegalStateException("only the lease form extends leases"));
    }

    /** Finishes prepared branches whose own connection failed, from a new connection. */
    public BranchFinisher finisher() {
        return finisher;
    }

    /**
     * @return the subscription's data source, for connections that live outside the subscription's
     *         own (the wake-up listener's, recovery's), which their users close
     */
    public XADataSource dataSource() {
        return dataSource;
    }

    @Override
    public void close() {
        closed = true;
        for (DatabaseConnection connection : open) {
            disconnect(connection);
        }
        if (pool != null) {
            pool.close();
        }
    }
}
