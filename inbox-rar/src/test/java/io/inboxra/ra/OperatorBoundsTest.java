package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TcpForwarder;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionState;
import io.inboxra.operations.SubscriptionView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Operators' requests of bounded cost (issue 23, point 2): a large requeue or discard commits a
 * chunk at a time, and the backlog is read at most every few seconds, on one kept connection,
 * each query with a timeout.
 */
class OperatorBoundsTest {

    private static final Duration LONG = Duration.ofSeconds(60);
    /** Three chunks of the adapter's 500: the last one's last row is held by the test. */
    private static final int DEAD = 1200;

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    /** Dead letters 1 to {@link #DEAD}, in the style's place; the activation's properties. */
    private Map<String, String> deadLetters(TestDatabase db, String style, String table, String name) throws SQLException {
        Map<String, String> p = DeliveryTest.properties(db, Form.ROW_LOCK, name, table);
        p.put("dueColumn", "due_at");
        p.put("attemptColumn", "attempts");
        if (style.equals("deadLetterTable")) {
            String dead = tables.deadLetters(db);
            db.execute("INSERT INTO " + dead + " (id, payload, attempts, reason, dead_at) SELECT n, 'dead', 5, 'test', "
                    + db.minutesAgo("5") + " FROM " + db.series(DEAD));
            p.put("deadLetterTable", dead);
        } else {
            db.execute("ALTER TABLE " + table + " ADD COLUMN dead_at " + db.timestamp());
            db.execute("INSERT INTO " + table + " (id, payload, attempts, dead_at) SELECT n, 'dead', 5, "
                    + db.minutesAgo("5") + " FROM " + db.series(DEAD));
            p.put("deadAtColumn", "dead_at");
        }
        return p;
    }

    private static String deadPlace(Map<String, String> p, String table) {
        return p.containsKey("deadLetterTable") ? p.get("deadLetterTable") : table;
    }

    private static long deadCount(TestDatabase db, Map<String, String> p, String table) throws SQLException {
        return db.count("SELECT count(*) FROM " + deadPlace(p, table)
                + (p.containsKey("deadLetterTable") ? "" : " WHERE dead_at IS NOT NULL"));
    }

    /** Holds the dead letter of the highest id, in the last chunk, until the connection rolls back. */
    private static Connection holdLast(TestDatabase db, Map<String, String> p, String table) throws SQLException {
        Connection locker = db.connect();
        locker.setAutoCommit(false);
        locker.createStatement().executeQuery("SELECT id FROM " + deadPlace(p, table) + " WHERE id = " + DEAD
                + " FOR UPDATE").close();
        return locker;
    }

