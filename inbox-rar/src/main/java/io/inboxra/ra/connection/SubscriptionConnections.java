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
 * lease form's pool, connections a caller closes itself, the finisher of branches whose
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
    }

    /** A connection of the subscription's own, closed when the subscription stops. */
    public DatabaseConnection connect() throws SQLException {
        DatabaseConnection connection = openConnection();
        open.add(connection);
        return connection;
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
        for (DatabaseConnection connection : open) {
            disconnect(connection);
        }
        if (pool != null) {
            pool.close();
        }
    }
}
