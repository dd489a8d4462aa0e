package io.inboxra.ra.connection;

import io.inboxra.ra.config.ConnectionTimeouts;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.concurrent.Executor;
import javax.sql.ConnectionEventListener;
import javax.sql.StatementEventListener;
import javax.sql.XAConnection;
import javax.sql.XADataSource;
import javax.transaction.xa.XAResource;

/**
 * A data source whose every connection waits at most the network timeout for a reply
 * ({@code Connection.setNetworkTimeout}), set before anyone uses the connection, its XA
 * resource included (the transaction manager's prepare and commit go over the same socket).
 * Without it a connection whose network stopped answering without closing blocks its caller
 * until the operating system gives up on the socket, about two hours on Linux. The connect
 * timeout is the driver's login timeout, set once on the driver's data source.
 *
 * <p>The network timeout is set through the connection's first handle, which the first
 * {@link XAConnection#getConnection()} then returns, so that drivers which close a previous
 * handle on a new one (PostgreSQL's, MySQL's) see a single handle as before. A driver without
 * network timeouts (an embedded database has no network) is used as it is.
 */
final class TimedXaDataSource extends ForwardingXaDataSource {

    /**
     * The drivers set the socket's timeout on the calling thread; MySQL's runs the setting on this
     * executor. Also {@link DatabaseConnection}'s, for its shorter reply waits.
     */
    static final Executor DIRECT = Runnable::run;

    private final ConnectionTimeouts timeouts;

    TimedXaDataSource(XADataSource delegate, ConnectionTimeouts timeouts) throws SQLException {
        super(delegate);
        this.timeouts = timeouts;
        delegate.setLoginTimeout(timeouts.connectSeconds());
    }

    @Override
    public XAConnection getXAConnection() throws SQLException {
        return timed(delegate.getXAConnection());
    }

    @Override
    public XAConnection getXAConnection(String user, String password) throws SQLException {
        return timed(delegate.getXAConnection(user, password));
    }

    private XAConnection timed(XAConnection xa) throws SQLException {
        try {
            Connection first = xa.getConnection();
            try {
                first.setNetworkTimeout(DIRECT, timeouts.networkMillis());
            } catch (SQLFeatureNotSupportedException | UnsupportedOperationException embedded) {
                // No socket to time out (H2 embedded, SQLite): nothing can stall on a network.
            }
            return new TimedXaConnection(xa, first);
        } catch (SQLException | RuntimeException e) {
            try {
                xa.close();
            } catch (SQLException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /** The driver's XA connection, whose first handle is the one the timeout was set through. */
    private static final class TimedXaConnection implements XAConnection {
        private final XAConnection delegate;
        private Connection first;

        TimedXaConnection(XAConnection delegate, Connection first) {
            this.delegate = delegate;
            this.first = first;
        }

        @Override
        public synchronized Connection getConnection() throws SQLException {
            Connection handle = first;
            first = null;
            return handle != null && !handle.isClosed() ? handle : delegate.getConnection();
        }

        @Override
        public XAResource getXAResource() throws SQLException {
            return delegate.getXAResource();
        }

        @Override
        public void close() throws SQLException {
            delegate.close();
        }

        @Override
        public void addConnectionEventListener(ConnectionEventListener listener) {
            delegate.addConnectionEventListener(listener);
        }

        @Override
        public void removeConnectionEventListener(ConnectionEventListener listener) {
            delegate.removeConnectionEventListener(listener);
        }

        @Override
        public void addStatementEventListener(StatementEventListener listener) {
            delegate.addStatementEventListener(listener);
        }

        @Override
        public void removeStatementEventListener(StatementEventListener listener) {
            delegate.removeStatementEventListener(listener);
        }
    }
}