    private static String rows(TestDatabase db, String table) {
        StringBuilder rows = new StringBuilder();
        try (Connection c = db.connect(); java.sql.ResultSet rs = c.createStatement().executeQuery("SELECT * FROM " + table)) {
            while (rs.next()) {
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    rows.append(rs.getMetaData().getColumnName(i)).append('=').append(rs.getObject(i)).append(' ');
                }
                rows.append("; ");
            }
        } catch (SQLException e) {
            rows.append(e);
        }
        return rows.toString();
    }

    private interface Operation {
        int run(SubscriptionView view) throws SQLException;
    }

    private static CompletableFuture<Integer> inBackground(SubscriptionView view, Operation operation) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return operation.run(view);
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.OperatingTest#everyDatabaseAndDeadLetterStyle")
    void aLargeRequeueAllCommitsChunkByChunkAndBringsEveryDeadLetterBackOnce(TestDatabase db, String style)
            throws Exception {
        String table = tables.inbox(db);
        String name = "chunked-requeue-" + style + "-" + db.name().toLowerCase();
        Map<String, String> p = deadLetters(db, style, table, name);
        try (Harness server = Harness.start()) {
            server.activate(message -> Outcome.ack(), p);
            SubscriptionView view = InboxSubscriptions.find(name).orElseThrow();
            // Paused: the requeued rows stay in the inbox to be counted.
            view.pause();
            CompletableFuture<Integer> requeued;
            try (Connection locker = holdLast(db, p, table)) {
                requeued = inBackground(view, SubscriptionView::requeueAll);
                String back = "SELECT count(*) FROM " + table + (p.containsKey("deadLetterTable") ? "" : " WHERE dead_at IS NULL");
                Await.until("the first two chunks are back while the last waits for its row", LONG,
                        () -> db.count(back) >= 1000);
                assertFalse(requeued.isDone(), "the last chunk still waits for the held row");
                assertTrue(db.count(back) < DEAD, "the held row is not back yet");
                locker.rollback();
            }
            assertEquals(DEAD, requeued.get(60, TimeUnit.SECONDS), "every dead letter requeued");
            assertEquals(DEAD, db.count("SELECT count(DISTINCT id) FROM " + table + (p.containsKey("deadLetterTable")
                    ? "" : " WHERE dead_at IS NULL")), "each back once");
            assertEquals(DEAD, db.count("SELECT count(*) FROM " + table), "none twice");
            assertEquals(0, deadCount(db, p, table), "no dead letter left");
            assertEquals(0, db.count("SELECT count(*) FROM " + table + " WHERE attempts <> 0"), "attempts reset");
        }
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.OperatingTest#everyDatabaseAndDeadLetterStyle")
    void aLargeDiscardCommitsChunkByChunk(TestDatabase db, String style) throws Exception {
        String table = tables.inbox(db);
        String name = "chunked-discard-" + style + "-" + db.name().toLowerCase();
        Map<String, String> p = deadLetters(db, style, table, name);
        try (Harness server = Harness.start()) {
            server.activate(message -> Outcome.ack(), p);
            SubscriptionView view = InboxSubscriptions.find(name).orElseThrow();
            CompletableFuture<Integer> discarded;
            try (Connection locker = holdLast(db, p, table)) {
                discarded = inBackground(view, v -> v.discardOlderThan(Duration.ofMinutes(1)));
                Await.until("the first two chunks are gone while the last waits for its row", LONG,
                        () -> deadCount(db, p, table) <= DEAD - 1000);
                assertFalse(discarded.isDone(), "the last chunk still waits for the held row");
                locker.rollback();
            }
            assertEquals(DEAD, discarded.get(60, TimeUnit.SECONDS), "every dead letter of five minutes ago discarded");
            assertEquals(0, deadCount(db, p, table));
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void theBacklogIsReadAtMostEveryFewSecondsOnAKeptConnectionAndAStuckReadTimesOut(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        String name = "backlog-reads-" + db.name().toLowerCase();
        int port = db == TestDatabase.MARIADB ? 3306 : 5432;
        try (TcpForwarder database = new TcpForwarder(port); Harness server = Harness.start()) {
            database.open();
            Map<String, String> p = DeliveryTest.properties(db, Form.ROW_LOCK, name, table);
            p.put("url", p.get("url").replace(":" + port + "/", ":" + database.port() + "/"));
            p.put("dueColumn", "due_at");
            p.put("statementTimeout", "PT5S");
            server.activate(message -> Outcome.ack(), p);
            SubscriptionView view = InboxSubscriptions.find(name).orElseThrow();
            view.pause();
            Await.until("paused, every worker idle", Duration.ofSeconds(10), () -> view.snapshot().state()
                    == SubscriptionState.PAUSED && view.snapshot().workersBusy() == 0);
            db.insertRows(table, 3);
            Await.until("the backlog shows the three rows", LONG, () -> view.backlog().claimable() == 3);

            // A page in each of ten tabs, a JMX console and a scrape: twenty reads in two seconds.
            long before = database.connections();
            for (int i = 0; i < 20; i++) {
                assertEquals(3, view.backlog().claimable());
                Await.sleep(100);
            }
            long opened = database.connections() - before;
            assertTrue(opened <= 2, "twenty backlog reads opened " + opened + " connections");

            // A migration holds the table: the read ends with an error in seconds, it does not hang the page.
            try (Connection locker = db.connect()) {
                locker.setAutoCommit(false);
                locker.createStatement().execute(db == TestDatabase.MARIADB ? "LOCK TABLES " + table + " WRITE"
                        : "LOCK TABLE " + table + " IN ACCESS EXCLUSIVE MODE");
                Await.sleep(2_500);
                assertTimeoutPreemptively(Duration.ofSeconds(45), () -> assertThrows(SQLException.class, view::backlog),
                        "a read of a locked table ends by its query timeout");
                if (db == TestDatabase.MARIADB) {
                    locker.createStatement().execute("UNLOCK TABLES");
                }
                locker.rollback();
            }
            assertEquals(3, view.backlog().claimable(), () -> "read again on a new connection once the table is free: "
                    + rows(db, table));
        }
    }
}
