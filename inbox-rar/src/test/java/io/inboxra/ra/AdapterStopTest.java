package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The adapter's stop (a server shutting down without deactivating its MDBs first) stops every
 * subscription at once: none goes on claiming rows while another waits for its deliveries in work.
 */
class AdapterStopTest {

    private static final int ROWS = 100;
    private static final Duration SLOW = Duration.ofSeconds(3);

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    /**
     * Two subscriptions, each with a slow first row on one worker and quick rows on the other. One
     * stopped after the other waited out its slow row (three seconds) while the other's quick
     * worker went on handing over new rows.
     */
    @Test
    void noSubscriptionStartsADeliveryAfterTheAdapterStopBegan() throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        Queue<Long> started = new ConcurrentLinkedQueue<>();
        List<String> names = List.of("adapter-stop-a", "adapter-stop-b");
        List<String> inboxes = List.of(tables.inbox(db), tables.inbox(db));
        Harness server = Harness.start();
        Harness.Activation a = null;
        Harness.Activation b = null;
        long stopBegan;
        try {
            for (String table : inboxes) {
                db.insertRows(table, ROWS);
            }
            a = server.activate(slowFirst(started), properties(db, names.get(0), inboxes.get(0)));
            b = server.activate(slowFirst(started), properties(db, names.get(1), inboxes.get(1)));
            Harness.Activation first = a;
            Harness.Activation second = b;
            Await.until("both subscriptions hand over rows", Duration.ofSeconds(20),
                    () -> first.log().committed().size() >= 3 && second.log().committed().size() >= 3);
            stopBegan = System.nanoTime();
        } catch (Exception | Error e) {
            server.close();
            throw e;
        }
        server.close();
        long stopTook = System.nanoTime() - stopBegan;

