package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.harness.Await;
import io.inboxra.harness.EffectWriter;
import com.arjuna.ats.arjuna.coordinator.TxControl;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionView;
import io.inboxra.harness.Harness;
import io.inboxra.harness.HeldBackStatements;
import io.inboxra.harness.Narayana;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.dialect.postgres.PostgresDialect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code prefetch}: the lease and advisory lock forms at {@code batchSize} 1 claim several rows in
 * one statement, hold each (a lease, a session lock) while it waits for its turn, and deliver each
 * in a transaction of its own; a row's failure is its own, the rows ahead go back when the
 * subscription pauses, and a row whose lease another claim took is passed over.
 */
class PrefetchTest {

    private static final Duration LONG = Duration.ofSeconds(60);

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    static Stream<Arguments> everyDatabaseAndHoldingForm() {
        return Stream.of(TestDatabase.POSTGRES, TestDatabase.MARIADB)
                .flatMap(db -> Stream.of(Form.LEASE, Form.ADVISORY).map(form -> Arguments.of(db, form)));
    }

    private static Map<String, String> prefetching(TestDatabase db, String name, String table, Form form) {
        Map<String, String> p = db.properties(name, table, form);
        p.put("prefetch", "5");
        p.put("lease", "PT60S");
        return p;
    }

