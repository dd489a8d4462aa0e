package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Postgres;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.ra.config.InvalidSettingsException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Wake-up on PostgreSQL ({@code notifyChannel}): the workers poll every 20 seconds, so a row
 * delivered within a few seconds was delivered because its producer's {@code NOTIFY} woke them.
 */
@Alone
class WakeUpTest {

    /** The poll, far longer than any wake-up may take. */
    private static final String SLOW_POLL = "PT20S";
    /** Well before the 20 s poll, with room for a loaded machine (CI's two cores). */
    private static final Duration WOKEN_WITHIN = Duration.ofSeconds(8);
    private static final Duration LONG = Duration.ofSeconds(15);

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    private static String channel() {
        return "wake_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
    }

    private static Map<String, String> properties(String name, String table, String channel) {
        Map<String, String> p = Postgres.properties(name, table);
        p.put("pollInterval", SLOW_POLL);
        p.put("maxPollInterval", SLOW_POLL);
        p.put("workers", "2");
        p.put("notifyChannel", channel);
        return p;
    }

    /** A producer: the insert and its notification in one transaction. */
    private static void insertAndNotify(String table, String channel) throws SQLException {
        try (Connection c = Postgres.connect(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute("INSERT INTO " + table + " (payload) VALUES ('notified')");
            s.execute("NOTIFY " + channel);
            c.commit();
        }
    }

    /** @return the pid and state change of the subscription's listening backend, once it has run LISTEN */
    private static Optional<String> listener(String subscription, String channel) throws SQLException {
        try (Connection c = Postgres.connect(); ResultSet rs = c.createStatement().executeQuery(
                "SELECT pid || ' ' || state_change FROM pg_stat_activity WHERE application_name = 'inbox-ra:"
                        + subscription + ":listen' AND state = 'idle' AND query = 'LISTEN " + channel + "'")) {
            return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
        }
    }

    private static String awaitListener(String subscription, String channel) throws Exception {
        Await.until("the subscription listens on " + channel, LONG, () -> listener(subscription, channel).isPresent());
        return listener(subscription, channel).orElseThrow();
    }

    private static long listeningBackends(String subscription) throws SQLException {
        return Postgres.count("SELECT count(*) FROM pg_stat_activity WHERE application_name LIKE 'inbox-ra:"
                + subscription + "%' AND query LIKE 'LISTEN%'");
    }

    private static long rows(String table) throws SQLException {
        return Postgres.count("SELECT count(*) FROM " + table);
    }

    @Test
    void aNotificationWakesIdleWorkersLongBeforeThePoll() throws Exception {
        String table = tables.inbox(TestDatabase.POSTGRES);
        String channel = channel();
        AtomicInteger delivered = new AtomicInteger();
        try (Harness server = Harness.start()) {
            server.activate(message -> {
                delivered.incrementAndGet();
                return Outcome.ack();
            }, properties("woken", table, channel));
            String listening = awaitListener("woken", channel);
            // The workers' first claims found nothing: they wait out the 20 s poll now (2 s: their first
            // turns come a moment after the activation, later on a loaded machine).
            Thread.sleep(2000);
            Postgres.insertRows(table, 1);
            Thread.sleep(1500);
            assertEquals(0, delivered.get(), "a row inserted without a notification waits for the poll");
            assertEquals(Optional.of(listening), listener("woken", channel),
                    "waiting for notifications sends nothing to the database");

            long start = System.nanoTime();
            insertAndNotify(table, channel);
            Await.until("both rows are delivered after the notification", WOKEN_WITHIN, () -> delivered.get() == 2);
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertTrue(took.compareTo(WOKEN_WITHIN) < 0, "woken after " + took);
            Await.until("both rows are settled", WOKEN_WITHIN, () -> rows(table) == 0);

            // Woken again by the next one: a wake-up is not used up.
            Thread.sleep(500);
            insertAndNotify(table, channel);
            Await.until("the next notified row is delivered", WOKEN_WITHIN, () -> delivered.get() == 3);
        }
    }

    @Test
    void aKilledListeningConnectionIsReplacedAndNotificationsWakeAgain() throws Exception {
        String table = tables.inbox(TestDatabase.POSTGRES);
        String channel = channel();
        AtomicInteger delivered = new AtomicInteger();
        try (Harness server = Harness.start()) {
            server.activate(message -> {
                delivered.incrementAndGet();
                return Outcome.ack();
            }, properties("relisten", table, channel));
            String first = awaitListener("relisten", channel);
            Thread.sleep(500);
            assertEquals(1, Postgres.count("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                    + " WHERE application_name = 'inbox-ra:relisten:listen'"));
            // Notified while no one listens: lost, and found by the wake-up that follows the reconnect.
            insertAndNotify(table, channel);
            String second = awaitListener("relisten", channel);
            assertNotEquals(first.split(" ")[0], second.split(" ")[0], "a new backend listens");
            Await.until("the row notified while no one listened is delivered after the reconnect", WOKEN_WITHIN,
                    () -> delivered.get() == 1);

            Thread.sleep(500);
            insertAndNotify(table, channel);
            Await.until("a notification wakes the workers again", WOKEN_WITHIN, () -> delivered.get() == 2);
            assertEquals(1, listeningBackends("relisten"), "one listening connection, the new one");
        }
    }

    /** The hook for producers in this server: no notification, no notifyChannel, no database round trip. */
    @Test
    void theAdapterWakesTheSubscriptionsOfATable() throws Exception {
        String table = tables.inbox(TestDatabase.POSTGRES);
        AtomicInteger delivered = new AtomicInteger();
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties("in-server", table, channel());
            p.remove("notifyChannel");
            server.activate(message -> {
                delivered.incrementAndGet();
                return Outcome.ack();
            }, p);
            // After the workers' first, empty, claims (see above).
            Thread.sleep(2000);
            Postgres.insertRows(table, 1);
            Thread.sleep(1000);
            assertEquals(0, delivered.get(), "not yet polled");
            assertEquals(0, server.adapter().wake("no_such_table"));
            assertEquals(1, server.adapter().wake(table.toUpperCase()));
            Await.until("the row is delivered once the adapter woke its subscription", WOKEN_WITHIN,
                    () -> delivered.get() == 1);
        }
    }

    @Test
    void deactivationClosesTheListeningConnection() throws Exception {
        String table = tables.inbox(TestDatabase.POSTGRES);
        String channel = channel();
        try (Harness server = Harness.start()) {
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), properties("unlisten", table, channel));
            awaitListener("unlisten", channel);
            mdb.deactivate();
            Await.until("no listening backend is left", Duration.ofSeconds(2),
                    () -> listeningBackends("unlisten") == 0
                            && TestDatabase.POSTGRES.adapterConnections("unlisten") == 0);
        }
    }

