package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.EffectWriter;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.Connection;
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
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every form on every real database, driven through real Narayana transactions: what a delivery promises. */
class DeliveryTest {

    private static final Duration LONG = Duration.ofSeconds(60);

    private final TestTables tables = new TestTables();

    /** Every database, in every form. */
    static Stream<Arguments> everyDatabaseAndForm() {
        return Stream.of(TestDatabase.values())
                .flatMap(db -> Stream.of(Form.values()).map(form -> Arguments.of(db, form)));
    }

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    /** The test's activation config on PostgreSQL, in the given form. */
    static Map<String, String> properties(Form form, String name, String table) {
        return properties(TestDatabase.POSTGRES, form, name, table);
    }

    /** The test's activation config on the given database, in the given form. */
    static Map<String, String> properties(TestDatabase db, Form form, String name, String table) {
        return db.properties(name, table, form);
    }

    private String inbox(TestDatabase db) throws SQLException {
        return tables.inbox(db);
    }

    private String effects(TestDatabase db) throws SQLException {
        return tables.effects(db);
    }

    private static long rows(TestDatabase db, String table) throws SQLException {
        return db.count("SELECT count(*) FROM " + table);
    }

    private static Set<Long> ids(TestDatabase db, String table, String where) throws SQLException {
        Set<Long> ids = new HashSet<>();
        try (Connection c = db.connect(); ResultSet rs = c.createStatement()
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
    @MethodSource("everyDatabaseAndForm")
    void everyRowIsDeliveredExactlyOnceAndDeleted(TestDatabase db, Form form) throws Exception {
        String table = inbox(db);
        db.insertRows(table, 2000);
        Set<Long> expected = ids(db, table, "true");
        // As the README's least-privilege user, not as a superuser or root.
        io.inboxra.harness.LeastPrivilege.grant(db, "SELECT, UPDATE, DELETE", table);
        try (Harness server = Harness.start()) {
            Map<String, String> p = io.inboxra.harness.LeastPrivilege.properties(db, "once", table, form);
            p.put("workers", "4");
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            Await.until("every row is settled", LONG, () -> mdb.log().committed().size() >= 2000 && rows(db, table) == 0);
            assertEachOnce(expected, mdb.log().committed());
            assertEquals(2000, mdb.log().invoked().size(), "no delivery beyond one per row");
        }
    }

    @ParameterizedTest
    @MethodSource("everyDatabaseAndForm")
    void withProcessedAtEveryRowIsMarkedOnceAndNotDeliveredAgain(TestDatabase db, Form form) throws Exception {
        String table = inbox(db);
        db.insertRows(table, 2000);
        Set<Long> expected = ids(db, table, "true");
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(db, form, "marked", table);
            p.put("workers", "4");
            p.put("processedAtColumn", "processed_at");
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            Await.until("every row is marked", LONG,
                    () -> db.count("SELECT count(*) FROM " + table + " WHERE processed_at IS NOT NULL") == 2000);
            // The claim that takes a row inserted behind them would have taken a marked row first, were
            // one claimable; once it is settled, the deactivation lets every delivery in work end.
            long marker = db.insertMarker(table, "payload", "'marker'");
            Await.until("a row inserted later is settled", LONG, () -> mdb.log().hasCommitted(marker));
            mdb.deactivate();
            assertEquals(2001, rows(db, table), "marked rows stay in the table");
            expected.add(marker);
            assertEachOnce(expected, mdb.log().invoked());
        }
    }

    @ParameterizedTest
    @MethodSource("everyDatabaseAndForm")
    void twoServersTogetherDeliverEveryRowOnce(TestDatabase db, Form form) throws Exception {
        String table = inbox(db);
        db.insertRows(table, 2000);
        Set<Long> expected = ids(db, table, "true");
        try (Harness one = Harness.start(); Harness two = Harness.start()) {
            Map<String, String> p = properties(db, form, "shared", table);
            p.put("workers", "4");
            Harness.Activation first = one.activate(message -> Outcome.ack(), p);
            Harness.Activation second = two.activate(message -> Outcome.ack(), p);
            Await.until("every row is settled", LONG, () -> rows(db, table) == 0
                    && first.log().committed().size() + second.log().committed().size() >= 2000);
            List<Object> all = new ArrayList<>(first.log().committed());
            all.addAll(second.log().committed());
            assertEachOnce(expected, all);
            assertTrue(!first.log().committed().isEmpty() && !second.log().committed().isEmpty(),
                    "both servers delivered: " + first.log().committed().size() + " and " + second.log().committed().size());
        }
    }

    @ParameterizedTest
    @MethodSource("everyDatabaseAndForm")
    void rowStaysUnchangedAndComesBackWhenTheListenerThrows(TestDatabase db, Form form) throws Exception {
        String table = inbox(db);
        db.execute("INSERT INTO " + table + " (payload, attempts) VALUES ('fragile', 0)");
        AtomicBoolean failing = new AtomicBoolean(true);
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(db, form, "thrower", table);
            p.put("processedAtColumn", "processed_at");
            Harness.Activation mdb = server.activate(message -> {
                if (failing.get()) {
                    throw new IllegalStateException("the MDB fails");
                }
                return Outcome.ack();
            }, p);
            Await.until("two deliveries rolled back", LONG, () -> mdb.log().rolledBack().size() >= 2);
            try (Connection c = db.connect(); ResultSet rs = c.createStatement().executeQuery(
                    "SELECT payload, processed_at, attempts FROM " + table)) {
                assertTrue(rs.next(), "the row is still there");
                assertEquals("fragile", rs.getString(1));
                assertEquals(null, rs.getTimestamp(2), "not marked");
                assertEquals(0, rs.getInt(3));
            }
            failing.set(false);
            Await.until("the row is delivered again and settled", LONG, () -> mdb.log().committed().size() == 1);
            assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE processed_at IS NOT NULL"));
            assertEquals(Set.copyOf(mdb.log().rolledBack()), Set.copyOf(mdb.log().committed()), "the same row");
        }
    }

