package io.inboxra.ra.outbound;

import io.inboxra.producer.InboxProducer;
import io.inboxra.producer.InboxProducerException;
import io.inboxra.producer.SendOptions;
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
    public String send(String table, String payload, SendOptions options) {
        if (closed) {
            throw new InboxProducerException("This inbox producer is closed; open another", null);
        }
        ProducerConnection managed = connection;
        ProducerColumns.Insert insert = managed.factory().columns().insert(table, payload, options);
        try {
            Connection c = managed.connection();
            String id;
            try (PreparedStatement ps = c.prepareStatement(insert.sql(), Statement.RETURN_GENERATED_KEYS)) {
                for (int i = 0; i < insert.values().size(); i++) {
                    ps.setObject(i + 1, insert.values().get(i));
                }
                ps.executeUpdate();
                try (ResultSet keys = ps.getGeneratedKeys()) {
                    id = keys.next() ? String.valueOf(keys.getObject(1)) : "";
                }
            }
            wakeAfterCommit(managed, table);
            return id;
        } catch (SQLException e) {
            if (!isValid(managed)) {
                managed.failed(this, e);
            }
            throw new InboxProducerException("Inbox producer: the row could not be sent to table '" + table + "': "
                    + e.getMessage(), e);
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
