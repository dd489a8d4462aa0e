package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The age of the oldest open claim transaction, the gauge an operator watches for what holds back
 * vacuum: in the row lock form it grows while the MDB runs and is gone once the delivery commits,
 * and past {@code claimTransactionWarning} one warning names the subscription and the fix. The
 * lease form claims in a transaction of its own, committed before the MDB runs: no gauge, no warning.
 */
class ClaimTransactionAgeTest {

    private static final Logger WATCH_LOG = Logger.getLogger("io.inboxra.ra.subscription.ClaimTransactionWatch");

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void aLongRowLockDeliveryShowsItsAgeAndIsWarnedOfOnce(TestDatabase db) throws Exception {
        List<String> warnings = watch(() -> {
            String table = tables.inbox(db);
            String name = "claim-age-" + db;
            Map<String, String> p = DeliveryTest.properties(db, Form.ROW_LOCK, name, table);
            p.put("claimTransactionWarning", "PT1S");
            CountDownLatch inListener = new CountDownLatch(1);
            CountDownLatch letGo = new CountDownLatch(1);
            try (Harness server = Harness.start()) {
                Harness.Activation mdb = server.activate(message -> {
                    inListener.countDown();
                    await(letGo);
                    return Outcome.ack();
                }, p);
                SubscriptionView view = InboxSubscriptions.find(name).orElseThrow();
                long id = db.insertMarker(table, "payload", "'slow'");
                assertTrue(inListener.await(20, TimeUnit.SECONDS), "the row reaches the MDB");
                Await.until("the gauge passes the bound", Duration.ofSeconds(10), () -> view.snapshot()
                        .oldestClaimTransaction().filter(age -> age.toMillis() > 2500).isPresent());
                letGo.countDown();
                Await.until("the row is delivered", Duration.ofSeconds(20), () -> mdb.log().hasCommitted(id));
                Await.until("the gauge is empty once the transaction committed", Duration.ofSeconds(5),
                        () -> view.snapshot().oldestClaimTransaction().isEmpty());
                assertEquals(Map.of(), mdb.log().committedMoreThanOnce(), db + ": a row settled twice");
            }
        });
        assertEquals(1, warnings.size(), db + ": one warning for the one long transaction: " + warnings);
        String warning = warnings.get(0);
        assertTrue(warning.contains("'claim-age-" + db + "'") && warning.contains("claimTransactionWarning (PT1S)")
                && warning.contains("lease form"), "the warning names the subscription, the property and the fix: "
                + warning);
    }

    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void aLeaseDeliveryHoldsNoClaimTransactionWhileTheMdbRuns(TestDatabase db) throws Exception {
        List<String> warnings = watch(() -> {
            String table = tables.inbox(db);
            String name = "claim-age-lease-" + db;
            Map<String, String> p = DeliveryTest.properties(db, Form.LEASE, name, table);
            p.put("claimTransactionWarning", "PT1S");
            CountDownLatch inListener = new CountDownLatch(1);
            CountDownLatch letGo = new CountDownLatch(1);
            try (Harness server = Harness.start()) {
                Harness.Activation mdb = server.activate(message -> {
                    inListener.countDown();
                    await(letGo);
                    return Outcome.ack();
                }, p);
                SubscriptionView view = InboxSubscriptions.find(name).orElseThrow();
                long id = db.insertMarker(table, "payload", "'slow'");
                assertTrue(inListener.await(20, TimeUnit.SECONDS), "the row reaches the MDB");
                Thread.sleep(2500);
                assertTrue(view.snapshot().oldestClaimTransaction().isEmpty(),
                        db + ": no claim transaction open while a lease MDB runs");
                letGo.countDown();
                Await.until("the row is delivered", Duration.ofSeconds(20), () -> mdb.log().hasCommitted(id));
            }
        });
        assertEquals(List.of(), warnings, db + ": the lease form is not warned of");
    }

    private interface Run {
        void run() throws Exception;
    }

    /** @return the watch's warnings while {@code run} ran */
    private static List<String> watch(Run run) throws Exception {
        List<String> warnings = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                    warnings.add(record.getMessage());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        WATCH_LOG.addHandler(capture);
        try {
            run.run();
        } finally {
            WATCH_LOG.removeHandler(capture);
        }
        return warnings;
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never let the MDB go");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
