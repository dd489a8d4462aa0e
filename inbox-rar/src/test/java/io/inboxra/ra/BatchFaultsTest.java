package io.inboxra.ra;

import com.arjuna.ats.arjuna.coordinator.TxControl;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.EffectWriter;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Batches in every form under the transaction faults of
 * TransactionFaultsTest: a timeout rolling a batch back from the reaper's thread, and a prepare
 * that fails, each row's effect once and each failure counted once.
 */
class BatchFaultsTest {

    private static final Duration LONG = Duration.ofSeconds(60);

    private final TestTables tables = new TestTables();

    @AfterEach
    void cleanUp() throws SQLException {
        TxControl.setDefaultTimeout(60);
        Faults.rollBackPreparedBranchesOn(tables.on(TestDatabase.POSTGRES));
        tables.dropAll();
    }

    /** The reaper rolls a batch back while its first row's listener sleeps past the timeout. */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aBatchTimedOutByTheReaperSettlesNothingAndItsRowsComeBack(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        String effects = tables.effects(db);
        db.insertRows(table, 3);
        AtomicBoolean slept = new AtomicBoolean();
        TxControl.setDefaultTimeout(1);
        try (Harness server = Harness.start();
                EffectWriter mdb = new EffectWriter(db.xaDataSource(), effects, new HashSet<>(), message -> {
                    if (slept.compareAndSet(false, true)) {
                        Await.sleep(2500);
                    }
                })) {
            Map<String, String> p = db.properties("batch-timeout", table, form);
            p.put("batchSize", "3");
            Harness.Activation activation = server.activate(mdb, p);
            Await.until("every row is settled", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0);
            activation.deactivate();
            assertEquals(3, db.count("SELECT count(DISTINCT row_id) FROM " + effects), "every row's effect");
            assertEquals(3, db.count("SELECT count(*) FROM " + effects), "each effect once");
            assertEquals(Map.of(), activation.log().committedMoreThanOnce());
            Faults.assertNoTransactionLeftOpen(db, "batch-timeout");
        }
    }

    /** The MDB's branch fails its prepare for one row of a batch: the batch rolls back, the row is counted alone. */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aRowWhosePrepareFailsInABatchIsCountedAloneAndDeadLettered(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        String effects = tables.effects(TestDatabase.POSTGRES);
        String dead = tables.deadLetters(db);
        db.insertRows(table, 3);
        long poison = db.count("SELECT min(id) + 1 FROM " + table);
        Faults.failPrepareOfEffects(effects, "row_id = " + poison);
        List<Integer> attempts = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start().swallowingFailedCommits();
                EffectWriter mdb = new EffectWriter(TestDatabase.POSTGRES.xaDataSource(), effects, new HashSet<>(),
                        message -> {
                            if (((Number) message.id()).longValue() == poison) {
                                attempts.add(message.attempt());
                            }
                        })) {
            Map<String, String> p = db.properties("batch-prepare", table, form);
            p.put("batchSize", "3");
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("maxAttempts", "3");
            p.put("retryDelay", "PT0.1S");
            p.put("deadLetterTable", dead);
            Harness.Activation activation = server.activate(mdb, p);
            Await.until("the poison row is dead-lettered", LONG, () -> db.count("SELECT count(*) FROM " + dead) == 1);
            Await.until("the others are settled", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0);
            activation.deactivate();
            assertEquals(2, TestDatabase.POSTGRES.count("SELECT count(*) FROM " + effects), "the two good rows' effects");
            assertEquals(3, db.count("SELECT attempts FROM " + dead), "three counted attempts");
            assertEquals(List.of(1, 1, 2, 3), attempts, "the batch's attempt uncounted, then 1 to 3 alone");
            assertEquals(Map.of(), activation.log().committedMoreThanOnce());
        }
    }
}
