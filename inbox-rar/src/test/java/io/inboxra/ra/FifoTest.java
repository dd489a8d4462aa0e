package io.inboxra.ra;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** FIFO groups: one row of a group in work at a time, in order; groups in parallel. Every form. */
class FifoTest {

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    private String inbox(TestDatabase db) throws SQLException {
        String table = tables.create(db, "fifo", db.inboxColumns() + ", grp " + db.text() + " NOT NULL");
        // The head check looks up earlier rows of the group: an index on (group, claim order) serves it.
        db.execute("CREATE INDEX " + table + "_group ON " + table + " (grp, id)");
        return table;
    }

    private static Map<String, String> properties(TestDatabase db, Form form, String name, String table) {
        Map<String, String> p = DeliveryTest.properties(db, form, name, table);
        p.put("fifoColumn", "grp");
        p.put("workers", "8");
        return p;
    }

    /** Records each group's deliveries in order, and fails the test if a group ever has two rows in work. */
    private static final class GroupWatcher implements InboxListener {
        final Map<String, List<Long>> delivered = new ConcurrentHashMap<>();
        final Set<String> inWork = ConcurrentHashMap.newKeySet();
        final List<String> overlaps = new CopyOnWriteArrayList<>();
        final AtomicInteger mostGroupsInWork = new AtomicInteger();

        @Override
        public Outcome onMessage(InboxMessage message) {
            String group = message.text().split(":")[0];
            if (!inWork.add(group)) {
                overlaps.add(group + " had two rows in work, one of them row " + message.id());
            }
            mostGroupsInWork.accumulateAndGet(inWork.size(), Math::max);
            try {
                Thread.sleep(ThreadLocalRandom.current().nextInt(6));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            delivered.computeIfAbsent(group, g -> new CopyOnWriteArrayList<>()).add(((Number) message.id()).longValue());
            inWork.remove(group);
            return Outcome.ack();
        }
    }

    private static void insertInterleaved(TestDatabase db, String table, int groups, int rowsPerGroup)
            throws SQLException {
        db.execute("INSERT INTO " + table + " (payload, grp) SELECT CONCAT('g', (n - 1) % " + groups + ", ':', n),"
                + " CONCAT('g', (n - 1) % " + groups + ") FROM " + db.series(groups * rowsPerGroup));
    }

    private static void assertInInsertionOrder(String table, GroupWatcher watcher, int groups, int rowsPerGroup) {
        assertEquals(List.of(), watcher.overlaps, "no group ever had two rows in work");
        assertEquals(groups, watcher.delivered.size());
        watcher.delivered.forEach((group, ids) -> {
            assertEquals(rowsPerGroup, ids.size(), "every row of " + group + " once");
            List<Long> sorted = new ArrayList<>(ids);
            sorted.sort(Long::compare);
            assertEquals(sorted, ids, group + " was delivered in insertion order");
        });
        assertTrue(watcher.mostGroupsInWork.get() > 1, "groups ran in parallel: " + watcher.mostGroupsInWork.get());
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void everyGroupIsDeliveredInOrderOneRowAtATime(TestDatabase db, Form form) throws Exception {
        String table = inbox(db);
        insertInterleaved(db, table, 50, 40);
        GroupWatcher watcher = new GroupWatcher();
        try (Harness server = Harness.start()) {
            server.activate(watcher, properties(db, form, "fifo", table));
            Await.until("every row is settled", Duration.ofSeconds(120),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
        }
        assertInInsertionOrder(table, watcher, 50, 40);
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void twoServersKeepEveryGroupInOrder(TestDatabase db, Form form) throws Exception {
        String table = inbox(db);
        insertInterleaved(db, table, 50, 40);
        GroupWatcher watcher = new GroupWatcher();
        try (Harness one = Harness.start(); Harness two = Harness.start()) {
            one.activate(watcher, properties(db, form, "fifo-one", table));
            two.activate(watcher, properties(db, form, "fifo-two", table));
            Await.until("every row is settled", Duration.ofSeconds(120),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
        }
        assertInInsertionOrder(table, watcher, 50, 40);
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aRowInsertedWhileItsGroupsHeadIsInWorkWaitsForTheHead(TestDatabase db, Form form) throws Exception {
        String table = inbox(db);
        db.execute("INSERT INTO " + table + " (payload, grp) VALUES ('a:head', 'a')");
        CountDownLatch headInWork = new CountDownLatch(1);
        CountDownLatch finishHead = new CountDownLatch(1);
        List<String> order = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            server.activate(message -> {
                order.add(message.text());
                if (message.text().equals("a:head")) {
                    headInWork.countDown();
                    await(finishHead);
                }
                return Outcome.ack();
            }, properties(db, form, "fifo-wait", table));
            assertTrue(headInWork.await(10, TimeUnit.SECONDS));
            // Ahead of the head in claim order (a lower priority value), and behind it by id.
            db.execute("INSERT INTO " + table + " (payload, grp, priority) VALUES ('a:newcomer', 'a', -1),"
                    + " ('b:other group', 'b', 0)");
            Await.until("the other group is delivered meanwhile", Duration.ofSeconds(10), () -> order.size() == 2);
            // Inserted once the other group's row was delivered, behind the newcomer in claim order: the claim
            // that takes it would have taken the newcomer first, were the newcomer claimable.
            db.insertMarker(table, "payload, grp", "'c:later', 'c'");
            Await.until("a row of a third group inserted later is delivered", Duration.ofSeconds(10),
                    () -> order.contains("c:later"));
            assertEquals(List.of("a:head", "b:other group", "c:later"), order, "the newcomer waits for the head in work");
            finishHead.countDown();
            Await.until("the newcomer is delivered", Duration.ofSeconds(10), () -> order.size() == 4);
            assertEquals("a:newcomer", order.get(3));
        }
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aFailingHeadKeepsItsGroupWaitingUntilItIsDeadLettered(TestDatabase db, Form form) throws Exception {
        String table = inbox(db);
        String dead = tables.deadLetters(db);
        db.execute("INSERT INTO " + table + " (payload, grp) VALUES ('a:poison', 'a'), ('a:second', 'a'),"
                + " ('b:only', 'b')");
        List<String> order = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(db, form, "fifo-poison", table);
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("maxAttempts", "3");
            p.put("retryDelay", "PT0.3S");
            p.put("deadLetterTable", dead);
            server.activate(message -> {
                order.add(message.text());
                if (message.text().equals("a:poison")) {
                    throw new IllegalStateException("poison");
                }
                return Outcome.ack();
            }, p);
            Await.until("every row is settled", Duration.ofSeconds(30),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
            assertEquals(1, db.count("SELECT count(*) FROM " + dead));
            List<String> groupA = order.stream().filter(t -> t.startsWith("a:")).toList();
            assertEquals(List.of("a:poison", "a:poison", "a:poison", "a:second"), groupA,
                    "the group waited while its head retried, and went on once it was dead-lettered");
            assertTrue(order.indexOf("b:only") < order.lastIndexOf("a:poison"), "group b did not wait for group a");
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

}
