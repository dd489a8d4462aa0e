package io.inboxra.ra.connection;

import io.inboxra.dialect.BranchSessions;
import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Statement;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import javax.sql.XAConnection;
import javax.sql.XADataSource;
import javax.transaction.xa.XAResource;

/**
 * One database connection of a subscription: an XA connection, its one handle, and the
 * subscription's statements, each prepared once on it ({@link PreparedStatements}), each cancelled by
 * the database when it runs longer than {@code statementTimeout} (its network timeout is the data
 * source's).
 */
public final class DatabaseConnection implements AutoCloseable {

    private final XAConnection xaConnection;
    private final Connection connection;
    private final PreparedStatements statements;
    private final int statementSeconds;
    private final Dialect dialect;
    /** The database's id of the connection's session, where the dialect asks it ({@link BranchSessions}). */
    private final OptionalLong session;
    private volatile boolean broken;

    private DatabaseConnection(XAConnection xaConnection, int isolation, int statementSeconds, Dialect dialect)
            throws SQLException {
        this.xaConnection = xaConnection;
        this.dialect = dialect;
        this.connection = xaConnection.getConnection();
        connection.setTransactionIsolation(isolation);
        java.util.Optional<io.inboxra.dialect.Statement> timeout = statementSeconds > 0
                ? dialect.sessionStatementTimeout(java.time.Duration.ofSeconds(statementSeconds))
                : java.util.Optional.empty();
        if (timeout.isPresent()) {
            try (java.sql.Statement set = connection.createStatement()) {
                set.execute(timeout.get().sql());
            }
        }
        // Where the session holds the timeout, no statement needs one of its own.
        this.statementSeconds = timeout.isPresent() ? 0 : statementSeconds;
        this.statements = new PreparedStatements(connection, dialect, this.statementSeconds);
        this.session = dialect instanceof BranchSessions sessions ? sessionId(sessions) : OptionalLong.empty();
    }

    private OptionalLong sessionId(BranchSessions sessions) throws SQLException {
        try (java.sql.Statement query = connection.createStatement();
                ResultSet rs = query.executeQuery(sessions.sessionId())) {
            return rs.next() ? OptionalLong.of(rs.getLong(1)) : OptionalLong.empty();
        }
    }

    /** @return the id of this connection's session, where the dialect tells it ({@link BranchSessions}) */
    public OptionalLong session() {
        return session;
    }

