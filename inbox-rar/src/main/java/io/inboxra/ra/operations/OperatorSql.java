package io.inboxra.ra.operations;

import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.delivery.DeliveryContext;
import io.inboxra.ra.subscription.Subscription;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How the operators' statements run: bound to the subscription's queue and an id or delay, each
 * cancelled after {@code statementTimeout}, an operation in one local transaction on a fresh
 * connection of the subscription, closed at its end.
 */
final class OperatorSql {

    private static final Logger LOG = System.getLogger(OperatorSql.class.getName());

    private final Subscription subscription;
    private final DeliveryContext context;

    OperatorSql(Subscription subscription) {
        this.subscription = subscription;
        this.context = subscription.context();
    }

    /** The work of one operation, in its transaction. */
    interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    PreparedStatement bound(Connection c, Statement statement, Object id, Duration delay) throws SQLException {
        return bound(c, statement, id, delay, null);
    }

    /** @return the statement bound to the queue and a message's key ({@link Param#MESSAGE_KEY}) */
    PreparedStatement boundToKey(Connection c, Statement statement, String key) throws SQLException {
        return bound(c, statement, null, Duration.ZERO, key);
    }

    private PreparedStatement bound(Connection c, Statement statement, Object id, Duration delay, String key)
            throws SQLException {
        PreparedStatement ps = c.prepareStatement(statement.sql());
        ps.setQueryTimeout(context.settings().dataSource().timeouts().statementSeconds());
        int index = 1;
        for (Param param : statement.params()) {
            switch (param) {
                case QUEUE -> ps.setString(index, context.settings().queue().orElse(null));
                case ID -> ps.setObject(index, id);
                case DELAY -> ps.setLong(index, delay.toMillis());
                case MESSAGE_KEY -> ps.setString(index, key);
                default -> throw new IllegalStateException("an operator's statement binds " + param + ": "
                        + statement.sql());
            }
            index++;
        }
        return ps;
    }

    /** @return the first column of a count query's row, or empty without the query */
    OptionalLong count(Connection c, Optional<Statement> query) throws SQLException {
        if (query.isEmpty()) {
            return OptionalLong.empty();
        }
        try (PreparedStatement ps = bound(c, query.get(), null, Duration.ZERO); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return OptionalLong.of(rs.getLong(1));
        }
    }

    void requireRunning() {
        if (!subscription.running().isRunning()) {
            throw new IllegalStateException("Inbox subscription '" + subscription.name() + "' is stopped");
        }
    }

    /** Runs the work in one local transaction on a fresh connection of the subscription, then closes it. */
    <T> T inTransaction(Work<T> work) throws SQLException {
        return inDatabaseTransaction(connection -> work.run(connection.connection()));
    }

    /** The work of one operation, in its transaction, on the adapter's own kind of connection. */
    interface DatabaseWork<T> {
        T run(DatabaseConnection connection) throws SQLException;
    }

    /** As {@link #inTransaction}, handing the work the adapter's connection (its statements bind as a delivery's). */
    <T> T inDatabaseTransaction(DatabaseWork<T> work) throws SQLException {
        return inDatabaseTransaction(work, connection -> null);
    }

    /**
     * As {@link #inDatabaseTransaction(DatabaseWork)}, and then, once the transaction has ended
     * (committed or rolled back), {@code afterEnd} on the same connection: what the transaction
     * must hold until it ends, and no longer (a session's advisory lock).
     */
    <T> T inDatabaseTransaction(DatabaseWork<T> work, DatabaseWork<?> afterEnd) throws SQLException {
        requireRunning();
        try (DatabaseConnection connection = context.connections().openConnection()) {
            Connection c = connection.connection();
            c.setAutoCommit(false);
            T result;
            try {
                result = work.run(connection);
                c.commit();
            } catch (SQLException | RuntimeException e) {
                try {
                    c.rollback();
                    afterEnd.run(connection);
                } catch (SQLException | RuntimeException rollback) {
                    e.addSuppressed(rollback);
                }
                throw e;
            }
            // Committed: the result stands. The connection closes next, which ends the session and
            // whatever afterEnd failed to release with it.
            try {
                afterEnd.run(connection);
                c.commit();
            } catch (SQLException | RuntimeException e) {
                LOG.log(Level.WARNING, "Inbox subscription '" + context.name() + "': the operation committed; what it"
                        + " held past its transaction is released as its connection closes (" + e + ")");
            }
            return result;
        }
    }
}
