package io.inboxra.ra;

import io.inboxra.InboxListener;
import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.EffectWriter;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Postgres;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionSnapshot;
import io.inboxra.operations.SubscriptionState;
import io.inboxra.operations.SubscriptionView;
import jakarta.resource.ResourceException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code pauseAfterFailures} (issue 26, point 3): a downstream that is down makes every delivery
 * fail; after N in a row the subscription pauses itself, says why with the last error, stops
 * calling the MDB (the rows keep their attempts), and delivers every row once when an operator
 * resumes it, or by itself after {@code resumeAfter}.
 */
class PauseAfterFailuresTest {

    private static final int ROWS = 20;
    private static final Duration LONG = Duration.ofSeconds(60);

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    private static SubscriptionView view(String name) {
        return InboxSubscriptions.find(name).orElseThrow(() -> new AssertionError("no subscription " + name));
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void failuresInARowPauseTheSubscriptionUntilAnOperatorResumesIt(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, ROWS);
        AtomicBoolean downstreamDown = new AtomicBoolean(true);
        AtomicInteger calls = new AtomicInteger();
        String name = "pause-after-failures-" + form.name().toLowerCase().replace('_', '-');
        InboxListener mdb = message -> {
            calls.incrementAndGet();
            if (downstreamDown.get()) {
                throw new IllegalStateException("the payment service does not answer");
            }
            return Outcome.ack();
        };
        Map<String, String> p = db.properties(name, table, form);
        p.put("workers", "2");
        p.put("pollInterval", "PT0.1S");
        p.put("maxPollInterval", "PT1S");
        p.put("pauseAfterFailures", "3");
        try (Harness server = Harness.start()) {
            Harness.Activation activation = server.activate(mdb, p);
            SubscriptionView view = view(name);
            Await.until("paused by itself", LONG, () -> view.snapshot().state() == SubscriptionState.PAUSED
                    && view.snapshot().workersBusy() == 0);
            SubscriptionSnapshot s = view.snapshot();
            String why = s.pausedBecause().orElseThrow();
            assertTrue(why.contains("failed deliveries in a row (pauseAfterFailures=3)"), why);
            assertTrue(why.contains("the payment service does not answer"), "the last error: " + why);
            MBeanServer mbeans = ManagementFactory.getPlatformMBeanServer();
            ObjectName bean = new ObjectName("io.inboxra:type=Subscription,name=" + name);
            assertEquals("PAUSED", mbeans.getAttribute(bean, "State"));
            assertEquals(why, mbeans.getAttribute(bean, "PausedBecause"));

            // Paused: the MDB is called no more, so the rows keep their attempts.
            int atPause = calls.get();
            assertTrue(atPause >= 3 && atPause <= 3 + 2, "3 failures, and at most one more per worker in flight: "
                    + atPause);
            Await.sleep(1500);
            assertEquals(atPause, calls.get(), "no delivery while paused");
            assertEquals(ROWS, db.count("SELECT count(*) FROM " + table), "every row still there");

            downstreamDown.set(false);
            view.resume();
            Await.until("every row delivered", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0
                    && activation.log().committed().size() >= ROWS);
            assertEquals(Map.of(), activation.log().committedMoreThanOnce(), "no row delivered twice");
            assertEquals(ROWS, activation.log().committed().size(), "every row once");
            assertEquals(SubscriptionState.RUNNING, view.snapshot().state());
            assertEquals(java.util.Optional.empty(), view.snapshot().pausedBecause(), "the reason went with the pause");
            assertEquals("", mbeans.getAttribute(bean, "PausedBecause"));
        }
    }

