package io.inboxra.ra;

import io.inboxra.InboxBatchListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.EffectWriter;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionSnapshot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Batch delivery in every form ({@code batchSize} above 1): one transaction, one claim and one
 * settlement for many rows, a failed batch delivered again one row at a time, outcomes per
 * row for an {@link InboxBatchListener}, and FIFO groups in order.
 */
class BatchDeliveryTest {

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    private static Map<String, String> properties(TestDatabase db, Form form, String name, String table,
            int batchSize) {
        Map<String, String> p = DeliveryTest.properties(db, form, name, table);
        p.put("batchSize", String.valueOf(batchSize));
        return p;
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aPoisonRowInABatchOfFiftyCostsItsNeighboursARedeliveryAndIsDeadLetteredAtMaxAttempts(TestDatabase db, Form form)
            throws Exception {
        String table = tables.inbox(db);
        String dead = tables.deadLetters(db);
        String effects = tables.effects(db);
        db.insertRows(table, 50);
        // The 25th in claim order: 24 neighbours are handed to the MDB before it in the first batch.
        long poison = db.count("SELECT id FROM " + table + " ORDER BY id LIMIT 1 OFFSET 24");
        List<Integer> poisonAttempts = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start();
                EffectWriter writer = new EffectWriter(db.xaDataSource(), effects, ConcurrentHashMap.newKeySet(), message -> {
                    if (((Number) message.id()).longValue() == poison) {
                        poisonAttempts.add(message.attempt());
                        throw new IllegalStateException("poison " + message.id());
                    }
                })) {
            Map<String, String> p = properties(db, form, "batch-poison", table, 50);
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("maxAttempts", "3");
            p.put("retryDelay", "PT0.1S");
            p.put("maxRetryDelay", "PT0.2S");
            p.put("deadLetterTable", dead);
            Harness.Activation mdb = server.activate(writer, p);
            Await.until("the poison row is dead-lettered", Duration.ofSeconds(60),
                    () -> db.count("SELECT count(*) FROM " + dead) == 1);
            Await.until("every other row is settled", Duration.ofSeconds(30),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
            mdb.deactivate();

            assertEquals(49, db.count("SELECT count(*) FROM " + effects), "the MDB's write of each good row committed; "
                     + "invoked " + mdb.log().invoked() + ", rolled back " + mdb.log().rolledBack()
                    + ", committed " + mdb.log().committed() + ", effects " + effectIds(db, effects) + ", poison " + poison);
            assertEquals(49, db.count("SELECT count(DISTINCT row_id) FROM " + effects), "each once");
            assertEquals(0, db.count("SELECT count(*) FROM " + effects + " WHERE row_id = " + poison),
                    "the poison row's writes rolled back with its batch and its single deliveries");
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce(), "every row settled exactly once");
            assertEquals(49, mdb.log().committed().size());
            assertFalse(mdb.log().committed().contains(poison));
            // The first claim took all 50 rows in one transaction: the poison row rolled its neighbours back.
            assertTrue(mdb.log().rolledBack().stream().filter(id -> ((Number) id).longValue() != poison).count() >= 24,
                    "the failed batch rolled back the 24 neighbours delivered before the poison row: "
                    + mdb.log().rolledBack());
            try (Connection c = db.connect(); ResultSet rs = c.createStatement().executeQuery(
                    "SELECT id, attempts, reason FROM " + dead)) {
                assertTrue(rs.next());
                assertEquals(poison, rs.getLong("id"));
                assertEquals(3, rs.getInt("attempts"), "counted by its single deliveries only, maxAttempts times");
                assertEquals("java.lang.IllegalStateException: poison " + poison, rs.getString("reason"));
            }
            assertEquals(Set.of(1, 2, 3), new HashSet<>(poisonAttempts),
                    "a failed batch counts no attempt: the poison row was seen at attempts 1 to 3 only");
        }
    }

