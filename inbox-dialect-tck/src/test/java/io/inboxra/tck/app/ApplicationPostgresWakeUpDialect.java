package io.inboxra.tck.app;

import io.inboxra.dialect.LockWaits;
import io.inboxra.dialect.Notifications;
import io.inboxra.dialect.Statement;

import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * An application's PostgreSQL dialect that also offers what the built-in dialects used to keep to
 * themselves: lock waits and wake-up by notification, from the public SPI alone.
 */
public class ApplicationPostgresWakeUpDialect extends ApplicationPostgresDialect implements LockWaits, Notifications {

    @Override
    public String name() {
        return "app-postgres-wake-up";
    }

    @Override
    public String sessionId() {
        return "SELECT pg_backend_pid()";
    }

    @Override
    public String waiting(long id) {
        return "SELECT 1 FROM pg_locks WHERE pid = " + id + " AND NOT granted";
    }

    @Override
    public List<Statement> listen(String channel, String sessionName) {
        return List.of(Statement.of("LISTEN " + channel));
    }

    @Override
    public Statement notification(String channel) {
        return Statement.of("SELECT pg_notify('" + channel + "', '')");
    }

    @Override
    public boolean canListen(Connection connection) throws SQLException {
        return connection.isWrapperFor(PGConnection.class);
    }

    @Override
    public boolean awaitNotifications(Connection connection, int timeoutMillis) throws SQLException {
        PGNotification[] received = connection.unwrap(PGConnection.class).getNotifications(timeoutMillis);
        return received != null && received.length > 0;
    }
}