    /** With {@code resumeAfter} the pause ends by itself; a downstream that came back gets every row. */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aPauseOfItsOwnEndsByItselfAfterResumeAfter(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, ROWS);
        AtomicInteger failuresLeft = new AtomicInteger(2);
        String name = "resume-after-" + form.name().toLowerCase().replace('_', '-');
        InboxListener mdb = message -> {
            if (failuresLeft.getAndDecrement() > 0) {
                throw new IllegalStateException("the payment service does not answer");
            }
            return Outcome.ack();
        };
        Map<String, String> p = db.properties(name, table, form);
        p.put("workers", "1");
        p.put("pollInterval", "PT0.1S");
        p.put("maxPollInterval", "PT0.5S");
        p.put("pauseAfterFailures", "2");
        p.put("resumeAfter", "PT2S");
        try (Harness server = Harness.start()) {
            Harness.Activation activation = server.activate(mdb, p);
            SubscriptionView view = view(name);
            Await.until("paused by itself", LONG, () -> view.snapshot().pausedBecause().isPresent());
            long paused = System.nanoTime();
            Await.until("every row delivered", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0
                    && activation.log().committed().size() >= ROWS);
            double seconds = (System.nanoTime() - paused) / 1e9;
            assertTrue(seconds >= 1.5, "resumed after resumeAfter, not before: " + seconds + " s");
            assertEquals(Map.of(), activation.log().committedMoreThanOnce(), "no row delivered twice");
            assertEquals(ROWS, activation.log().committed().size(), "every row once");
            assertEquals(SubscriptionState.RUNNING, view.snapshot().state());
        }
    }

    /**
     * The downstream refuses at commit, not in the listener: the MDB's own branch fails its
     * prepare (a deferred check), and the container swallows the failed commit as Payara does.
     * Those are failed deliveries too: after N in a row it pauses; once the check is gone and an
     * operator resumes, every row is delivered once with its effect.
     */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void commitsThatFailAtPrepareCountTowardThePause(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        String effects = tables.effects(TestDatabase.POSTGRES);
        Faults.failPrepareOfEffects(effects, "row_id > 0");
        db.insertRows(table, ROWS);
        String name = "pause-failed-prepare-" + form.name().toLowerCase().replace('_', '-');
        Map<String, String> p = db.properties(name, table, form);
        p.put("workers", "2");
        p.put("pollInterval", "PT0.1S");
        p.put("maxPollInterval", "PT1S");
        p.put("pauseAfterFailures", "3");
        try (Harness server = Harness.start().swallowingFailedCommits();
                EffectWriter mdb = new EffectWriter(TestDatabase.POSTGRES.xaDataSource(), effects, new HashSet<>())) {
            Harness.Activation activation = server.activate(mdb, p);
            SubscriptionView view = view(name);
            Await.until("paused by itself", LONG, () -> view.snapshot().state() == SubscriptionState.PAUSED
                    && view.snapshot().workersBusy() == 0);
            String why = view.snapshot().pausedBecause().orElseThrow();
            assertTrue(why.contains("failed deliveries in a row (pauseAfterFailures=3)"), why);
            assertTrue(why.contains("did not commit"), "the last error says the commit failed: " + why);
            int atPause = activation.log().invoked().size();
            Await.sleep(1500);
            assertEquals(atPause, activation.log().invoked().size(), "no delivery while paused");
            assertEquals(0, TestDatabase.POSTGRES.count("SELECT count(*) FROM " + effects), "no effect committed");

            Postgres.execute("DROP TRIGGER " + effects + "_check ON " + effects);
            view.resume();
            Await.until("every row delivered", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0
                    && TestDatabase.POSTGRES.count("SELECT count(*) FROM " + effects) == ROWS);
            assertEquals(ROWS, TestDatabase.POSTGRES.count("SELECT count(DISTINCT row_id) FROM " + effects),
                    "each row's effect once");
            assertEquals(SubscriptionState.RUNNING, view.snapshot().state());
        }
    }

    /** A delivery that succeeds ends the streak: failures that are not in a row never pause it. */
    @Test
    void failuresThatAreNotInARowNeverPauseIt() throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = tables.inbox(db);
        db.insertRows(table, ROWS);
        AtomicInteger calls = new AtomicInteger();
        String name = "pause-not-in-a-row";
        // One worker: the deliveries come one after the other, every other one fails.
        InboxListener mdb = message -> {
            if (calls.incrementAndGet() % 2 == 1) {
                throw new IllegalStateException("every other call fails");
            }
            return Outcome.ack();
        };
        Map<String, String> p = db.properties(name, table, Form.ROW_LOCK);
        p.put("pollInterval", "PT0.1S");
        p.put("maxPollInterval", "PT0.5S");
        p.put("pauseAfterFailures", "2");
        try (Harness server = Harness.start()) {
            Harness.Activation activation = server.activate(mdb, p);
            SubscriptionView view = view(name);
            Await.until("every row delivered", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0
                    && activation.log().committed().size() >= ROWS);
            assertTrue(view.snapshot().failed() >= ROWS - 1, "about as many failures as rows: " + view.snapshot());
            assertEquals(SubscriptionState.RUNNING, view.snapshot().state(), "never paused");
            assertEquals(ROWS, activation.log().committed().size(), "every row once");
        }
    }

    @Test
    void resumeAfterWithoutPauseAfterFailuresIsRefusedNamingBoth() throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = tables.inbox(db);
        Map<String, String> p = db.properties("resume-alone", table, Form.ROW_LOCK);
        p.put("resumeAfter", "PT1M");
        try (Harness server = Harness.start()) {
            ResourceException e = assertThrows(ResourceException.class, () -> server.activate(m -> Outcome.ack(), p));
            assertTrue(e.getMessage().contains("Property 'resumeAfter' is 'PT1M' but 'pauseAfterFailures' is not set"),
                    e.getMessage());
        }
    }
}