    @Test
    void withoutANotifyChannelNoConnectionListens() throws Exception {
        String table = tables.inbox(TestDatabase.POSTGRES);
        Postgres.insertRows(table, 3);
        try (Harness server = Harness.start()) {
            server.activate(message -> Outcome.ack(), Postgres.properties("polling", table));
            Await.until("the rows are delivered by polling", LONG, () -> rows(table) == 0);
            assertEquals(0, listeningBackends("polling"));
        }
    }

    @Test
    void aChannelThatIsNotALowerCaseIdentifierIsRefusedWithTheFix() throws Exception {
        String table = tables.inbox(TestDatabase.POSTGRES);
        Map<String, String> p = properties("bad-channel", table, "Inbox-Jobs");
        try (Harness server = Harness.start()) {
            String message = assertThrows(InvalidSettingsException.class,
                    () -> server.activate(m -> Outcome.ack(), p)).getMessage();
            assertEquals("Inbox subscription 'bad-channel' cannot start: Property 'notifyChannel' is 'Inbox-Jobs':"
                    + " it must be a PostgreSQL channel name of lower-case letters, digits and _, starting with a"
                    + " letter or _, at most 63 characters (so that LISTEN, NOTIFY and pg_notify all name the same"
                    + " channel); use for example notifyChannel=inbox_jobs.", message);
        }
    }

    @Test
    void aNotifyChannelOnADatabaseWithoutListenIsRefused() throws Exception {
        String table = tables.inbox(TestDatabase.MARIADB);
        Map<String, String> p = TestDatabase.MARIADB.properties("no-listen", table);
        p.put("notifyChannel", "jobs");
        try (Harness server = Harness.start()) {
            String message = assertThrows(InvalidSettingsException.class,
                    () -> server.activate(m -> Outcome.ack(), p)).getMessage();
            assertEquals("Inbox subscription 'no-listen' cannot start: Property 'notifyChannel' is 'jobs', but the"
                    + " database (dialect 'mariadb') has no LISTEN: only PostgreSQL, through the PostgreSQL driver"
                    + " the adapter bundles, wakes a subscription by notification; remove 'notifyChannel' (the"
                    + " subscription polls every pollInterval up to maxPollInterval).", message);
        }
    }
}
