package io.inboxra.ra.connection;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.XADataSource;

/**
 * An XA data source that wraps another and changes only how connections are made: the log
 * writer, the login timeout and the parent logger are the wrapped one's.
 */
abstract class ForwardingXaDataSource implements XADataSource {

    /** The wrapped data source. */
    protected final XADataSource delegate;

    ForwardingXaDataSource(XADataSource delegate) {
        this.delegate = delegate;
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return delegate.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        delegate.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        delegate.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return delegate.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return delegate.getParentLogger();
    }
}