    @ParameterizedTest
    @MethodSource("everyDatabaseAndForm")
    void twoPhaseSettlementAndEffectCommitTogetherOrNotAtAll(TestDatabase db, Form form) throws Exception {
        String table = inbox(db);
        String effects = effects(db);
        db.execute("INSERT INTO " + table + " (payload) VALUES ('commits'), ('fails once')");
        long fails = ids(db, table, "payload = 'fails once'").iterator().next();
        Set<Long> failAfterInsert = ConcurrentHashMap.newKeySet();
        failAfterInsert.add(fails);
        try (Harness server = Harness.start(); EffectWriter writer = new EffectWriter(db.xaDataSource(), effects, failAfterInsert)) {
            Harness.Activation mdb = server.activate(writer, properties(db, form, "two-phase", table));
            Await.until("both rows are settled", LONG, () -> rows(db, table) == 0 && mdb.log().committed().size() == 2);
            assertEquals(List.of(fails), mdb.log().rolledBack(), "the failing delivery rolled back");
            assertEquals(1, db.count("SELECT count(*) FROM " + effects + " WHERE row_id = " + fails),
                    "the failed attempt's effect rolled back with its settlement; the retry's committed");
            assertEquals(2, rows(db, effects));
        }
    }

    @ParameterizedTest
    @MethodSource("everyDatabaseAndForm")
    void withRandomFailuresEveryEffectExistsExactlyOnce(TestDatabase db, Form form) throws Exception {
        String table = inbox(db);
        String effects = effects(db);
        db.insertRows(table, 1000);
        Set<Long> all = ids(db, table, "true");
        Set<Long> failAfterInsert = ConcurrentHashMap.newKeySet();
        all.stream().filter(id -> ThreadLocalRandom.current().nextInt(10) == 0).forEach(failAfterInsert::add);
        int failures = failAfterInsert.size();
        try (Harness server = Harness.start(); EffectWriter writer = new EffectWriter(db.xaDataSource(), effects, failAfterInsert)) {
            Map<String, String> p = properties(db, form, "random-failures", table);
            p.put("workers", "4");
            Harness.Activation mdb = server.activate(writer, p);
            Await.until("every row is settled", LONG, () -> rows(db, table) == 0 && mdb.log().committed().size() >= 1000);
            assertEquals(failures, mdb.log().rolledBack().size(), "each planned failure rolled back once");
            assertEquals(1000, rows(db, effects), "one effect per row");
            assertEquals(1000, db.count("SELECT count(DISTINCT row_id) FROM " + effects));
            assertEachOnce(all, mdb.log().committed());
        }
    }

