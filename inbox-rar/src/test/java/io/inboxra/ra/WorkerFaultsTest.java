package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Narayana;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import jakarta.transaction.Synchronization;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What must not stop a subscription: its connections killed in the middle of a delivery, an
 * {@code Error} or an interrupt from the listener, no free MDB instance. One worker, so a worker
 * that dies stops delivery for all to see.
 */
class WorkerFaultsTest {

    private static final Duration LONG = Duration.ofSeconds(60);

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    private static long rows(TestDatabase db, String table) throws SQLException {
        return db.count("SELECT count(*) FROM " + table);
    }

    /**
     * The kill lands right after a delivery committed (a synchronization of its transaction), so
     * the next turn starts with the enlistment on the dead connection, no statement and no idle
     * probe first.
     */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aWorkerReplacesItsConnectionKilledRightAfterADelivery(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, 20);
        AtomicBoolean killed = new AtomicBoolean();
        try (Harness server = Harness.start()) {
            Map<String, String> p = db.properties("killed-inside", table, form);
            p.put("lease", "PT2S");
            Harness.Activation mdb = server.activate(message -> {
                if (!killed.getAndSet(true)) {
                    try {
                        Narayana.transactionManager().getTransaction().registerSynchronization(new Synchronization() {
                            @Override
                            public void beforeCompletion() {
                            }

                            @Override
                            public void afterCompletion(int status) {
                                try {
                                    db.killAdapterConnections("killed-inside");
                                } catch (SQLException e) {
                                    throw new IllegalStateException(e);
                                }
                            }
                        });
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
                return Outcome.ack();
            }, p);
            Await.until("every row is settled", LONG, () -> rows(db, table) == 0);
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce());
        }
    }

    static List<Supplier<Throwable>> errors() {
        return List.of(StackOverflowError::new, () -> new NoClassDefFoundError("com/example/Missing"),
                () -> new OutOfMemoryError("Java heap space (thrown by the test)"));
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void anErrorFromTheListenerRollsBackAndTheWorkerLivesOn(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, 9);
        Set<Object> failedOnce = ConcurrentHashMap.newKeySet();
        List<Supplier<Throwable>> errors = errors();
        try (Harness server = Harness.start()) {
            Harness.Activation mdb = server.activate(message -> {
                long id = ((Number) message.id()).longValue();
                if (failedOnce.add(id)) {
                    Throwable error = errors.get((int) (id % errors.size())).get();
                    if (error instanceof Error e) {
                        throw e;
                    }
                }
                return Outcome.ack();
            }, db.properties("erring", table, form));
            Await.until("every row is settled", LONG, () -> rows(db, table) == 0);
            // The table empties at the commit; the harness logs it once afterDelivery returns.
            Await.until("the ninth commit is logged", LONG, () -> mdb.log().committed().size() >= 9);
            assertEquals(18, mdb.log().invoked().size(), "each row failed once with an Error, then was settled");
            assertEquals(9, mdb.log().committed().size());
        }
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aListenerThatLeavesTheInterruptFlagSetDoesNotStopTheSubscription(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, 3);
        try (Harness server = Harness.start()) {
            Harness.Activation mdb = server.activate(message -> {
                Thread.currentThread().interrupt();
                return Outcome.ack();
            }, db.properties("interrupting", table, form));
            Await.until("the first rows are settled", LONG, () -> rows(db, table) == 0);
            // Idle waits now: the flag the listener left must not end them for good.
            Thread.sleep(500);
            db.insertRows(table, 3);
            Await.until("rows inserted later are settled too", LONG, () -> rows(db, table) == 0);
            // The table empties at the commit; the harness logs it once afterDelivery returns.
            Await.until("the sixth commit is logged", LONG, () -> mdb.log().committed().size() >= 6);
            assertEquals(6, mdb.log().committed().size());
        }
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void noFreeMdbInstanceCountsNoAttempt(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        String dead = tables.deadLetters(db);
        db.insertRows(table, 1);
        List<Integer> attempts = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start().refusingEndpoints(3)) {
            Map<String, String> p = db.properties("no-instance", table, form);
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("maxAttempts", "1");
            p.put("deadLetterTable", dead);
            Harness.Activation mdb = server.activate(message -> {
                attempts.add(message.attempt());
                return Outcome.ack();
            }, p);
            Await.until("the row is settled", LONG, () -> rows(db, table) == 0);
            assertTrue(mdb.log().refusedEndpoints() >= 3, "the server refused endpoints first");
            assertEquals(List.of(1), attempts, "delivered once, as its first attempt");
            assertEquals(0, db.count("SELECT count(*) FROM " + dead), "nothing dead-lettered that never reached the MDB");
        }
    }
}
