package io.inboxra.ra;

import io.inboxra.InboxBatchListener;
import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import jakarta.resource.ResourceException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code groupConcurrency}: up to N rows of one FIFO group in work at once, across workers and two
 * servers, never more, and every row once; every form, batches too. Bad values are refused by name.
 */
class GroupConcurrencyTest {

    private static final int GROUPS = 4;
    private static final int ROWS_PER_GROUP = 40;
    private static final int LIMIT = 3;

    @RegisterExtension
    static final ActivationTable refusals = new ActivationTable();

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    static Stream<Arguments> everyDatabaseFormAndBatchSize() {
        List<Arguments> cases = new ArrayList<>();
        for (TestDatabase db : TestDatabase.values()) {
            for (Form form : Form.values()) {
                for (int batchSize : new int[] {1, 5}) {
                    cases.add(Arguments.of(db, form, batchSize));
                }
            }
        }
        return cases.stream();
    }

    private String inbox(TestDatabase db) throws SQLException {
        String table = tables.create(db, "grp_conc", db.inboxColumns() + ", grp " + db.text() + " NOT NULL");
        db.execute("CREATE INDEX " + table + "_group ON " + table + " (grp, id)");
        db.execute("INSERT INTO " + table + " (payload, grp) SELECT CONCAT('g', (n - 1) % " + GROUPS + ", ':', n),"
                + " CONCAT('g', (n - 1) % " + GROUPS + ") FROM " + db.series(GROUPS * ROWS_PER_GROUP));
        return table;
    }

    private static Map<String, String> properties(TestDatabase db, Form form, String name, String table, int batchSize) {
        Map<String, String> p = DeliveryTest.properties(db, form, name, table);
        p.put("fifoColumn", "grp");
        p.put("groupConcurrency", String.valueOf(LIMIT));
        p.put("workers", "6");
        p.put("batchSize", String.valueOf(batchSize));
        return p;
    }

    /** Counts each group's rows in work (a batch's rows all at once), the most seen, and every delivery. */
    private static final class GroupCounter implements InboxListener, InboxBatchListener {
        final Map<String, AtomicInteger> inWork = new ConcurrentHashMap<>();
        final AtomicInteger most = new AtomicInteger();
        final Set<Object> delivered = ConcurrentHashMap.newKeySet();

        @Override
        public Outcome onMessage(InboxMessage message) {
            return onMessages(List.of(message)).get(0);
        }

        @Override
        public List<Outcome> onMessages(List<InboxMessage> messages) {
            for (InboxMessage m : messages) {
                int now = inWork.computeIfAbsent(group(m), g -> new AtomicInteger()).incrementAndGet();
                most.accumulateAndGet(now, Math::max);
            }
            try {
                Thread.sleep(15);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            List<Outcome> outcomes = new ArrayList<>();
            for (InboxMessage m : messages) {
                inWork.get(group(m)).decrementAndGet();
                delivered.add(m.id());
                outcomes.add(Outcome.ack());
            }
            return outcomes;
        }

        private static String group(InboxMessage m) {
            return m.text().split(":")[0];
        }
    }