    /**
     * @param statementSeconds the statement timeout, in whole seconds: the session's, where the dialect sets
     *        one ({@link Dialect#sessionStatementTimeout}), else each statement's ({@code Statement.setQueryTimeout})
     * @param dialect the subscription's dialect
     */
    public static DatabaseConnection open(XADataSource dataSource, int isolation, int statementSeconds, Dialect dialect)
            throws SQLException {
        XAConnection xa = dataSource.getXAConnection();
        try {
            return new DatabaseConnection(xa, isolation, statementSeconds, dialect);
        } catch (SQLException | RuntimeException e) {
            try {
                xa.close();
            } catch (SQLException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /** @return the driver's XA resource of the connection, as recovery uses it */
    public XAResource xaResource() throws SQLException {
        return xaConnection.getXAResource();
    }

    /** @return the XA resource a delivery's branch is driven through: the dialect's choice ({@link Dialect#branchResource}) */
    public XAResource branchResource() throws SQLException {
        return dialect.branchResource(xaConnection.getXAResource(), connection);
    }

    public Connection connection() {
        return connection;
    }

    /** Runs a claim and reads every row it returns. */
    public List<ClaimedRow> claim(Statement statement, Bindings bindings) throws SQLException {
        List<ClaimedRow> rows = new ArrayList<>();
        try (ResultSet rs = statements.bound(statement, bindings).executeQuery()) {
            // Read even when no row came: a worker's first (empty) claim learns it, not the first row delivered.
            ClaimedRow.Layout layout = statements.layout(statement, rs);
            while (rs.next()) {
                rows.add(ClaimedRow.read(rs, layout));
            }
        }
        return rows;
    }

    /** @return whether the query returns a row */
    public boolean exists(Statement statement, Bindings bindings) throws SQLException {
        try (ResultSet rs = statements.bound(statement, bindings).executeQuery()) {
            return rs.next();
        }
    }

    /** @return the first column of the query's first row, or null when it returns none */
    public Object first(Statement statement, Bindings bindings) throws SQLException {
        try (ResultSet rs = statements.bound(statement, bindings).executeQuery()) {
            return rs.next() ? rs.getObject(1) : null;
        }
    }

    /** @return every value of the query's first column */
    public List<String> strings(Statement statement, Bindings bindings) throws SQLException {
        List<String> values = new ArrayList<>();
        try (ResultSet rs = statements.bound(statement, bindings).executeQuery()) {
            while (rs.next()) {
                values.add(rs.getString(1));
            }
        }
        return values;
    }

    /** @return the update count */
    public int update(Statement statement, Bindings bindings) throws SQLException {
        return statements.bound(statement, bindings).executeUpdate();
    }

    /**
     * Runs one statement for each of the bindings as one JDBC batch: one round trip where the
     * driver sends a batch at once.
     *
     * @return the rows each execution changed, in order
     */
    public int[] updateEach(Statement statement, List<Bindings> each) throws SQLException {
        if (each.isEmpty()) {
            return new int[0];
        }
        PreparedStatement ps = statements.bound(statement, each.get(0));
        try {
            for (Bindings bindings : each) {
                statements.bound(statement, bindings).addBatch();
            }
            return ps.executeBatch();
        } finally {
            // Also after a failed bind: nothing of this batch may run with the cached statement's next one.
            ps.clearBatch();
        }
    }

    /** Runs work in one local transaction of its own, committed when it returns; the connection returns to autocommit. */
    public <T> T inTransaction(ConnectionPool.SqlWork<T> work) throws SQLException {
        return LocalTransaction.run(this, connection, work, null);
    }

    /**
     * Runs work in one local transaction of its own, committed when it returns.
     *
     * @param commitLeavingOff the commit that leaves the connection out of autocommit
     *        ({@link LocalTransaction#run}), or null: the connection returns to autocommit
     */
    <T> T inTransaction(ConnectionPool.SqlWork<T> work, String commitLeavingOff) throws SQLException {
        return LocalTransaction.run(this, connection, work, commitLeavingOff);
    }

    /** Returns the connection to autocommit if a local transaction left it out ({@link #inTransaction(ConnectionPool.SqlWork, String)}). */
    void autocommit() throws SQLException {
        if (!connection.getAutoCommit()) {
            connection.setAutoCommit(true);
        }
    }

    /** @return what {@code Statement.execute} returns */
    public boolean execute(String sql) throws SQLException {
        try (java.sql.Statement plain = plain()) {
            return plain.execute(sql);
        }
    }

    /** @return whether a plain query (no parameters) returns a row */
    public boolean returnsRow(String sql) throws SQLException {
        try (java.sql.Statement plain = plain(); ResultSet rs = plain.executeQuery(sql)) {
            return rs.next();
        }
    }

    /** @return the number a plain query (no parameters) returns first */
    public long number(String sql) throws SQLException {
        try (java.sql.Statement plain = plain(); ResultSet rs = plain.executeQuery(sql)) {
            if (!rs.next()) {
                throw new SQLException("no row from " + sql);
            }
            return rs.getLong(1);
        }
    }

    private java.sql.Statement plain() throws SQLException {
        java.sql.Statement plain = connection.createStatement();
        plain.setQueryTimeout(statementSeconds);
        return plain;
    }

    /** Marks the connection as failed (its branch could not be finished on it): the worker replaces it. */
    public void markBroken() {
        broken = true;
    }

    public boolean isBroken() {
        return broken;
    }

    /** @return whether the driver has closed the connection (after a network timeout, a lost socket), asking nothing of the database */
    boolean isClosed() {
        try {
            return connection.isClosed();
        } catch (SQLException e) {
            return true;
        }
    }

    /**
     * Runs work waiting at most {@code timeout} for each reply instead of the network timeout, then
     * sets the network timeout back. Work that must not wait a full network timeout behind a
     * connection gone half-open uses it (a lease's heartbeat, whose lease would run out meanwhile).
     * A reply that does not come in time closes the connection, as the network timeout does; the
     * caller closes a connection whose work failed, or that {@link #isBroken() broke} setting the
     * timeout back.
     */
    public <T> T withReplyTimeout(java.time.Duration timeout, ConnectionPool.SqlWork<T> work) throws SQLException {
        int before;
        try {
            before = connection.getNetworkTimeout();
            connection.setNetworkTimeout(TimedXaDataSource.DIRECT, (int) timeout.toMillis());
        } catch (java.sql.SQLFeatureNotSupportedException | UnsupportedOperationException embedded) {
            // No socket to wait on (an embedded database).
            return work.run(this);
        }
        T result = work.run(this);
        try {
            connection.setNetworkTimeout(TimedXaDataSource.DIRECT, before);
        } catch (SQLException e) {
            // The work is done and its result stands; the connection, left with the short wait, is not reused.
            markBroken();
        }
        return result;
    }

    /** @return whether the database still answers on this connection */
    public boolean isValid() {
        try {
            return !broken && connection.isValid(2);
        } catch (SQLException e) {
            return false;
        }
    }

    @Override
    public void close() throws SQLException {
        // Closing the physical connection also closes the handle and its statements.
        xaConnection.close();
    }
}
