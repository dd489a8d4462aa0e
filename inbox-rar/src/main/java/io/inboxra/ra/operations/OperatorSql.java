package io.inboxra.ra.operations;

import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.delivery.DeliveryContext;
import io.inboxra.ra.subscription.Subscription;

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
        PreparedStatement ps = c.prepareStatement(statement.sql());
        ps.setQueryTimeout(context.settings().dataSource().timeouts().statementSeconds());
        int index = 1;
        for (Param param : statement.params()) {
            switch (param) {
                case QUEUE -> ps.setString(index, context.settings().queue().orElse(null));
                case ID -> ps.setObject(index, id);
                case DELAY -> ps.setLong(index, delay.toMillis());
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
        requireRunning();
        try (DatabaseConnection connection = context.connections().openConnection()) {
            Connection c = connection.connection();
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                c.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                try {
                    c.rollback();
                } catch (SQLException rollback) {
                    e.addSuppressed(rollback);
                }
                throw e;
            }
        }
    }
}
