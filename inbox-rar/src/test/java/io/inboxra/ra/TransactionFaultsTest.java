package io.inboxra.ra;

import com.arjuna.ats.arjuna.coordinator.TxControl;
import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.EffectWriter;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Narayana;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * When the transaction fails rather than the listener: a timeout rolled back by Narayana's
 * reaper from its own thread, a prepare that fails in the MDB's own branch (a deferred
 * constraint), a commit cut off between the phases. Nothing lost, nothing settled twice,
 * nothing looping hot, every failure counted before the row can be claimed again.
 */
class TransactionFaultsTest {

    private static final Duration LONG = Duration.ofSeconds(60);

    private final TestTables tables = new TestTables();

    @AfterEach
    void cleanUp() throws SQLException {
        TxControl.setDefaultTimeout(60);
        Faults.rollBackPreparedBranchesOn(tables.on(TestDatabase.POSTGRES));
        tables.dropAll();
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aTimeoutRolledBackByTheReaperSettlesNothingAndTheRowComesBack(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        String effects = tables.effects(db);
        db.insertRows(table, 3);
        Set<Object> slowOnce = ConcurrentHashMap.newKeySet();
        TxControl.setDefaultTimeout(1);
        try (Harness server = Harness.start();
                EffectWriter mdb = new EffectWriter(db.xaDataSource(), effects, new HashSet<>(), message -> {
                    if (slowOnce.add(message.id())) {
                        Await.sleep(2500); // past the timeout: the reaper rolls back while the handler runs
                    }
                })) {
            Harness.Activation activation = server.activate(mdb, db.properties("timeout", table, form));
            // The effect's branch commits after the settlement's: the log's commit comes after both.
            Await.until("every row is settled", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0
                    && activation.log().committed().size() >= 3);
            assertEquals(3, db.count("SELECT count(DISTINCT row_id) FROM " + effects), "every row's effect");
            assertEquals(3, db.count("SELECT count(*) FROM " + effects), "each effect once: the timed-out ones rolled back");
            assertEquals(6, activation.log().invoked().size(), "each row delivered twice: timed out, then settled");
            assertEquals(Map.of(), activation.log().committedMoreThanOnce());
            Faults.assertNoTransactionLeftOpen(db, "timeout");
        }
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aTimedOutDeliveryIsCountedAndTheWorkerAndItsConnectionStayUsable(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, 1);
        long id = db.count("SELECT id FROM " + table);
        List<Integer> attempts = new CopyOnWriteArrayList<>();
        TxControl.setDefaultTimeout(1);
        try (Harness server = Harness.start()) {
            Map<String, String> p = db.properties("timeout-counted", table, form);
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("retryDelay", "PT0.1S");
            Harness.Activation activation = server.activate(message -> {
                attempts.add(message.attempt());
                if (message.attempt() == 1 && attempts.size() == 1) {
                    Await.sleep(2500); // the first row's first delivery only: the later rows show the worker goes on
                }
                return Outcome.ack();
            }, p);
            Await.until("the row is settled", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0);
            assertEquals(List.of(1, 2), attempts, "the timed-out delivery was counted before the next one");
            db.insertRows(table, 5);
            Await.until("later rows are delivered on the same worker", LONG,
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
            assertEquals(Map.of(), activation.log().committedMoreThanOnce());
            assertEquals(1L, activation.log().committedCounts().get(id), "the row's delivery committed once");
            Faults.assertNoTransactionLeftOpen(db, "timeout-counted");
        }
    }

    /** Payara's behaviour: the container logs a failed commit and returns from afterDelivery. */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aCommitThatAlwaysFailsIsDeliveredAtMostOncePerPollIntervalPerWorker(TestDatabase db, Form form) throws Exception {
        // The inbox on either database; the MDB's own branch on PostgreSQL, whose deferred check fails its prepare.
        String table = tables.inbox(db);
        String effects = tables.effects(TestDatabase.POSTGRES);
        Faults.failPrepareOfEffects(effects, "row_id > 0");
        db.insertRows(table, 1);
        try (Harness server = Harness.start().swallowingFailedCommits();
                EffectWriter mdb = new EffectWriter(TestDatabase.POSTGRES.xaDataSource(), effects, new HashSet<>())) {
            Map<String, String> p = db.properties("failing-commit", table, form);
            p.put("workers", "2");
            p.put("pollInterval", "PT0.2S");
            p.put("maxPollInterval", "PT0.2S");
            Harness.Activation activation = server.activate(mdb, p);
            Await.until("the first deliveries", LONG, () -> activation.log().invoked().size() >= 2);
            Instant from = Instant.now();
            int before = activation.log().invoked().size();
            // Timed over a count of deliveries, not a count over a fixed time: a slow machine cannot hide a hot loop.
            // Six: more than the bound's slack of four, so that six at once fail it (the row's backoff makes about one a second).
            Await.until("six more deliveries", LONG, () -> activation.log().invoked().size() >= before + 6);
            double seconds = Duration.between(from, Instant.now()).toMillis() / 1000.0;
            int deliveries = activation.log().invoked().size() - before;
            // 2 workers, one delivery per 0.2 s each at most, and one in flight each at either end.
            assertTrue(deliveries <= 2 * (seconds / 0.2) + 4, deliveries + " deliveries in " + seconds + " s: a hot loop");
            assertEquals(1, db.count("SELECT count(*) FROM " + table), "the row stays");
            assertEquals(0, TestDatabase.POSTGRES.count("SELECT count(*) FROM " + effects), "no effect committed");
        }
    }

    /** The adapter's branch prepares first, then the MDB's fails: the prepared branch rolls back with the failure counted. */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aPrepareThatFailsIsCountedBeforeTheRowCanBeClaimedAgainThenDeadLettered(TestDatabase db, Form form) throws Exception {
        // The inbox on either database; the MDB's own branch on PostgreSQL, whose deferred check fails its prepare.
        String table = tables.inbox(db);
        String effects = tables.effects(TestDatabase.POSTGRES);
        String dead = tables.deadLetters(db);
        Faults.failPrepareOfEffects(effects, "row_id > 0");
        db.insertRows(table, 1);
        List<Integer> attempts = new CopyOnWriteArrayList<>();
        List<Instant> times = new CopyOnWriteArrayList<>();
        try (Harness one = Harness.start().swallowingFailedCommits(); Harness two = Harness.start().swallowingFailedCommits();
                EffectWriter mdb = new EffectWriter(TestDatabase.POSTGRES.xaDataSource(), effects, new HashSet<>(), message -> {
                    attempts.add(message.attempt());
                    times.add(Instant.now());
                })) {
            Map<String, String> p = db.properties("failing-prepare", table, form);
            p.put("workers", "4");
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("maxAttempts", "3");
            p.put("retryDelay", "PT0.5S");
            p.put("deadLetterTable", dead);
            Harness.Activation first = one.activate(mdb, p);
            Harness.Activation second = two.activate(mdb, p);
            Await.until("the row is dead-lettered", LONG, () -> db.count("SELECT count(*) FROM " + dead) == 1);
            // The row has left the inbox, so no claim can take it; the deactivations let deliveries in work end.
            first.deactivate();
            second.deactivate();
            assertEquals(List.of(1, 2, 3), attempts, "each failed commit counted before the next delivery");
            assertTrue(Duration.between(times.get(0), times.get(1)).toMillis() >= 450, "the first backoff held: " + times);
            assertTrue(Duration.between(times.get(1), times.get(2)).toMillis() >= 950, "the second backoff held: " + times);
            assertEquals(0, db.count("SELECT count(*) FROM " + table), "the row left the inbox");
            assertEquals(3, db.count("SELECT attempts FROM " + dead), "with its three attempts");
            assertEquals(0, TestDatabase.POSTGRES.count("SELECT count(*) FROM " + effects));
        }
    }

    /** The adapter's connection dies after its branch prepared: its commit is finished from a new connection. */
    @ParameterizedTest
    @EnumSource(Form.class)
    void aSecondPhaseCommitCutOffFromItsConnectionIsFinishedOnAFreshOne(Form form) throws Exception {
        cutOffBetweenThePhases(form, "cut-off", false);
    }

    /**
     * The adapter's connection dies after its branch prepared, and the transaction rolls back (a later
     * resource votes no): the rollback is finished from a new connection, the row comes back and is
     * delivered again, and its effect commits once.
     */
    @ParameterizedTest
    @EnumSource(Form.class)
    void aSecondPhaseRollbackCutOffFromItsConnectionIsFinishedOnAFreshOne(Form form) throws Exception {
        cutOffBetweenThePhases(form, "cut-off-rollback", true);
    }

    /**
     * Rows 1, 3 and 5 each have, on their first delivery, a resource of the test's enlisted after the
     * adapter's branch, whose prepare kills the adapter's connections and then votes yes or no.
     */
    private void cutOffBetweenThePhases(Form form, String subscription, boolean voteNo) throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = tables.inbox(db);
        String effects = tables.effects(db);
        db.insertRows(table, 5);
        AtomicInteger killed = new AtomicInteger();
        XAResource killer = new KillAtPrepare(() -> {
            try {
                killed.addAndGet((int) db.killAdapterConnections(subscription));
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }, voteNo);
        Set<Long> cutOff = ConcurrentHashMap.newKeySet();
        try (Harness server = Harness.start();
                EffectWriter mdb = new EffectWriter(db.xaDataSource(), effects, new HashSet<>(), message -> {
                    long id = ((Number) message.id()).longValue();
                    try {
                        if (id % 2 == 1 && cutOff.add(id)) {
                            Narayana.transactionManager().getTransaction().enlistResource(killer);
                        }
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                })) {
            Harness.Activation activation = server.activate(mdb, db.properties(subscription, table, form));
            Await.until("every row is settled", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0
                    && activation.log().committed().size() >= 5);
            assertTrue(killed.get() >= 1, "the adapter's connections were killed between the phases");
            assertEquals(3, cutOff.size(), "rows 1, 3 and 5 cut off once each");
            assertEquals(5, db.count("SELECT count(*) FROM " + effects), "each row's effect once");
            assertEquals(5, db.count("SELECT count(DISTINCT row_id) FROM " + effects));
            assertEquals(voteNo ? 8 : 5, activation.log().invoked().size(),
                    voteNo ? "the three rolled back delivered again, once" : "no row delivered again");
            assertEquals(List.of(), Faults.preparedBranchesOn(tables.on(db)), "nothing left in doubt");
        }
    }

    /**
     * A resource of the test's whose prepare kills the adapter's backends: after the adapter's branch
     * prepared. It then votes to roll back ({@code XA_RBROLLBACK}) or takes no part ({@code XA_RDONLY}).
     */
    private record KillAtPrepare(Runnable kill, boolean voteNo) implements XAResource {
        @Override
        public int prepare(Xid xid) throws XAException {
            kill.run();
            if (voteNo) {
                throw new XAException(XAException.XA_RBROLLBACK);
            }
            return XA_RDONLY;
        }

        @Override
        public void commit(Xid xid, boolean onePhase) {
        }

        @Override
        public void rollback(Xid xid) {
        }

        @Override
        public void start(Xid xid, int flags) {
        }

        @Override
        public void end(Xid xid, int flags) {
        }

        @Override
        public void forget(Xid xid) {
        }

        @Override
        public Xid[] recover(int flag) {
            return new Xid[0];
        }

        @Override
        public boolean isSameRM(XAResource other) {
            return other == this;
        }

        @Override
        public int getTransactionTimeout() {
            return 0;
        }

        @Override
        public boolean setTransactionTimeout(int seconds) {
            return false;
        }
    }

}
