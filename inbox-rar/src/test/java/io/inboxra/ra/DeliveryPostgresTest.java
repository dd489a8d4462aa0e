package io.inboxra.ra;

import io.inboxra.InboxListener;
import io.inboxra.Outcome;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.EffectWriter;
import io.inboxra.harness.Postgres;
import org.junit.jupiter.api.AfterEach;
import io.inboxra.dialect.Form;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import javax.sql.XAConnection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every form on the real PostgreSQL, driven through real Narayana transactions: what a delivery promises. */
class DeliveryPostgresTest {

    private static final Duration LONG = Duration.ofSeconds(60);

    private final List<String> tables = new ArrayList<>();

    @AfterEach
    void dropTables() throws SQLException {
        for (String table : tables) {
            Postgres.execute("DROP TABLE IF EXISTS " + table);
        }
    }

    /** The test's activation config, in the given form. */
    static Map<String, String> properties(Form form, String name, String table) {
        Map<String, String> p = Postgres.properties(name, table);
        switch (form) {
            case LEASE -> p.put("lockedUntilColumn", "locked_until");
            case ADVISORY -> p.put("advisoryLock", "id");
            case ROW_LOCK -> { }
        }
        return p;
    }

    private String inbox() throws SQLException {
        String table = Postgres.newInbox();
        tables.add(table);
        return table;
    }

    private String effects() throws SQLException {
        String table = Postgres.newTable("effects", "row_id BIGINT NOT NULL");
        tables.add(table);
        return table;
    }

    private static long rows(String table) throws SQLException {
        return Postgres.count("SELECT count(*) FROM " + table);
    }

    private static Set<Long> ids(String table, String where) throws SQLException {
        Set<Long> ids = new HashSet<>();
        try (Connection c = Postgres.connect(); ResultSet rs = c.createStatement()
                .executeQuery("SELECT id FROM " + table + " WHERE " + where)) {
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
        }
        return ids;
    }

    private static void assertEachOnce(Set<Long> expected, List<Object> delivered) {
        Map<Object, Long> counts = delivered.stream()
                .collect(Collectors.groupingBy(id -> id, Collectors.counting()));
        assertEquals(expected, counts.keySet().stream().map(id -> ((Number) id).longValue()).collect(Collectors.toSet()),
                "the rows delivered");
        assertTrue(counts.values().stream().allMatch(n -> n == 1),
                "a row was delivered more than once: " + counts.entrySet().stream().filter(e -> e.getValue() > 1).toList());
    }

