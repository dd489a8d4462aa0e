package io.inboxra.ra.connection;

import org.apache.commons.pool2.BasePooledObjectFactory;
import org.apache.commons.pool2.PooledObject;
import org.apache.commons.pool2.impl.DefaultPooledObject;
import org.apache.commons.pool2.impl.GenericObjectPool;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;

import io.inboxra.dialect.Dialect;

import java.sql.SQLException;
import java.time.Duration;
import javax.sql.XADataSource;

/**
 * The lease form's bounded pool of XA connections (Apache Commons Pool): claims, settlements and
 * failure records borrow one only while they run, so a hundred slow handlers need a handful of
 * connections. (Lease extensions have a connection of their own: {@link SoleConnection}.)
 */
public final class ConnectionPool implements AutoCloseable {

    private final GenericObjectPool<DatabaseConnection> pool;
    /** Where the dialect has one, the local transactions' commit that keeps a connection out of autocommit, else null. */
    private final String commitLeavingAutocommitOff;

    /** @param dialect the subscription's dialect, which binds what only it can ({@link Dialect#bindIds}) */
    public ConnectionPool(XADataSource dataSource, Dialect dialect, int isolation, int statementSeconds, int size,
            Duration maxWait) {
        GenericObjectPoolConfig<DatabaseConnection> config = new GenericObjectPoolConfig<>();
        config.setMaxTotal(size);
        config.setMaxIdle(size);
        config.setMinIdle(0);
        config.setBlockWhenExhausted(true);
        config.setMaxWait(maxWait);
        config.setJmxEnabled(false);
        this.commitLeavingAutocommitOff = dialect.commitLeavingAutocommitOff().orElse(null);
        this.pool = new GenericObjectPool<>(new BasePooledObjectFactory<>() {
            @Override
            public DatabaseConnection create() throws SQLException {
                return DatabaseConnection.open(dataSource, isolation, statementSeconds, dialect);
            }

            @Override
            public PooledObject<DatabaseConnection> wrap(DatabaseConnection connection) {
                return new DefaultPooledObject<>(connection);
            }

            @Override
            public void destroyObject(PooledObject<DatabaseConnection> pooled) throws SQLException {
                pooled.getObject().close();
            }
        }, config);
    }

    public DatabaseConnection borrow() throws SQLException {
        try {
            return pool.borrowObject();
        } catch (SQLException e) {
            throw e;
        } catch (Exception e) {
            throw new SQLException("no connection of the subscription's pool came free: " + e.getMessage(), e);
        }
    }

    public void giveBack(DatabaseConnection connection) {
        pool.returnObject(connection);
    }

    /**
     * A connection that failed is closed, not reused. One the driver closed itself (its network
     * timed out, its socket was lost) takes the idle ones with it: they went over the same network
     * and would each cost a borrower a network timeout of its own to find out.
     */
    public void discard(DatabaseConnection connection) {
        boolean lost = connection.isClosed();
        try {
            pool.invalidateObject(connection);
            if (lost) {
                pool.clear();
            }
        } catch (Exception e) {
            // It is closed either way; the pool only failed to count it.
            System.getLogger(ConnectionPool.class.getName()).log(System.Logger.Level.DEBUG,
                    () -> "discarding a pooled connection: " + e);
        }
    }

    /** Runs one statement (or a few) on a borrowed connection in autocommit mode. */
    public <T> T withConnection(SqlWork<T> work) throws SQLException {
        return borrowed(c -> {
            c.autocommit();
            return work.run(c);
        });
    }

    /**
     * Runs work in a local transaction of its own on a borrowed connection, committed when it
     * returns. Where the dialect allows it ({@link Dialect#commitLeavingAutocommitOff}) the connection
     * goes back to the pool out of autocommit, so that the next one begins without a statement:
     * a lease claim in steps is its statements and a {@code COMMIT}.
     */
    public <T> T inTransaction(SqlWork<T> work) throws SQLException {
        return borrowed(c -> c.inTransaction(work, commitLeavingAutocommitOff));
    }

    private <T> T borrowed(SqlWork<T> work) throws SQLException {
        DatabaseConnection c = borrow();
        try {
            T result = work.run(c);
            giveBack(c);
            return result;
        } catch (SQLException | RuntimeException | Error e) {
            // An Error too: a connection neither given back nor discarded would hold its place in the pool for ever.
            discard(c);
            throw e;
        }
    }

    /** Work on a connection. */
    public interface SqlWork<T> {
        T run(DatabaseConnection connection) throws SQLException;
    }

    @Override
    public void close() {
        pool.close();
    }
}
