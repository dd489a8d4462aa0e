package io.inboxra.tck;

import io.inboxra.dialect.Notifications;
import io.inboxra.dialect.Statement;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Checks {@link Notifications}: a notification on the channel, once committed, wakes the connection listening on it. */
abstract class NotificationConformance extends GroupSlotConformance {

    /** A notification on the channel ends the listening connection's wait within the bound; a wait is woken once. */
    @Test
    void aNotificationOnTheChannelEndsTheWait() throws Exception {
        Notifications notifications = capability(Notifications.class);
        String channel = channel();
        Connection listener = listening(notifications, channel);
        run(connection(), notifications.notification(channel), List.of());
        assertTrue(awaitNotification(notifications, listener), "the wait did not end within " + BOUND
                + " of a notification on channel " + channel + " (" + notifications.notification(channel).sql() + ")");
        assertFalse(notifications.awaitNotifications(listener, (int) WAITS_MILLIS),
                "a second wait, with no notification sent since, ended with one");
    }

    /** A wait ends when its time runs out, false, without a notification, or with one on another channel only. */
    @Test
    void aWaitWithoutANotificationEndsWhenItsTimeRunsOut() throws Exception {
        Notifications notifications = capability(Notifications.class);
        String channel = channel();
        Connection listener = listening(notifications, channel);
        long started = System.nanoTime();
        assertFalse(notifications.awaitNotifications(listener, (int) WAITS_MILLIS), "a wait without a notification ended with one");
        Duration waited = Duration.ofNanos(System.nanoTime() - started);
        assertTrue(waited.compareTo(Duration.ofMillis(WAITS_MILLIS - 50)) >= 0, "the wait of " + WAITS_MILLIS
                + " ms ended after " + waited.toMillis() + " ms, without a notification");
        assertTrue(waited.compareTo(BOUND) < 0, "the wait of " + WAITS_MILLIS + " ms lasted " + waited);
        run(connection(), notifications.notification(channel + "_other"), List.of());
        assertFalse(notifications.awaitNotifications(listener, (int) WAITS_MILLIS),
                "a notification on another channel ended the wait");
    }

    /** A notification sent in a transaction wakes the listener only once the transaction commits: the row is there then. */
    @Test
    void aNotificationInATransactionEndsTheWaitOnceItCommits() throws Exception {
        Notifications notifications = capability(Notifications.class);
        String channel = channel();
        Connection listener = listening(notifications, channel);
        Connection producer = transaction();
        run(producer, notifications.notification(channel), List.of());
        assertFalse(notifications.awaitNotifications(listener, (int) WAITS_MILLIS),
                "the notification came before its transaction committed");
        producer.commit();
        assertTrue(awaitNotification(notifications, listener), "the notification did not come within " + BOUND
                + " of its transaction's commit");
    }

    private String channel() {
        return "tck_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
    }

    /** A connection in autocommit that listens on the channel, as the adapter's listener does. */
    private Connection listening(Notifications notifications, String channel) throws SQLException {
        Connection listener = connection();
        Assumptions.assumeTrue(notifications.canListen(listener), "dialect '" + dialect.name()
                + "' cannot listen on the kit's connection (" + listener.getMetaData().getDriverName() + ")");
        try (java.sql.Statement s = listener.createStatement()) {
            for (Statement listen : notifications.listen(channel, "inbox-ra:tck:listen")) {
                assertEquals(List.of(), listen.params(), "a listen statement binds nothing: " + listen.sql());
                s.execute(listen.sql());
            }
        }
        return listener;
    }

    /** Waits, a quarter second at a time as the adapter does, until a notification comes or the bound passes. */
    private static boolean awaitNotification(Notifications notifications, Connection listener) throws SQLException {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (System.nanoTime() < deadline) {
            if (notifications.awaitNotifications(listener, 250)) {
                return true;
            }
        }
        return false;
    }
}
