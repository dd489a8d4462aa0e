package io.inboxra.ra.outbound;

import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.StatementException;
import io.inboxra.producer.InboxProducer;
import io.inboxra.producer.InboxProducerException;
import io.inboxra.producer.SendOptions;
import io.inboxra.producer.Sent;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * The application's handle on a {@link ProducerConnection}: each send inserts one row in the
 * transaction the server enlisted the connection in, and has the table's subscriptions in this
 * server woken once that transaction has committed (at once, without one).
 */
public final class Producer implements InboxProducer {

    private volatile ProducerConnection connection;
    private volatile boolean closed;

    Producer(ProducerConnection connection) {
        this.connection = connection;
    }

    ProducerConnection connection() {
        return connection;
    }

    void moveTo(ProducerConnection other) {
        connection = other;
    }

    void invalidate() {
        closed = true;
    }

    @Override
    public Sent send(String table, String payload, SendOptions options) {
        if (closed) {
            throw new InboxProducerException("This inbox producer is closed; open another", null);
        }
        ProducerConnection managed = connection;
        ProducerColumns.Insert insert = managed.factory().columns().insert(table, payload, options);
        try {
            Connection c = managed.connection();
            Sent sent = insert.key().isPresent() ? sendOnce(managed, c, insert)
                    : Sent.inserted(java.util.Objects.requireNonNullElse(execute(c, insert.sql(), insert), ""));
            if (sent.inserted()) {
                wakeAfterCommit(managed, table);
            }
            return sent;
        } catch (SQLException e) {
            if (!isValid(managed)) {
                managed.failed(this, e);
            }
            throw new InboxProducerException("Inbox producer: the row could not be sent to table '" + table + "': "
                    + e.getMessage(), e);
        }
    }

    /**
     * A send with a key: the dialect's insert-if-absent, which inserts nothing where the table
     * holds the key (0 rows), or fails in a way the dialect knows for a duplicate key.
     */
    private static Sent sendOnce(ProducerConnection managed, Connection c, ProducerColumns.Insert insert)
            throws SQLException {
        Dialect dialect = managed.factory().dialect(c);
        managed.factory().keyCheck().require(c, insert.table());
        String sql;
        try {
            sql = dialect.insertIfAbsent(insert.keyed());
        } catch (StatementException e) {
            throw new InboxProducerException("Inbox producer: cannot send with a key to table '" + insert.table()
                    + "': " + e.getMessage(), e);
        }
        String key = insert.key().get();
        try {
            String id = execute(c, sql, insert);
            return id == null ? Sent.ofDuplicate() : Sent.inserted(id);
        } catch (SQLException e) {
            if (dialect.isKeyPresent(e, key)) {
                return Sent.ofDuplicate();
            }
            throw e;
        }
    }

    /** Runs the insert; returns the new row's id ("" without a generated key), or null when it inserted nothing. */
    private static String execute(Connection c, String sql, ProducerColumns.Insert insert) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS)) {
            for (int i = 0; i < insert.values().size(); i++) {
                ps.setObject(i + 1, insert.values().get(i));
            }
            if (ps.executeUpdate() == 0) {
                return null;
            }
            try (ResultSet keys = ps.getGeneratedKeys()) {
                return keys.next() ? String.valueOf(keys.getObject(1)) : "";
            }
        }
    }

    /** One wake-up per table and transaction, after its commit; none after a rollback. */
    private static void wakeAfterCommit(ProducerConnection managed, String table) {
        Optional<TransactionSynchronizationRegistry> registry = managed.factory().synchronizations();
        if (registry.isEmpty() || registry.get().getTransactionKey() == null) {
            managed.factory().wake(table);
            return;
        }
        TransactionSynchronizationRegistry transaction = registry.get();
        String key = "io.inboxra.producer.wake:" + table.toLowerCase(java.util.Locale.ROOT);
        if (transaction.getResource(key) != null) {
            return;
        }
        transaction.putResource(key, Boolean.TRUE);
        transaction.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    managed.factory().wake(table);
                }
            }
        });
    }

    private static boolean isValid(ProducerConnection managed) {
        try {
            return managed.connection().isValid(2);
        } catch (SQLException e) {
            return false;
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            connection.closed(this);
        }
    }
}
