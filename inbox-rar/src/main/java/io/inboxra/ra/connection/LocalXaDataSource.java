package io.inboxra.ra.connection;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.logging.Logger;
import javax.sql.XAConnection;
import javax.sql.XADataSource;

/**
 * An {@link XADataSource} for a database whose driver has none (SQLite): each connection is a
 * plain JDBC connection from the driver that accepts the URL, found among the drivers the
 * adapter's and the application's class loaders offer, with a {@link OnePhaseResource}.
 * Configured like any data source, through {@code url}, {@code user} and {@code password}.
 */
public final class LocalXaDataSource implements XADataSource {

    private String url;
    private String user;
    private String password;
    private final List<ClassLoader> loaders = new ArrayList<>(List.of(LocalXaDataSource.class.getClassLoader()));
    private volatile Driver driver;
    private int loginTimeout;

    public String getUrl() {
        return url;
    }

    public void setUrl(String url) {
        this.url = url;
    }

    public String getUser() {
        return user;
    }

    public void setUser(String user) {
        this.user = user;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    /** Also looks for the driver in this class loader (the MDB's), after the adapter's. */
    public void addDriverLoader(ClassLoader loader) {
        if (loader != null) {
            loaders.add(loader);
        }
    }

    @Override
    public XAConnection getXAConnection() throws SQLException {
        Properties properties = new Properties();
        if (user != null) {
            properties.setProperty("user", user);
        }
        if (password != null) {
            properties.setProperty("password", password);
        }
        Connection connection = driver().connect(url, properties);
        if (connection == null) {
            throw new SQLException("The driver " + driver.getClass().getName() + " refused the URL '" + url + "'");
        }
        return new LocalXaConnection(connection, connection.getMetaData().getDatabaseProductName());
    }

    @Override
    public XAConnection getXAConnection(String user, String password) throws SQLException {
        LocalXaDataSource other = new LocalXaDataSource();
        other.url = url;
        other.user = user;
        other.password = password;
        other.driver = driver();
        return other.getXAConnection();
    }

    private Driver driver() throws SQLException {
        Driver found = driver;
        if (found != null) {
            return found;
        }
        for (ClassLoader loader : loaders) {
            for (Driver candidate : ServiceLoader.load(Driver.class, loader)) {
                if (candidate.acceptsURL(url)) {
                    driver = candidate;
                    return candidate;
                }
            }
        }
        throw new SQLException("No JDBC driver in the adapter or the application accepts the URL '" + url
                + "'; add the driver (for SQLite, org.xerial:sqlite-jdbc) to the application's WEB-INF/lib"
                + " or the server's library folder.");
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        // Logging goes to System.Logger.
    }

    @Override
    public void setLoginTimeout(int seconds) {
        loginTimeout = seconds;
    }

    @Override
    public int getLoginTimeout() {
        return loginTimeout;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("no parent logger");
    }
}
