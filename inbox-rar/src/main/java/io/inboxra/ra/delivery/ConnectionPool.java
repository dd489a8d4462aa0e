package io.inboxra.ra.delivery;

import org.apache.commons.pool2.BasePooledObjectFactory;
import org.apache.commons.pool2.PooledObject;
import org.apache.commons.pool2.impl.DefaultPooledObject;
import org.apache.commons.pool2.impl.GenericObjectPool;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;

import java.sql.SQLException;
import java.time.Duration;
import javax.sql.XADataSource;

/**
 * The lease form's bounded pool of XA connections (Apache Commons Pool): claims, lease
 * extensions and settlements borrow one only while they run, so a hundred slow handlers need
 * a handful of connections.
 */
final class ConnectionPool implements AutoCloseable {

    private final GenericObjectPool<WorkerConnection> pool;

    ConnectionPool(XADataSource dataSource, int isolation, int statementSeconds, int size, Duration maxWait) {
        GenericObjectPoolConfig<WorkerConnection> config = new GenericObjectPoolConfig<>();
        config.setMaxTotal(size);
        config.setMaxIdle(size);
        config.setMinIdle(0);
        config.setBlockWhenExhausted(true);
        config.setMaxWait(maxWait);
        config.setJmxEnabled(false);
        this.pool = new GenericObjectPool<>(new BasePooledObjectFactory<>() {
            @Override
            public WorkerConnection create() throws SQLException {
                return WorkerConnection.open(dataSource, isolation, statementSeconds);
            }

            @Override
            public PooledObject<WorkerConnection> wrap(WorkerConnection connection) {
                return new DefaultPooledObject<>(connection);
            }

            @Override
            public void destroyObject(PooledObject<WorkerConnection> pooled) throws SQLException {
                pooled.getObject().close();
            }
        }, config);
    }

    WorkerConnection borrow() throws SQLException {
        try {
            return pool.borrowObject();
        } catch (SQLException e) {
            throw e;
        } catch (Exception e) {
            throw new SQLException("no connection of the subscription's pool came free: " + e.getMessage(), e);
        }
    }

    void giveBack(WorkerConnection connection) {
        pool.returnObject(connection);
    }

    /**
     * A connection that failed is closed, not reused. One the driver closed itself (its network
     * timed out, its socket was lost) takes the idle ones with it: they went over the same network
     * and would each cost a borrower a network timeout of its own to find out.
     */
    void discard(WorkerConnection connection) {
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
    <T> T withConnection(SqlWork<T> work) throws SQLException {
        WorkerConnection c = borrow();
        try {
            T result = work.run(c);
            giveBack(c);
            return result;
        } catch (SQLException | RuntimeException e) {
            discard(c);
            throw e;
        }
    }

    /** Work on a connection. */
    interface SqlWork<T> {
        T run(WorkerConnection connection) throws SQLException;
    }

    @Override
    public void close() {
        pool.close();
    }
}