    @ParameterizedTest(name = "{0} {1} batchSize {2}")
    @MethodSource("everyDatabaseFormAndBatchSize")
    void atMostNRowsOfAGroupAreInWorkAcrossWorkersAndTwoServers(TestDatabase db, Form form, int batchSize)
            throws Exception {
        String table = inbox(db);
        GroupCounter counter = new GroupCounter();
        try (Harness one = Harness.start(); Harness two = Harness.start()) {
            Harness.Activation first = batchSize > 1
                    ? one.activateBatch(counter, properties(db, form, "grp-one", table, batchSize))
                    : one.activate(counter, properties(db, form, "grp-one", table, batchSize));
            Harness.Activation second = batchSize > 1
                    ? two.activateBatch(counter, properties(db, form, "grp-two", table, batchSize))
                    : two.activate(counter, properties(db, form, "grp-two", table, batchSize));
            Await.until("every row is settled", Duration.ofSeconds(120),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
            first.deactivate();
            second.deactivate();
            // A batch whose settlement met a deadlock (MariaDB) rolls back and is delivered again: count commits.
            List<Object> committed = new ArrayList<>(first.log().committed());
            committed.addAll(second.log().committed());
            assertEquals(GROUPS * ROWS_PER_GROUP, committed.size(), "every row committed once, on one server or the"
                    + " other; rolled back: " + first.log().rolledBack() + " " + second.log().rolledBack());
            assertEquals(GROUPS * ROWS_PER_GROUP, Set.copyOf(committed).size(), "no row committed twice");
        }
        assertEquals(GROUPS * ROWS_PER_GROUP, counter.delivered.size(), "every row delivered");
        assertTrue(counter.most.get() <= LIMIT, "at most " + LIMIT + " rows of a group in work: " + counter.most.get());
        assertTrue(counter.most.get() > 1, "more than one row of a group in work at once: " + counter.most.get());
    }

    /**
     * Groups in a binary column (a UUID as {@code BINARY(16)}, {@code bytea}), in batches: the
     * group's bytes bound to the claim's guards and slots, the limit kept, every row delivered.
     * (The slots a batch holds are told apart by the group's bytes, {@code ClaimedRow.groupKey};
     * the claim's window alone keeps a batch within the limit here, so this case does not tell
     * the two comparisons apart.)
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyDatabaseAndForm")
    void binaryGroupsKeepTheLimitInBatches(TestDatabase db, Form form) throws Exception {
        String binary = db == TestDatabase.POSTGRES ? "bytea" : "VARBINARY(16)";
        String table = tables.create(db, "grp_bin", db.inboxColumns() + ", grp " + binary + " NOT NULL");
        db.execute("CREATE INDEX " + table + "_group ON " + table + " (grp, id)");
        String group = "CONCAT('g', (n - 1) % " + GROUPS + ")";
        db.execute("INSERT INTO " + table + " (payload, grp) SELECT CONCAT('g', (n - 1) % " + GROUPS + ", ':', n), "
                + (db == TestDatabase.POSTGRES ? "convert_to(" + group + ", 'UTF8')" : "CAST(" + group + " AS BINARY)")
                + " FROM " + db.series(GROUPS * ROWS_PER_GROUP));
        GroupCounter counter = new GroupCounter();
        try (Harness server = Harness.start()) {
            Harness.Activation mdb = server.activateBatch(counter, properties(db, form, "grp-bin", table, 5));
            Await.until("every row is settled", Duration.ofSeconds(120),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
            mdb.deactivate();
        }
        assertEquals(GROUPS * ROWS_PER_GROUP, counter.delivered.size(), "every row delivered");
        assertTrue(counter.most.get() <= LIMIT, "at most " + LIMIT + " rows of a group in work: " + counter.most.get());
    }

    static Stream<Arguments> everyDatabaseFormAndLimit() {
        return everyDatabaseAndForm().flatMap(a -> Stream.of(1, LIMIT).map(n -> Arguments.of(a.get()[0], a.get()[1], n)));
    }

    static Stream<Arguments> everyDatabaseAndForm() {
        return Stream.of(TestDatabase.values())
                .flatMap(db -> Stream.of(Form.values()).map(form -> Arguments.of(db, form)));
    }

    @ParameterizedTest
    @MethodSource("everyDatabaseFormAndLimit")
    void rowsEnteringAheadOfAFullGroupWait(TestDatabase db, Form form, int limit) throws Exception {
        // With priorities, a row may enter a group ahead of the rows in work: the group's slots (row lock,
        // advisory lock) or its live leases (lease) hold it back, and the rows of other groups behind it
        // go on (a limit of 1: a plain FIFO group). Two full groups, each with a row ahead: a claim passes
        // over both.
        String table = tables.create(db, "grp_ahead", db.inboxColumns() + ", grp " + db.text() + " NOT NULL");
        db.execute("CREATE INDEX " + table + "_claim ON " + table + " (priority, id)");
        db.execute("CREATE INDEX " + table + "_group ON " + table + " (grp, priority, id)");
        for (String group : List.of("a", "c")) {
            db.execute("INSERT INTO " + table + " (payload, grp) SELECT CONCAT('" + group + ":', n), '" + group + "' FROM "
                    + db.series(limit));
        }
        java.util.concurrent.CountDownLatch full = new java.util.concurrent.CountDownLatch(2 * limit);
        java.util.concurrent.CountDownLatch finish = new java.util.concurrent.CountDownLatch(1);
        List<String> order = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(db, form, "grp-ahead", table, 1);
            p.put("priorityColumn", "priority");
            p.put("groupConcurrency", String.valueOf(limit));
            // One worker besides the groups': its claims meet the rows ahead alone, never while another
            // worker's claim holds them (with more idle workers, one claim holding a row let another's pass it).
            p.put("workers", String.valueOf(2 * limit + 1));
            server.activate(message -> {
                order.add(message.text());
                if (!message.text().endsWith(":ahead")) {
                    full.countDown();
                    try {
                        finish.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return Outcome.ack();
            }, p);
            try {
                assertTrue(full.await(10, java.util.concurrent.TimeUnit.SECONDS), "the groups' first rows in work");
                db.execute("INSERT INTO " + table + " (payload, grp, priority) VALUES ('a:ahead', 'a', -1),"
                        + " ('c:ahead', 'c', -1)");
                db.insertMarker(table, "payload, grp", "'b:later', 'b'");
                Await.until("a row of another group inserted later is delivered", Duration.ofSeconds(10),
                        () -> order.contains("b:later"));
                assertTrue(order.stream().noneMatch(t -> t.endsWith(":ahead")),
                        "the rows ahead wait while their groups are full: " + order);
            } finally {
                finish.countDown();
            }
            Await.until("every row is settled", Duration.ofSeconds(20),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
        }
    }

    /**
     * A group with room for one more: rows entering ahead of its rows in work take that one place
     * and no more, in batches too. The rows ahead and the rows in work are counted together (counted
     * apart, the lease form let each of the three rows ahead pass: five in work for a limit of three).
     */
    @ParameterizedTest
    @MethodSource("everyDatabaseAndForm")
    void rowsEnteringAheadTakeOnlyTheRoomLeft(TestDatabase db, Form form) throws Exception {
        String table = tables.create(db, "grp_room", db.inboxColumns() + ", grp " + db.text() + " NOT NULL");
        db.execute("CREATE INDEX " + table + "_group ON " + table + " (grp, priority, id)");
        db.execute("INSERT INTO " + table + " (payload, grp) SELECT CONCAT('a:', n), 'a' FROM " + db.series(LIMIT - 1));
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(LIMIT - 1);
        java.util.concurrent.CountDownLatch finish = new java.util.concurrent.CountDownLatch(1);
        List<String> order = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties(db, form, "grp-room", table, LIMIT);
            p.put("priorityColumn", "priority");
            p.put("pollInterval", "PT0.1S");
            p.put("maxPollInterval", "PT0.2S");
            InboxBatchListener mdb = messages -> {
                List<Outcome> outcomes = new ArrayList<>();
                for (InboxMessage m : messages) {
                    order.add(m.text());
                    outcomes.add(Outcome.ack());
                }
                if (messages.stream().anyMatch(m -> m.text().startsWith("a:"))) {
                    messages.forEach(m -> started.countDown());
                    try {
                        finish.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return outcomes;
            };
            server.activateBatch(mdb, p);
            try {
                assertTrue(started.await(10, java.util.concurrent.TimeUnit.SECONDS), "the group's first rows in work");
                db.execute("INSERT INTO " + table + " (payload, grp, priority) VALUES ('a:ahead1', 'a', -1),"
                        + " ('a:ahead2', 'a', -1), ('a:ahead3', 'a', -1)");
                Await.until("a row ahead enters", Duration.ofSeconds(10),
                        () -> order.stream().anyMatch(t -> t.startsWith("a:ahead")));
                // Long enough for every idle worker to claim again (the poll interval is 0.1 s).
                Await.sleep(1500);
                List<String> ahead = order.stream().filter(t -> t.startsWith("a:ahead")).toList();
                assertEquals(1, ahead.size(), "with " + (LIMIT - 1) + " rows of the group in work and a limit of "
                        + LIMIT + ", one row ahead enters: " + order);
            } finally {
                finish.countDown();
            }
            Await.until("every row is settled", Duration.ofSeconds(20),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
        }
    }

    @Test
    void lessThanOneIsRefused() throws Exception {
        Map<String, String> p = refusals.properties("bad");
        p.put("fifoColumn", "queue");
        p.put("groupConcurrency", "0");
        assertEquals("Inbox subscription 'bad' cannot start: Property 'groupConcurrency' is '0': it"
                + " must be a whole number from 1 to 1000 (rows of one FIFO group in work at once; 1 keeps the group"
                + " in order); set it within that range.", ActivationTable.refusal(ResourceException.class, p));
    }

    @Test
    void withoutFifoGroupsItIsRefused() throws Exception {
        Map<String, String> p = refusals.properties("bad");
        p.put("groupConcurrency", "2");
        assertEquals("Inbox subscription 'bad' cannot start: Property 'groupConcurrency' is '2' but"
                + " 'fifoColumn' is not set: it limits the rows of one FIFO group in work at once; name the group"
                + " column in 'fifoColumn', or remove 'groupConcurrency'.",
                ActivationTable.refusal(ResourceException.class, p));
    }
}