    /**
     * While the first row is in work, the four claimed with it stay held: a second server takes
     * only the five others. Then each of the five is delivered in a transaction of its own.
     */
    @ParameterizedTest
    @MethodSource("everyDatabaseAndHoldingForm")
    void oneClaimHoldsFiveRowsAndEachIsDeliveredOnceInATransactionOfItsOwn(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, 10);
        CountDownLatch firstHeld = new CountDownLatch(1);
        CountDownLatch secondHeld = new CountDownLatch(1);
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        Set<String> transactions = ConcurrentHashMap.newKeySet();
        AtomicInteger calls = new AtomicInteger();
        try (Harness first = Harness.start(); Harness second = Harness.start()) {
            Harness.Activation prefetched = first.activate(message -> {
                transactions.add(String.valueOf(transactionOfThisCall()));
                int call = calls.incrementAndGet();
                if (call == 1) {
                    firstHeld.countDown();
                    await(go);
                } else if (call == 2) {
                    secondHeld.countDown();
                    await(goOn);
                }
                return Outcome.ack();
            }, prefetching(db, "prefetched", table, form));
            assertTrue(firstHeld.await(30, TimeUnit.SECONDS), "the first row was delivered");
            Harness.Activation other = second.activate(message -> Outcome.ack(), db.properties("beside", table, form));
            Await.until("the second server delivers the rows not held", LONG,
                    () -> other.log().committed().size() == 5);
            Thread.sleep(500);
            assertEquals(5, other.log().invoked().size(), "the four rows ahead stayed held with the one in work");
            go.countDown();
            // The first turn has ended: the three rows still ahead stay held across it.
            assertTrue(secondHeld.await(30, TimeUnit.SECONDS), "the second row ahead was delivered");
            Thread.sleep(1000);
            assertEquals(5, other.log().invoked().size(), "the rows ahead stayed held past the first row's turn");
            goOn.countDown();
            Await.until("every row is settled", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0
                    && prefetched.log().committed().size() == 5);
            assertEquals(5, transactions.size(), "each row in a transaction of its own");
            assertEquals(Map.of(), prefetched.log().committedMoreThanOnce());
            Set<Object> both = new HashSet<>(prefetched.log().committed());
            both.retainAll(other.log().committed());
            assertEquals(Set.of(), both, "no row delivered by both servers");
        } finally {
            go.countDown();
            goOn.countDown();
        }
    }

    /** A row claimed ahead that fails is counted and comes back; the rows claimed with it go on. */
    @ParameterizedTest
    @MethodSource("everyDatabaseAndHoldingForm")
    void aPrefetchedRowThatFailsIsCountedAndTheOthersAreDelivered(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, 5);
        long failing = db.count("SELECT min(id) FROM " + table) + 2;
        List<Integer> attemptsOfFailing = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = prefetching(db, "prefetch-fails", table, form);
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("retryDelay", "PT0.1S");
            Harness.Activation activation = server.activate(message -> {
                if (((Number) message.id()).longValue() == failing) {
                    attemptsOfFailing.add(message.attempt());
                    if (message.attempt() == 1) {
                        throw new IllegalStateException("the third row fails once");
                    }
                }
                return Outcome.ack();
            }, p);
            Await.until("every row is settled", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0
                    && activation.log().committed().size() == 5);
            assertEquals(List.of(1, 2), attemptsOfFailing, "the failure was counted before the row came back");
            assertEquals(5, activation.log().committed().size());
            assertEquals(Map.of(), activation.log().committedMoreThanOnce());
            assertEquals(List.of(failing), activation.log().rolledBack());
        }
    }

    /**
     * The reaper rolls back the first row's transaction from its own thread while the rows claimed
     * with it wait: the row comes back, and each of the others is delivered once, its effect
     * committed with its settlement.
     */
    @ParameterizedTest
    @MethodSource("everyDatabaseAndHoldingForm")
    void aTurnTheReaperRollsBackLeavesTheRowsAheadToBeDeliveredOnce(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        String effects = tables.effects(db);
        db.insertRows(table, 5);
        Set<Object> slowOnce = ConcurrentHashMap.newKeySet();
        TxControl.setDefaultTimeout(1);
        try (Harness server = Harness.start();
                EffectWriter mdb = new EffectWriter(db.xaDataSource(), effects, new HashSet<>(), message -> {
                    if (slowOnce.isEmpty() && slowOnce.add(message.id())) {
                        Await.sleep(2500); // past the timeout: the reaper rolls back while the handler runs
                    }
                })) {
            Map<String, String> p = prefetching(db, "prefetch-timeout", table, form);
            p.put("workers", "1");
            Harness.Activation activation = server.activate(mdb, p);
            Await.until("every row is settled", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0
                    && activation.log().committed().size() == 5);
            assertEquals(5, db.count("SELECT count(DISTINCT row_id) FROM " + effects), "every row's effect");
            assertEquals(5, db.count("SELECT count(*) FROM " + effects), "each effect once: the timed-out one rolled back");
            assertEquals(6, activation.log().invoked().size(), "the slow row twice, each row ahead once");
            assertEquals(Map.of(), activation.log().committedMoreThanOnce());
            Faults.assertNoTransactionLeftOpen(db, "prefetch-timeout");
        } finally {
            TxControl.setDefaultTimeout(60);
        }
    }

    /** Paused, the worker gives back the rows it claimed ahead: another server takes them at once. */
    @ParameterizedTest
    @MethodSource("everyDatabaseAndHoldingForm")
    void theRowsAheadAreFreeAtOnceWhenTheSubscriptionPauses(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, 10);
        CountDownLatch inWork = new CountDownLatch(1);
        CountDownLatch go = new CountDownLatch(1);
        try (Harness first = Harness.start(); Harness second = Harness.start()) {
            Harness.Activation paused = first.activate(message -> {
                inWork.countDown();
                await(go);
                return Outcome.ack();
            }, prefetching(db, "prefetch-paused", table, form));
            assertTrue(inWork.await(30, TimeUnit.SECONDS), "the first row is in work");
            SubscriptionView view = InboxSubscriptions.find("prefetch-paused").orElseThrow();
            view.pause();
            go.countDown();
            Await.until("the paused worker is idle", Duration.ofSeconds(10), () -> view.snapshot().workersBusy() == 0);
            assertEquals(1, paused.log().committed().size(), "the row in work settled, no other");
            Harness.Activation other = second.activate(message -> Outcome.ack(), db.properties("prefetch-other", table,
                    form));
            Await.until("another server delivers the rows the paused one claimed ahead", Duration.ofSeconds(10),
                    () -> db.count("SELECT count(*) FROM " + table) == 0 && other.log().committed().size() == 9);
            assertEquals(1, paused.log().invoked().size(), "nothing delivered while paused");
        } finally {
            go.countDown();
        }
    }

    /**
     * A row ahead whose lease ran out while its heartbeat could not reach the database, and which
     * another server then claimed, is not handed to the listener here (its settlement could never
     * match): passed over once the heartbeat, running again, finds the lease lost; and, while the
     * heartbeat still cannot reach the database, because a lease written more than two thirds of
     * its length ago is confirmed by an extension first, with or without a container transaction.
     */
    @ParameterizedTest(name = "heartbeats resume: {0}, container transaction: {1}")
    @org.junit.jupiter.params.provider.CsvSource({"true, true", "false, true", "false, false"})
    void aRowAheadWhoseLeaseAnotherClaimTookIsNotDelivered(boolean heartbeatsResume, boolean transacted)
            throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = tables.inbox(db);
        db.insertRows(table, 5);
        long first = db.count("SELECT min(id) FROM " + table);
        CountDownLatch inWork = new CountDownLatch(1);
        CountDownLatch go = new CountDownLatch(1);
        Statement heartbeat = new PostgresDialect().extendLease(
                TableSpec.builder(table).lockedUntilColumn("locked_until").build());
        try (HeldBackStatements.Hold heartbeats = HeldBackStatements.hold(heartbeat);
                Harness server = Harness.start()) {
            Map<String, String> p = prefetching(db, "prefetch-lost-" + heartbeatsResume + "-" + transacted, table,
                    Form.LEASE);
            p.put("lease", "PT1S");
            p.put("dataSourceClass", HeldBackStatements.class.getName());
            Harness.Activation activation = server.activate(message -> {
                inWork.countDown();
                await(go);
                return Outcome.ack();
            }, p, transacted);
            assertTrue(inWork.await(30, TimeUnit.SECONDS), "the first row is in work");
            Thread.sleep(1200);
            // Another server's claim of the four rows ahead, their leases having run out unextended.
            assertEquals(4, db.count("WITH taken AS (UPDATE " + table + " SET locked_until = now() + interval '60 seconds'"
                    + " WHERE id <> " + first + " RETURNING 1) SELECT count(*) FROM taken"));
            if (heartbeatsResume) {
                heartbeats.close();
                Thread.sleep(1500); // the heartbeats run again (every third of the lease) and find those leases lost
            }
            go.countDown();
            Await.until("the first row is settled", LONG, () -> db.count("SELECT count(*) FROM " + table) == 4
                    && (!transacted || activation.log().committed().size() == 1));
            Thread.sleep(1000); // the worker's next turns: the rows ahead, and a claim that finds nothing
            assertEquals(List.of(first), activation.log().invoked(), "only the row whose lease held was delivered");
            if (heartbeatsResume) {
                assertEquals(List.of(), activation.log().rolledBack());
            } else {
                assertTrue(heartbeats.refusals() >= 4, "the heartbeats could not reach the database: "
                        + heartbeats.refusals());
            }
            assertEquals(4, db.count("SELECT count(*) FROM " + table + " WHERE locked_until > now() + interval '30 seconds'"),
                    "the other server's leases stand");
        }
    }

    /**
     * A worker that cannot deliver (no MDB instance free) gives back the rows it claimed ahead as
     * well as the one it failed to deliver, so that another server delivers them meanwhile.
     */
    @ParameterizedTest
    @MethodSource("everyDatabaseAndHoldingForm")
    void theRowsAheadAreGivenBackWhileTheWorkerCannotDeliver(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, 10);
        try (Harness refusing = Harness.start().refusingEndpoints(1000); Harness second = Harness.start()) {
            Map<String, String> p = prefetching(db, "prefetch-refused", table, form);
            // A worker in trouble waits 2 s, then 4: without giving the rows ahead back it would free one a turn.
            p.put("pollInterval", "PT2S");
            p.put("maxPollInterval", "PT10S");
            Harness.Activation refused = refusing.activate(message -> Outcome.ack(), p);
            Await.until("the first server is refused an MDB instance", LONG, () -> refused.log().refusedEndpoints() >= 1);
            Harness.Activation other = second.activate(message -> Outcome.ack(), db.properties("prefetch-beside", table,
                    form));
            // The harness logs a commit just after the database has it. Within 10 s: without the give-back the
            // refused server would have freed at most two rows by then (its turns come at about 2 s and 6 s).
            Await.until("the second server delivers every row", Duration.ofSeconds(10),
                    () -> db.count("SELECT count(*) FROM " + table) == 0 && other.log().committed().size() == 10);
            assertEquals(List.of(), refused.log().invoked());
        }
    }

    /**
     * An advisory row waiting ahead that is gone when its turn comes (deleted from outside) has its
     * lock let go, and the worker reads the next one at once, not after an idle wait.
     */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void anAdvisoryRowAheadThatIsGoneIsSkippedAndTheNextDeliveredAtOnce(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, 5);
        long first = db.count("SELECT min(id) FROM " + table);
        CountDownLatch inWork = new CountDownLatch(1);
        CountDownLatch go = new CountDownLatch(1);
        try (Harness server = Harness.start()) {
            Map<String, String> p = prefetching(db, "prefetch-gone", table, Form.ADVISORY);
            // An empty turn would wait 5 s: the rows behind the gone one must not.
            p.put("pollInterval", "PT5S");
            p.put("maxPollInterval", "PT10S");
            Harness.Activation activation = server.activate(message -> {
                if (((Number) message.id()).longValue() == first) {
                    inWork.countDown();
                    await(go);
                }
                return Outcome.ack();
            }, p);
            assertTrue(inWork.await(30, TimeUnit.SECONDS), "the first row is in work");
            db.execute("DELETE FROM " + table + " WHERE id = " + (first + 1));
            go.countDown();
            Await.until("the rows behind the gone one are delivered without an idle wait", Duration.ofSeconds(3),
                    () -> db.count("SELECT count(*) FROM " + table) == 0 && activation.log().committed().size() == 4);
            assertTrue(!activation.log().invoked().contains(first + 1), "the gone row was not delivered");
        } finally {
            go.countDown();
        }
    }

    private static Object transactionOfThisCall() {
        try {
            return Narayana.transactionManager().getTransaction();
        } catch (jakarta.transaction.SystemException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
