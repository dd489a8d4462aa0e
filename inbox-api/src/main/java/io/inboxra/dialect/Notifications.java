package io.inboxra.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * A database whose sessions can listen on a channel and be notified (PostgreSQL's
 * {@code LISTEN}/{@code NOTIFY}): the wake-up of a subscription with a {@code notifyChannel}.
 *
 * <p>The adapter opens one connection of the subscription's data source, outside any XA work and
 * in autocommit, runs {@link #listen}, and then waits on it, {@link #awaitNotifications} after
 * {@link #awaitNotifications}, a quarter second at a time; each notification wakes the
 * subscription's idle workers at once, so a row whose producer ran {@link #notification} in its
 * insert's transaction is claimed without waiting for the next poll. Polling stays the safety
 * net: a lost listening connection is replaced with backoff. A subscription whose dialect lacks
 * this capability, or whose connection cannot listen ({@link #canListen}), fails its activation
 * when it sets {@code notifyChannel}.
 *
 * <p>The channel is checked before any of these methods sees it: lower-case letters, digits and
 * {@code _}, starting with a letter or {@code _}, at most 63 characters, so it can be written
 * into SQL as it is.
 *
 * <pre>{@code
 * public List<Statement> listen(String channel, String sessionName) {
 *     return List.of(Statement.of("SET application_name = '" + sessionName.replace("'", "''") + "'"),
 *             Statement.of("LISTEN " + channel));
 * }
 * public Statement notification(String channel) { return Statement.of("NOTIFY " + channel); }
 * public boolean awaitNotifications(Connection connection, int timeoutMillis) throws SQLException {
 *     PGNotification[] received = connection.unwrap(PGConnection.class).getNotifications(timeoutMillis);
 *     return received != null && received.length > 0;
 * }
 * }</pre>
 */
public interface Notifications extends Dialect {

    /**
     * The statements that make a connection listen on the channel, run in order, in autocommit,
     * before the first wait. They bind nothing: the values are written into the SQL.
     *
     * @param channel the channel, checked as above
     * @param sessionName how the database should show the listening session to operators, where
     *        it names sessions ({@code inbox-ra:<subscription>:listen}; PostgreSQL's
     *        {@code application_name}); may hold any character, so quote it as a string literal
     * @return the statements; the last one starts the listening
     */
    List<Statement> listen(String channel, String sessionName);

    /**
     * What a producer runs, in its insert's transaction, to wake the subscriptions listening on the
     * channel once the insert commits: for the README's advice to producers, and for the
     * conformance kit, which sends one to see the wait end.
     *
     * @param channel the channel, checked as above
     * @return the statement ({@code NOTIFY jobs}); it binds nothing
     */
    Statement notification(String channel);

    /**
     * Whether notifications can be waited for on this connection: a driver may lack what
     * {@link #awaitNotifications} needs (PostgreSQL: only the driver the adapter bundles,
     * pgjdbc, has it).
     *
     * @param connection a connection of the subscription's data source
     * @return true by default
     * @throws SQLException when the connection cannot tell
     */
    default boolean canListen(Connection connection) throws SQLException {
        return true;
    }

    /**
     * Waits for notifications on a connection that runs {@link #listen}'s statements, at most
     * {@code timeoutMillis}, and takes every notification that has come.
     *
     * @param connection the listening connection, in autocommit
     * @param timeoutMillis how long to wait at most, at least 1
     * @return whether at least one notification came on the channel (since the last call); false
     *         when the time ran out without one
     * @throws SQLException when the connection fails; the adapter then listens on a new one
     */
    boolean awaitNotifications(Connection connection, int timeoutMillis) throws SQLException;
}