    @ParameterizedTest
    @EnumSource(Form.class)
    void everyRowIsDeliveredExactlyOnceAndDeleted(Form form) throws Exception {
        String table = inbox();
        Postgres.insertRows(table, 2000);
        Set<Long> expected = ids(table, "true");
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(form, "once", table);
            p.put("workers", "4");
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            Await.until("every row is settled", LONG, () -> mdb.log().committed().size() >= 2000 && rows(table) == 0);
            assertEachOnce(expected, mdb.log().committed());
            assertEquals(2000, mdb.log().invoked().size(), "no delivery beyond one per row");
        }
    }

    @ParameterizedTest
    @EnumSource(Form.class)
    void withProcessedAtEveryRowIsMarkedOnceAndNotDeliveredAgain(Form form) throws Exception {
        String table = inbox();
        Postgres.insertRows(table, 2000);
        Set<Long> expected = ids(table, "true");
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(form, "marked", table);
            p.put("workers", "4");
            p.put("processedAtColumn", "processed_at");
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            Await.until("every row is marked", LONG,
                    () -> Postgres.count("SELECT count(*) FROM " + table + " WHERE processed_at IS NOT NULL") == 2000);
            Thread.sleep(1000); // several poll intervals: a marked row must not be claimed again
            assertEquals(2000, rows(table), "marked rows stay in the table");
            assertEachOnce(expected, mdb.log().invoked());
        }
    }

    @ParameterizedTest
    @EnumSource(Form.class)
    void twoServersTogetherDeliverEveryRowOnce(Form form) throws Exception {
        String table = inbox();
        Postgres.insertRows(table, 2000);
        Set<Long> expected = ids(table, "true");
        try (Harness one = Harness.start(); Harness two = Harness.start()) {
            Map<String, String> p = properties(form, "shared", table);
            p.put("workers", "4");
            Harness.Activation first = one.activate(message -> Outcome.ack(), p);
            Harness.Activation second = two.activate(message -> Outcome.ack(), p);
            Await.until("every row is settled", LONG, () -> rows(table) == 0
                    && first.log().committed().size() + second.log().committed().size() >= 2000);
            List<Object> all = new ArrayList<>(first.log().committed());
            all.addAll(second.log().committed());
            assertEachOnce(expected, all);
            assertTrue(!first.log().committed().isEmpty() && !second.log().committed().isEmpty(),
                    "both servers delivered: " + first.log().committed().size() + " and " + second.log().committed().size());
        }
    }

    @ParameterizedTest
    @EnumSource(Form.class)
    void rowStaysUnchangedAndComesBackWhenTheListenerThrows(Form form) throws Exception {
        String table = inbox();
        Postgres.execute("INSERT INTO " + table + " (payload, attempts) VALUES ('fragile', 0)");
        AtomicBoolean failing = new AtomicBoolean(true);
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(form, "thrower", table);
            p.put("processedAtColumn", "processed_at");
            Harness.Activation mdb = server.activate(message -> {
                if (failing.get()) {
                    throw new IllegalStateException("the MDB fails");
                }
                return Outcome.ack();
            }, p);
            Await.until("two deliveries rolled back", LONG, () -> mdb.log().rolledBack().size() >= 2);
            try (Connection c = Postgres.connect(); ResultSet rs = c.createStatement().executeQuery(
                    "SELECT payload, processed_at, attempts FROM " + table)) {
                assertTrue(rs.next(), "the row is still there");
                assertEquals("fragile", rs.getString(1));
                assertEquals(null, rs.getTimestamp(2), "not marked");
                assertEquals(0, rs.getInt(3));
            }
            failing.set(false);
            Await.until("the row is delivered again and settled", LONG, () -> mdb.log().committed().size() == 1);
            assertEquals(1, Postgres.count("SELECT count(*) FROM " + table + " WHERE processed_at IS NOT NULL"));
            assertEquals(Set.copyOf(mdb.log().rolledBack()), Set.copyOf(mdb.log().committed()), "the same row");
        }
    }

    @ParameterizedTest
    @EnumSource(Form.class)
    void twoPhaseSettlementAndEffectCommitTogetherOrNotAtAll(Form form) throws Exception {
        String table = inbox();
        String effects = effects();
        Postgres.execute("INSERT INTO " + table + " (payload) VALUES ('commits'), ('fails once')");
        long fails = ids(table, "payload = 'fails once'").iterator().next();
        Set<Long> failAfterInsert = ConcurrentHashMap.newKeySet();
        failAfterInsert.add(fails);
        try (Harness server = Harness.start(); EffectWriter writer = new EffectWriter(effects, failAfterInsert)) {
            Harness.Activation mdb = server.activate(writer, properties(form, "two-phase", table));
            Await.until("both rows are settled", LONG, () -> rows(table) == 0 && mdb.log().committed().size() == 2);
            assertEquals(List.of(fails), mdb.log().rolledBack(), "the failing delivery rolled back");
            assertEquals(1, Postgres.count("SELECT count(*) FROM " + effects + " WHERE row_id = " + fails),
                    "the failed attempt's effect rolled back with its settlement; the retry's committed");
            assertEquals(2, rows(effects));
        }
    }

    @ParameterizedTest
    @EnumSource(Form.class)
    void withRandomFailuresEveryEffectExistsExactlyOnce(Form form) throws Exception {
        String table = inbox();
        String effects = effects();
        Postgres.insertRows(table, 1000);
        Set<Long> all = ids(table, "true");
        Set<Long> failAfterInsert = ConcurrentHashMap.newKeySet();
        all.stream().filter(id -> ThreadLocalRandom.current().nextInt(10) == 0).forEach(failAfterInsert::add);
        int failures = failAfterInsert.size();
        try (Harness server = Harness.start(); EffectWriter writer = new EffectWriter(effects, failAfterInsert)) {
            Map<String, String> p = properties(form, "random-failures", table);
            p.put("workers", "4");
            Harness.Activation mdb = server.activate(writer, p);
            Await.until("every row is settled", LONG, () -> rows(table) == 0 && mdb.log().committed().size() >= 1000);
            assertEquals(failures, mdb.log().rolledBack().size(), "each planned failure rolled back once");
            assertEquals(1000, rows(effects), "one effect per row");
            assertEquals(1000, Postgres.count("SELECT count(DISTINCT row_id) FROM " + effects));
            assertEachOnce(all, mdb.log().committed());
        }
    }

    @ParameterizedTest
    @EnumSource(Form.class)
    void aSubscriptionGetsOnlyItsQueuesRows(Form form) throws Exception {
        String table = inbox();
        Postgres.execute("INSERT INTO " + table + " (payload, queue) SELECT 'r' || g, CASE WHEN g % 2 = 0 THEN 'a'"
                + " ELSE 'b' END FROM generate_series(1, 40) g");
        Set<Long> queueB = ids(table, "queue = 'b'");
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(form, "queue-b", table);
            p.put("queueColumn", "queue");
            p.put("queue", "b");
            p.put("workers", "2");
            Harness.Activation mdb = server.activate(message -> {
                assertEquals("b", message.queue().orElseThrow());
                return Outcome.ack();
            }, p);
            Await.until("queue b is empty", LONG, () -> Postgres.count("SELECT count(*) FROM " + table
                    + " WHERE queue = 'b'") == 0 && mdb.log().committed().size() == 20);
            Thread.sleep(500);
            assertEquals(20, Postgres.count("SELECT count(*) FROM " + table + " WHERE queue = 'a'"));
            assertEachOnce(queueB, mdb.log().invoked());
        }
    }

    @ParameterizedTest
    @EnumSource(Form.class)
    void aRowDueInTheFutureIsNotDeliveredBeforeItIsDue(Form form) throws Exception {
        String table = inbox();
        List<Instant> deliveredAt = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(form, "due", table);
            p.put("dueColumn", "due_at");
            server.activate(message -> {
                deliveredAt.add(Instant.now());
                return Outcome.ack();
            }, p);
            Instant before = Instant.now();
            Postgres.execute("INSERT INTO " + table + " (payload, due_at) VALUES ('later', now() + interval '2 seconds')");
            Await.until("the row is delivered", LONG, () -> !deliveredAt.isEmpty());
            Duration waited = Duration.between(before, deliveredAt.get(0));
            assertTrue(waited.compareTo(Duration.ofMillis(1950)) >= 0, "delivered after " + waited);
        }
    }

    @ParameterizedTest
    @EnumSource(Form.class)
    void oneWorkerDeliversInPriorityThenDueThenIdOrder(Form form) throws Exception {
        String table = inbox();
        Postgres.execute("INSERT INTO " + table + " (payload, priority, due_at) SELECT 'r' || g, g % 3,"
                + " now() - (g % 4) * interval '1 minute' FROM generate_series(1, 30) g");
        List<Long> expected = new ArrayList<>();
        try (Connection c = Postgres.connect(); ResultSet rs = c.createStatement().executeQuery(
                "SELECT id FROM " + table + " ORDER BY priority, due_at, id")) {
            while (rs.next()) {
                expected.add(rs.getLong(1));
            }
        }
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(form, "ordered", table);
            p.put("priorityColumn", "priority");
            p.put("dueColumn", "due_at");
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            Await.until("every row is settled", LONG, () -> mdb.log().committed().size() == 30);
            assertEquals(expected, mdb.log().invoked().stream().map(id -> ((Number) id).longValue()).toList());
        }
    }

    @ParameterizedTest
    @EnumSource(Form.class)
    void theSubscriptionResumesByItselfAfterItsConnectionsAreKilled(Form form) throws Exception {
        String table = inbox();
        Postgres.insertRows(table, 1000);
        Set<Long> expected = ids(table, "true");
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(form, "lossy", table);
            p.put("workers", "4");
            Harness.Activation mdb = server.activate(message -> {
                sleep(2);
                return Outcome.ack();
            }, p);
            Await.until("some rows are settled", LONG, () -> mdb.log().committed().size() >= 200);
            long killed = Postgres.count("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                    + " WHERE application_name = 'inbox-ra:lossy'");
            assertTrue(killed >= 1, "the adapter's connections were found and killed");
            Await.until("every row is settled", LONG, () -> rows(table) == 0);
            Await.until("no delivery is in work", LONG, () -> mdb.log().invoked().size()
                    == mdb.log().committed().size() + mdb.log().rolledBack().size() + mdb.log().unknown().size());
            // A commit cut off by the kill has no known outcome: such a row is settled either by
            // that commit or by a later delivery, never by both.
            Map<Object, Long> committed = mdb.log().committedCounts();
            assertTrue(committed.values().stream().allMatch(n -> n == 1), "no row committed twice: " + committed);
            Set<Long> settled = new HashSet<>();
            mdb.log().committed().forEach(id -> settled.add(((Number) id).longValue()));
            mdb.log().unknown().forEach(id -> settled.add(((Number) id).longValue()));
            assertEquals(expected, settled, "every row settled by a delivery");
        }
    }

    @ParameterizedTest
    @EnumSource(Form.class)
    void deactivationLetsDeliveriesInWorkFinishAndClosesEveryConnection(Form form) throws Exception {
        String table = inbox();
        Postgres.insertRows(table, 8);
        AtomicInteger started = new AtomicInteger();
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(form, "draining", table);
            p.put("workers", "4");
            Harness.Activation mdb = server.activate(message -> {
                started.incrementAndGet();
                sleep(1000);
                return Outcome.ack();
            }, p);
            Await.until("four deliveries are in work", LONG, () -> started.get() == 4);
            mdb.deactivate();
            assertEquals(4, mdb.log().committed().size(), "the deliveries in work finished and committed");
            assertEquals(4, rows(table), "nothing new was claimed");
            Await.until("no connection of the subscription is left", Duration.ofSeconds(5),
                    () -> Postgres.count("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'inbox-ra:draining'") == 0);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
