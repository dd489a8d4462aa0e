package io.inboxra.ra.operations;

import io.inboxra.operations.Backlog;
import io.inboxra.ra.connection.KeptConnection;
import io.inboxra.ra.connection.SubscriptionConnections;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * A subscription's backlog, read from its database at most once per {@link #MAX_AGE_NANOS}, on
 * one connection kept open between reads ({@link KeptConnection}: checked after an idle spell, so
 * that a read, and every operator's call waiting behind it, does not wait the network timeout on a
 * connection a NAT dropped while scrapes were minutes apart), each query bounded by {@code statementTimeout} (as
 * every operator's statement: a table a migration holds fails the read rather than hanging it).
 * The operators' API, the MBean and the metrics all read it here, so an open page, a JMX
 * console and a scrape together cost one read per subscription every few seconds, not a new
 * physical connection and its counts per request.
 */
final class BacklogCache implements AutoCloseable {

    /** How old a backlog may be when it is read again. */
    static final long MAX_AGE_NANOS = TimeUnit.SECONDS.toNanos(2);

    /** The read of the backlog, on the kept connection, in a transaction the cache commits. */
    interface Read {
        Backlog run(Connection connection) throws SQLException;
    }

    private final KeptConnection kept;
    private Backlog last;
    private long readAt;
    private boolean closed;

    BacklogCache(SubscriptionConnections connections) {
        this.kept = KeptConnection.checkedWhenIdle(connections);
    }

    /**
     * @return the backlog, at most {@link #MAX_AGE_NANOS} old; one read at a time, the others wait for it
     * @throws SQLException when the database fails (the kept connection is closed, the next read opens another)
     */
    synchronized Backlog get(Read read) throws SQLException {
        if (last != null && System.nanoTime() - readAt < MAX_AGE_NANOS) {
            return last;
        }
        if (closed) {
            throw new IllegalStateException("the subscription is stopped");
        }
        boolean reused = kept.isOpen();
        try {
            return readOn(read);
        } catch (SQLException e) {
            if (!reused || !isClosed(e)) {
                throw e;
            }
            // The kept connection went stale while idle (the server closed it, a failover): once more, afresh.
            return readOn(read);
        }
    }

    /** @return whether the error says the connection is gone (SQLState class 08, or the JDBC types for it) */
    private static boolean isClosed(SQLException e) {
        return e instanceof java.sql.SQLNonTransientConnectionException || e instanceof java.sql.SQLRecoverableException
                || e.getSQLState() != null && e.getSQLState().startsWith("08");
    }

    private Backlog readOn(Read read) throws SQLException {
        try {
            Connection c = kept.get().connection();
            c.setAutoCommit(false);
            Backlog backlog = read.run(c);
            c.commit();
            last = backlog;
            // Timed when the read ends: a slow database must not make every caller read it again.
            readAt = System.nanoTime();
            kept.used();
            return backlog;
        } catch (SQLException | RuntimeException e) {
            drop();
            throw e;
        }
    }

    /** The next read goes to the database: the subscription's own operation changed its rows. */
    synchronized void forget() {
        last = null;
    }

    private void drop() {
        kept.close();
        last = null;
    }

    @Override
    public synchronized void close() {
        closed = true;
        drop();
    }
}