        // A claim under way at the stop may still hand its row over just after (1.5 s on a machine shared with other
        // test JVMs); a quick worker that kept going would start rows all through the slow row's 3 s.
        long late = started.stream().filter(t -> t - stopBegan > Duration.ofMillis(1500).toNanos()).count();
        assertEquals(0, late, "deliveries started more than 1.5 s after the adapter's stop began"
                + " (the stop took " + Duration.ofNanos(stopTook).toMillis() + " ms)");
        for (int i = 0; i < 2; i++) {
            Harness.Activation mdb = i == 0 ? a : b;
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce(), names.get(i) + ": a row settled twice");
            long left = db.count("SELECT count(*) FROM " + inboxes.get(i));
            assertEquals(ROWS, left + mdb.log().committed().size(), names.get(i) + ": every row settled once or"
                    + " still in the table");
            assertTrue(mdb.log().nothingInWork(), names.get(i) + ": nothing in work after the stop");
        }
    }

    /**
     * A server that interrupts the adapter's stop (its own shutdown timed out) cuts the grace short:
     * the stop returns at once instead of waiting for a delivery in work, which rolls back, and its
     * row stays in the table.
     */
    @Test
    void anInterruptCutsTheStopsGraceShort() throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = tables.inbox(db);
        try (Harness server = Harness.start()) {
            Harness.Activation mdb = server.activate(message -> {
                Await.sleep(SLOW.toMillis() * 3);
                return Outcome.ack();
            }, properties(db, "adapter-stop-interrupted", table));
            long id = db.insertMarker(table, "payload", "'slow'");
            Await.until("the row is in the listener", Duration.ofSeconds(20), () -> mdb.log().invoked().size() == 1);
            Thread stop = new Thread(() -> server.adapter().stop(), "adapter-stop");
            stop.start();
            Await.sleep(500);
            stop.interrupt();
            stop.join(SLOW.toMillis() * 2);
            assertTrue(!stop.isAlive(), "the interrupted stop returned without waiting for the delivery in work");
            assertTrue(!mdb.log().hasCommitted(id), "the delivery cut off did not commit");
            // Its claim's connection closed, the row is in the table and no longer locked.
            Await.until("the row is free again, in the table", Duration.ofSeconds(20), () -> db.count(
                    "SELECT count(*) FROM (SELECT id FROM " + table + " WHERE id = " + id + " FOR UPDATE SKIP LOCKED) r")
                    == 1);
        }
    }

    /**
     * An activation that ends after the adapter's stop began (the server stops while an MDB is
     * being activated) is refused and stopped, not left running out of every stop's reach, and the
     * stop returns only once it has been: its table's lock holds the activation's checks after the
     * stop began. Once the stop has returned, nothing is delivered, and an activation is refused
     * at once.
     */
    @Test
    void anActivationThatEndsAfterTheStopBeganIsRefusedAndNothingRuns() throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = tables.inbox(db);
        db.insertRows(table, 10);
        try (Harness server = Harness.start(); Connection locker = db.connect()) {
            locker.setAutoCommit(false);
            try (Statement lock = locker.createStatement()) {
                lock.execute("LOCK TABLE " + table + " IN ACCESS EXCLUSIVE MODE");
            }
            CompletableFuture<Harness.Activation> activating = CompletableFuture.supplyAsync(() -> activateSlow(
                    server, db, "adapter-stop-late", table));
            Await.until("the activation waits for the table's lock", Duration.ofSeconds(20), () -> db.count(
                    "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'inbox-ra:adapter-stop-late'"
                            + " AND wait_event_type = 'Lock'") > 0);
            CompletableFuture<Void> stop = CompletableFuture.runAsync(() -> server.adapter().stop());
            Await.sleep(500);
            assertTrue(!stop.isDone(), "the adapter's stop waits for the activation under way");
            locker.commit();
            stop.get(40, TimeUnit.SECONDS);
            long left = db.count("SELECT count(*) FROM " + table);

            ExecutionException refused = assertThrows(ExecutionException.class, () -> activating.get(1, TimeUnit.SECONDS),
                    "the activation that ended after the stop was taken");
            assertTrue(String.valueOf(refused.getCause()).contains("stopped while the MDB"),
                    "the refusal says why: " + refused.getCause());
            Await.sleep(1_500);
            assertEquals(left, db.count("SELECT count(*) FROM " + table), "no row delivered after the adapter's stop");
            assertEquals(0, db.adapterConnections("adapter-stop-late"), "the refused activation holds no connection");
            ExecutionException after = assertThrows(ExecutionException.class, () -> CompletableFuture.supplyAsync(
                    () -> activateSlow(server, db, "adapter-stop-after", table)).get(30, TimeUnit.SECONDS),
                    "an activation after the adapter's stop was taken");
            assertTrue(String.valueOf(after.getCause()).contains("has stopped"), "the refusal says why: " + after.getCause());
            assertEquals(left, db.count("SELECT count(*) FROM " + table), "nothing delivered by the refused activation");
        }
    }

    /** Activates a listener of 200 ms a row on one worker. */
    private static Harness.Activation activateSlow(Harness server, TestDatabase db, String name, String table) {
        Map<String, String> p = properties(db, name, table);
        p.put("workers", "1");
        try {
            return server.activate(message -> {
                Await.sleep(200);
                return Outcome.ack();
            }, p);
        } catch (Exception e) {
            throw new CompletionException(e);
        }
    }

    private static Map<String, String> properties(TestDatabase db, String name, String table) {
        Map<String, String> p = DeliveryTest.properties(db, Form.ROW_LOCK, name, table);
        p.put("workers", "2");
        p.put("pollInterval", "PT0.1S");
        return p;
    }

    /** The first row waits {@link #SLOW}, the others 20 ms; each start is noted. */
    private static io.inboxra.InboxListener slowFirst(Queue<Long> started) {
        AtomicBoolean first = new AtomicBoolean(true);
        return message -> {
            started.add(System.nanoTime());
            Await.sleep(first.getAndSet(false) ? SLOW.toMillis() : 20);
            return Outcome.ack();
        };
    }
}
