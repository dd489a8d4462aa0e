package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.harness.Await;
import io.inboxra.harness.EffectWriter;
import io.inboxra.harness.Harness;
import io.inboxra.harness.HeldBackStatements;
import io.inboxra.harness.Narayana;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.dialect.PostgresDialect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code prefetch}: the lease form at {@code batchSize} 1 claims several rows in one statement,
 * each leased, and delivers each in a transaction of its own; a row's failure is its own, and
 * the rows still ahead go back when the subscription stops.
 */
class LeasePrefetchTest {

    private static final Duration LONG = Duration.ofSeconds(60);

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    private static Map<String, String> prefetching(TestDatabase db, String name, String table) {
        Map<String, String> p = db.properties(name, table, Form.LEASE);
        p.put("prefetch", "5");
        p.put("lease", "PT60S");
        return p;
    }

    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void oneClaimLeasesFiveRowsAndEachIsDeliveredOnceInATransactionOfItsOwn(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        String effects = tables.effects(db);
        db.insertRows(table, 10);
        CountDownLatch firstHeld = new CountDownLatch(1);
        CountDownLatch go = new CountDownLatch(1);
        Set<String> transactions = ConcurrentHashMap.newKeySet();
        AtomicInteger calls = new AtomicInteger();
        try (Harness server = Harness.start();
                EffectWriter mdb = new EffectWriter(db.xaDataSource(), effects, new HashSet<>(), message -> {
                    transactions.add(String.valueOf(transactionOfThisCall()));
                    if (calls.incrementAndGet() == 1) {
                        firstHeld.countDown();
                        await(go);
                    }
                })) {
            Harness.Activation activation = server.activate(mdb, prefetching(db, "prefetched", table));
            assertTrue(firstHeld.await(30, TimeUnit.SECONDS), "the first row was delivered");
            assertEquals(5, db.count("SELECT count(*) FROM " + table + " WHERE locked_until IS NOT NULL"),
                    "one claim leased five rows: the one in work and four ahead");
            go.countDown();
            Await.until("every row is settled", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0
                    && activation.log().committed().size() == 10);
            assertEquals(10, transactions.size(), "each row in a transaction of its own");
            assertEquals(Map.of(), activation.log().committedMoreThanOnce());
            assertEquals(10, db.count("SELECT count(DISTINCT row_id) FROM " + effects));
            assertEquals(10, db.count("SELECT count(*) FROM " + effects), "each effect once");
        }
    }

    /** A row claimed ahead that fails is counted and comes back; the rows claimed with it go on. */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void aPrefetchedRowThatFailsIsCountedAndTheOthersAreDelivered(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, 5);
        long failing = db.count("SELECT min(id) FROM " + table) + 2;
        List<Integer> attemptsOfFailing = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = prefetching(db, "prefetch-fails", table);
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
            Await.until("every row is settled", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0);
            assertEquals(List.of(1, 2), attemptsOfFailing, "the failure was counted before the row came back");
            assertEquals(5, activation.log().committed().size());
            assertEquals(Map.of(), activation.log().committedMoreThanOnce());
            assertEquals(List.of(failing), activation.log().rolledBack());
        }
    }

    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void theRowsAheadAreFreeAtOnceWhenTheSubscriptionStops(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, 10);
        AtomicInteger started = new AtomicInteger();
        try (Harness server = Harness.start()) {
            Harness.Activation activation = server.activate(message -> {
                started.incrementAndGet();
                Await.sleep(500);
                return Outcome.ack();
            }, prefetching(db, "prefetch-stops", table));
            Await.until("the first row is in work", Duration.ofSeconds(30), () -> started.get() == 1);
            activation.deactivate();
            assertEquals(10 - started.get(), db.count("SELECT count(*) FROM " + table),
                    "the rows delivered settled, no other");
            assertEquals(0, db.count("SELECT count(*) FROM " + table + " WHERE locked_until IS NOT NULL"),
                    "the rows claimed ahead are free for another server at once");
        }
    }

    /**
     * A row ahead whose lease ran out while it waited, and which another server claimed, is that
     * server's: once the heartbeat finds the lease lost, the row is not handed to the listener
     * here (its settlement could never match).
     */
    @org.junit.jupiter.api.Test
    void aRowAheadWhoseLeaseAnotherClaimTookIsNotDelivered() throws Exception {
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
            Map<String, String> p = prefetching(db, "prefetch-lost", table);
            p.put("lease", "PT1S");
            p.put("dataSourceClass", HeldBackStatements.class.getName());
            Harness.Activation activation = server.activate(message -> {
                inWork.countDown();
                await(go);
                return Outcome.ack();
            }, p);
            assertTrue(inWork.await(30, TimeUnit.SECONDS), "the first row is in work");
            Thread.sleep(1200);
            // Another server's claim of the four rows ahead, their leases having run out unextended.
            assertEquals(4, db.count("WITH taken AS (UPDATE " + table + " SET locked_until = now() + interval '60 seconds'"
                    + " WHERE id <> " + first + " RETURNING 1) SELECT count(*) FROM taken"));
            heartbeats.close();
            Thread.sleep(1500); // the heartbeats run again (every third of the lease) and find those leases lost
            go.countDown();
            Await.until("the first row is settled", LONG, () -> activation.log().committed().size() == 1);
            Thread.sleep(500); // the worker's next turns: the rows ahead, and a claim that finds nothing
            assertEquals(List.of(first), activation.log().invoked(), "only the row whose lease held was delivered");
            assertEquals(List.of(), activation.log().rolledBack());
            assertEquals(4, db.count("SELECT count(*) FROM " + table + " WHERE locked_until > now() + interval '30 seconds'"),
                    "the other server's leases stand");
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