    @ParameterizedTest
    @MethodSource("everyDatabaseAndForm")
    void aSubscriptionGetsOnlyItsQueuesRows(TestDatabase db, Form form) throws Exception {
        String table = inbox(db);
        db.execute("INSERT INTO " + table + " (payload, queue) SELECT CONCAT('r', n), CASE WHEN n % 2 = 0 THEN 'a'"
                + " ELSE 'b' END FROM " + db.series(40));
        Set<Long> queueB = ids(db, table, "queue = 'b'");
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(db, form, "queue-b", table);
            p.put("queueColumn", "queue");
            p.put("queue", "b");
            p.put("workers", "2");
            Harness.Activation mdb = server.activate(message -> {
                assertEquals("b", message.queue().orElseThrow());
                return Outcome.ack();
            }, p);
            Await.until("queue b is empty", LONG, () -> db.count("SELECT count(*) FROM " + table
                    + " WHERE queue = 'b'") == 0 && mdb.log().committed().size() == 20);
            // Behind every row of queue a in claim order: the claim that takes it skipped them all.
            long marker = db.insertMarker(table, "payload, queue", "'marker', 'b'");
            Await.until("a row of queue b inserted later is settled", LONG, () -> mdb.log().hasCommitted(marker));
            mdb.deactivate();
            assertEquals(20, db.count("SELECT count(*) FROM " + table + " WHERE queue = 'a'"));
            queueB.add(marker);
            assertEachOnce(queueB, mdb.log().invoked());
        }
    }

    @ParameterizedTest
    @MethodSource("everyDatabaseAndForm")
    void aRowDueInTheFutureIsNotDeliveredBeforeItIsDue(TestDatabase db, Form form) throws Exception {
        String table = inbox(db);
        List<Instant> deliveredAt = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(db, form, "due", table);
            p.put("dueColumn", "due_at");
            server.activate(message -> {
                deliveredAt.add(Instant.now());
                return Outcome.ack();
            }, p);
            Instant before = Instant.now();
            db.execute("INSERT INTO " + table + " (payload, due_at) VALUES ('later', " + db.secondsFromNow(2) + ")");
            Await.until("the row is delivered", LONG, () -> !deliveredAt.isEmpty());
            Duration waited = Duration.between(before, deliveredAt.get(0));
            assertTrue(waited.compareTo(Duration.ofMillis(1950)) >= 0, "delivered after " + waited);
        }
    }

    @ParameterizedTest
    @MethodSource("everyDatabaseAndForm")
    void oneWorkerDeliversInPriorityThenDueThenIdOrder(TestDatabase db, Form form) throws Exception {
        String table = inbox(db);
        db.execute("INSERT INTO " + table + " (payload, priority, due_at) SELECT CONCAT('r', n), n % 3, "
                + db.minutesAgo("n % 4") + " FROM " + db.series(30));
        List<Long> expected = new ArrayList<>();
        try (Connection c = db.connect(); ResultSet rs = c.createStatement().executeQuery(
                "SELECT id FROM " + table + " ORDER BY priority, due_at, id")) {
            while (rs.next()) {
                expected.add(rs.getLong(1));
            }
        }
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(db, form, "ordered", table);
            p.put("priorityColumn", "priority");
            p.put("dueColumn", "due_at");
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            Await.until("every row is settled", LONG, () -> mdb.log().committed().size() == 30);
            assertEquals(expected, mdb.log().invoked().stream().map(id -> ((Number) id).longValue()).toList());
        }
    }

    @ParameterizedTest
    @MethodSource("everyDatabaseAndForm")
    void theSubscriptionResumesByItselfAfterItsConnectionsAreKilled(TestDatabase db, Form form) throws Exception {
        String table = inbox(db);
        db.insertRows(table, 1000);
        Set<Long> expected = ids(db, table, "true");
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(db, form, "lossy", table);
            p.put("workers", "4");
            // A lease whose release was cut off by the kill runs out soon.
            p.put("lease", "PT5S");
            Harness.Activation mdb = server.activate(message -> {
                Await.sleep(2);
                return Outcome.ack();
            }, p);
            Await.until("some rows are settled", LONG, () -> mdb.log().committed().size() >= 200);
            long killed = db.killAdapterConnections("lossy");
            assertTrue(killed >= 1, "the adapter's connections were found and killed");
            Await.until("every row is settled", LONG, () -> rows(db, table) == 0);
            Await.until("no delivery is in work", LONG, () -> mdb.log().nothingInWork());
            // A commit cut off by the kill has no known outcome: such a row is settled either by
            // that commit or by a later delivery, never by both.
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce(), "no row committed twice");
            assertEquals(expected, mdb.log().settledIds(), "every row settled by a delivery");
        }
    }

    @ParameterizedTest
    @MethodSource("everyDatabaseAndForm")
    void deactivationLetsDeliveriesInWorkFinishAndClosesEveryConnection(TestDatabase db, Form form) throws Exception {
        String table = inbox(db);
        db.insertRows(table, 8);
        AtomicInteger started = new AtomicInteger();
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(db, form, "draining", table);
            p.put("workers", "4");
            Harness.Activation mdb = server.activate(message -> {
                started.incrementAndGet();
                Await.sleep(1000);
                return Outcome.ack();
            }, p);
            Await.until("four deliveries are in work", LONG, () -> started.get() == 4);
            mdb.deactivate();
            assertEquals(4, mdb.log().committed().size(), "the deliveries in work finished and committed");
            assertEquals(4, rows(db, table), "nothing new was claimed");
            Await.until("no connection of the subscription is left", Duration.ofSeconds(5),
                    () -> db.adapterConnections("draining") == 0);
        }
    }
}