    private static List<Long> effectIds(TestDatabase db, String effects) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (Connection c = db.connect(); ResultSet rs = c.createStatement().executeQuery(
                "SELECT row_id FROM " + effects + " ORDER BY row_id")) {
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
        }
        return ids;
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aBatchListenerGetsTheRowsInOneCallAndEachOutcomeIsSettled(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        String dead = tables.deadLetters(db);
        db.insertRows(table, 30);
        List<Integer> sizes = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(db, form, "batch-outcomes", table, 50);
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("deadLetterTable", dead);
            Harness.Activation mdb = server.activateBatch(messages -> {
                sizes.add(messages.size());
                List<Outcome> outcomes = new ArrayList<>();
                for (InboxMessage m : messages) {
                    int n = Integer.parseInt(m.text().substring("row ".length()));
                    outcomes.add(n % 10 == 1 ? Outcome.retry(Duration.ofHours(1))
                            : n % 10 == 2 ? Outcome.deadLetter("row " + n + " is refused")
                            : Outcome.ack());
                }
                return outcomes;
            }, p);
            Await.until("the acknowledged rows are settled", Duration.ofSeconds(30),
                    () -> db.count("SELECT count(*) FROM " + table) == 3);
            Await.until("the dead letters are moved", Duration.ofSeconds(10),
                    () -> db.count("SELECT count(*) FROM " + dead) == 3);
            // The counts are kept as each delivery ends, after its commit: waited for too.
            Await.until("the deliveries have ended", Duration.ofSeconds(10), () -> {
                SubscriptionSnapshot now = InboxSubscriptions.find("batch-outcomes").orElseThrow().snapshot();
                return now.delivered() + now.deadLettered() >= 27;
            });
            SubscriptionSnapshot counted = InboxSubscriptions.find("batch-outcomes").orElseThrow().snapshot();
            mdb.deactivate();
            assertEquals(List.of(24L, 3L, 3L, 0L), List.of(counted.delivered(), counted.retried(), counted.deadLettered(),
                    counted.failed()), "the operators' counts are per row");
            assertEquals(List.of(30), sizes, "all 30 rows in one call, in one transaction");
            assertEquals(3, db.count("SELECT count(*) FROM " + table + " WHERE payload IN ('row 1', 'row 11', 'row 21')"
                    + " AND attempts = 1 AND due_at > " + db.secondsFromNow(3000)), "the retries are rescheduled");
            assertEquals(3, db.count("SELECT count(*) FROM " + dead + " WHERE reason LIKE 'row %2 is refused'"
                    + " AND payload IN ('row 2', 'row 12', 'row 22')"));
            assertEquals(30, mdb.log().committed().size(), "one commit settled all 30");
        }
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aBatchListenerThatFailsHasItsRowsDeliveredOneAtATime(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, 10);
        List<Integer> sizes = new CopyOnWriteArrayList<>();
        AtomicInteger calls = new AtomicInteger();
        try (Harness server = Harness.start()) {
            Harness.Activation mdb = server.activateBatch(messages -> {
                sizes.add(messages.size());
                if (calls.incrementAndGet() == 1) {
                    throw new IllegalStateException("the first batch fails");
                }
                return messages.stream().map(m -> Outcome.ack()).toList();
            }, properties(db, form, "batch-fails", table, 10));
            // The counters count once the commit has returned, a moment after the table shows the row gone.
            Await.until("the rows are settled and counted", Duration.ofSeconds(30),
                    () -> db.count("SELECT count(*) FROM " + table) == 0
                            && InboxSubscriptions.find("batch-fails").orElseThrow().snapshot().delivered() >= 10);
            SubscriptionSnapshot counted = InboxSubscriptions.find("batch-fails").orElseThrow().snapshot();
            mdb.deactivate();
            assertEquals(10, counted.failed(), "each row of the failed batch counts as a failed delivery");
            assertEquals(10, counted.delivered());
            assertEquals(10, sizes.get(0));
            assertEquals(List.of(1, 1, 1, 1, 1, 1, 1, 1, 1, 1), sizes.subList(1, 11), "then one row at a time");
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce());
            assertEquals(10, mdb.log().committed().size());
        }
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void fifoGroupsKeepTheirOrderWithinAndAcrossBatches(TestDatabase db, Form form) throws Exception {
        String table = tables.create(db, "fifo", db.inboxColumns() + ", grp " + db.text() + " NOT NULL");
        db.execute("CREATE INDEX " + table + "_group ON " + table + " (grp, id)");
        db.execute("INSERT INTO " + table + " (payload, grp) SELECT CONCAT('row ', n), CONCAT('g', MOD(n, 4))"
                + " FROM " + db.series(80));
        Map<String, List<Long>> delivered = new ConcurrentHashMap<>();
        List<Integer> sizes = new CopyOnWriteArrayList<>();
        Set<String> inWork = ConcurrentHashMap.newKeySet();
        List<String> overlaps = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(db, form, "batch-fifo", table, 10);
            p.put("fifoColumn", "grp");
            p.put("workers", "3");
            Harness.Activation mdb = server.activateBatch(messages -> {
                sizes.add(messages.size());
                List<String> groups = new ArrayList<>();
                for (InboxMessage m : messages) {
                    String group = "g" + Integer.parseInt(m.text().substring("row ".length())) % 4;
                    groups.add(group);
                    if (!inWork.add(group)) {
                        overlaps.add(group + " twice in work (row " + m.id() + ")");
                    }
                    delivered.computeIfAbsent(group, g -> new CopyOnWriteArrayList<>()).add(((Number) m.id()).longValue());
                }
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                groups.forEach(inWork::remove);
                return messages.stream().map(m -> Outcome.ack()).toList();
            }, p);
            Await.until("every row is settled", Duration.ofSeconds(60),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
            mdb.deactivate();
            assertEquals(List.of(), overlaps, "one row of a group in work at a time");
            assertEquals(4, delivered.size());
            for (List<Long> ids : delivered.values()) {
                assertEquals(20, ids.size());
                List<Long> sorted = new ArrayList<>(ids);
                sorted.sort(null);
                assertEquals(sorted, ids, "a group's rows in order");
            }
            assertTrue(sizes.stream().allMatch(s -> s <= 4), "a batch holds at most one row per group: " + sizes);
            assertTrue(sizes.stream().anyMatch(s -> s > 1), "rows of several groups share a batch: " + sizes);
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce());
        }
    }
}
