package io.inboxra.ra.dialect.postgres;

import io.inboxra.dialect.Statement;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * PostgreSQL's wake-up: {@code LISTEN} on a named session, {@code NOTIFY}, and the wait for
 * notifications through pgjdbc, the driver the adapter bundles ({@link PostgresDialect} hands
 * them out as its {@code Notifications}).
 */
final class PostgresNotifications {

    private PostgresNotifications() {
    }

    /**
     * The session named (its {@code application_name}, as {@code pg_stat_activity} shows it), then
     * {@code LISTEN}: the listening session's last query is the {@code LISTEN}.
     */
    static List<Statement> listen(String channel, String sessionName) {
        return List.of(Statement.of("SET application_name = " + PostgresSpelling.literal(sessionName)),
                Statement.of("LISTEN " + channel));
    }

    /** {@code NOTIFY}; a trigger or function may run {@code pg_notify('channel', '')}, which names the same channel. */
    static Statement notification(String channel) {
        return Statement.of("NOTIFY " + channel);
    }

    /** Only a connection of pgjdbc, the driver the adapter bundles, can wait for notifications. */
    static boolean canListen(Connection connection) throws SQLException {
        return connection.isWrapperFor(PGConnection.class);
    }

    /** pgjdbc waits on the socket for the time given, sending nothing. */
    static boolean await(Connection connection, int timeoutMillis) throws SQLException {
        if (timeoutMillis < 1) {
            // pgjdbc would wait for ever at 0, and not at all below it.
            throw new IllegalArgumentException("a wait for notifications lasts at least 1 ms: " + timeoutMillis);
        }
        PGNotification[] received = connection.unwrap(PGConnection.class).getNotifications(timeoutMillis);
        return received != null && received.length > 0;
    }
}
