package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.EffectWriter;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.operations.Backlog;
import io.inboxra.operations.DeadLetter;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionSnapshot;
import io.inboxra.operations.SubscriptionState;
import io.inboxra.operations.SubscriptionView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.management.ManagementFactory;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import javax.management.MBeanServer;
import javax.management.ObjectName;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What operators see and do (issue 14, part 1): counters, pause and resume, requeue and discard, the MBean. */
class OperatingTest {

    private static final Duration LONG = Duration.ofSeconds(60);

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        Faults.rollBackPreparedBranchesOn(tables.on(TestDatabase.POSTGRES));
        tables.dropAll();
    }

    static Stream<Arguments> everyDatabaseAndDeadLetterStyle() {
        return Stream.of(TestDatabase.values())
                .flatMap(db -> Stream.of("deadLetterTable", "deadAtColumn").map(style -> Arguments.of(db, style)));
    }

    private static SubscriptionView view(String name) {
        return InboxSubscriptions.find(name).orElseThrow(() -> new AssertionError("no subscription " + name));
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void theCountersAfterARunWithFailuresRetriesAndDeadLettersAreExactAndTheMBeanShowsThem(TestDatabase db, Form form)
            throws Exception {
        String table = tables.inbox(db);
        String dead = tables.deadLetters(db);
        db.insertRows(table, 10);
        db.execute("INSERT INTO " + table + " (payload) VALUES ('poison'), ('retry once'), ('dead')");
        AtomicBoolean retried = new AtomicBoolean();
        String name = "counters-" + form;
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(db, form, name, table);
            p.put("workers", "2");
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("maxAttempts", "3");
            p.put("retryDelay", "PT0.1S");
            p.put("maxRetryDelay", "PT0.2S");
            p.put("deadLetterTable", dead);
            server.activate(message -> switch (message.text()) {
                case "poison" -> throw new IllegalArgumentException("cannot parse invoice " + message.id());
                case "retry once" -> retried.getAndSet(true) ? Outcome.ack() : Outcome.retry(Duration.ofMillis(100));
                case "dead" -> Outcome.deadLetter("unknown customer");
                default -> Outcome.ack();
            }, p);
            Await.until("the poison row and the dead one are dead letters, the rest settled", LONG,
                    () -> db.count("SELECT count(*) FROM " + dead) == 2 && db.count("SELECT count(*) FROM " + table) == 0);
            SubscriptionView view = view(name);
            // The counters count after each transaction's end, a moment after the table shows it; a failure's record
            // is counted as its branch rolls back (dead-lettered, retried), the failure itself once afterDelivery returns.
            // At least: one past what is expected fails below, by name, rather than as a wait that never ends.
            Await.until("the last delivery and the last failure are counted", Duration.ofSeconds(10), () -> {
                SubscriptionSnapshot now = view.snapshot();
                return now.delivered() >= 11 && now.deadLettered() >= 2 && now.failed() >= 3 && now.retried() >= 3;
            });
            SubscriptionSnapshot s = view.snapshot();
            assertEquals(11, s.delivered(), "ten rows and the retried one acknowledged");
            assertEquals(3, s.failed(), "the poison row, maxAttempts times");
            assertEquals(3, s.retried(), "the poison row twice by its failures' records, the retried row once");
            assertEquals(2, s.deadLettered(), "the poison row at maxAttempts, the dead one by the listener");
            assertEquals(0, s.commitFailures());
            assertEquals(13, s.recentRate(), "every committed delivery of the last minute");
            assertEquals(SubscriptionState.RUNNING, s.state());
            assertEquals(form.name(), s.form());
            assertEquals(2, s.workers());
            assertTrue(s.lastError().orElseThrow().contains("cannot parse invoice"), s.lastError().toString());
            assertTrue(s.lastErrorAt().isPresent());
            Backlog backlog = view.backlog();
            assertEquals(0, backlog.claimable());
            assertEquals(2, backlog.deadLetters().orElseThrow());
            assertEquals(form == Form.LEASE, backlog.inWork().isPresent(), "rows in work show only as leases");

            MBeanServer mbeans = ManagementFactory.getPlatformMBeanServer();
            ObjectName bean = new ObjectName("io.inboxra:type=Subscription,name=" + name);
            assertEquals(11L, mbeans.getAttribute(bean, "Delivered"));
            assertEquals(3L, mbeans.getAttribute(bean, "Failed"));
            assertEquals(3L, mbeans.getAttribute(bean, "Retried"));
            assertEquals(2L, mbeans.getAttribute(bean, "DeadLettered"));
            assertEquals(0L, mbeans.getAttribute(bean, "CommitFailures"));
            assertEquals(2L, mbeans.getAttribute(bean, "DeadLetters"));
            assertEquals(0L, mbeans.getAttribute(bean, "Claimable"));
            assertEquals("RUNNING", mbeans.getAttribute(bean, "State"));
        }
    }

    /** The MDB's own branch fails its prepare every time: settled deliveries whose transaction did not commit. */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aSettledDeliveryWhoseTransactionDoesNotCommitCountsAsACommitFailure(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        String effects = tables.effects(TestDatabase.POSTGRES);
        String dead = tables.deadLetters(db);
        Faults.failPrepareOfEffects(effects, "row_id > 0");
        db.insertRows(table, 1);
        String name = "commit-failures-" + form;
        try (Harness server = Harness.start().swallowingFailedCommits();
                EffectWriter mdb = new EffectWriter(TestDatabase.POSTGRES.xaDataSource(), effects, new HashSet<>())) {
            Map<String, String> p = DeliveryTest.properties(db, form, name, table);
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("maxAttempts", "3");
            p.put("retryDelay", "PT0.1S");
            p.put("deadLetterTable", dead);
            server.activate(mdb, p);
            Await.until("the row is dead-lettered", LONG, () -> db.count("SELECT count(*) FROM " + dead) == 1);
            SubscriptionView view = view(name);
            // The dead letter is written inside the last transaction's rollback; its commit failure is
            // counted once afterDelivery has returned, a moment later.
            Await.until("the last failure is counted", Duration.ofSeconds(10), () -> view.snapshot().deadLettered() == 1
                    && view.snapshot().failed() == 3);
            SubscriptionSnapshot s = view.snapshot();
            assertEquals(3, s.commitFailures(), "each delivery settled, none committed");
            assertEquals(3, s.failed());
            assertEquals(0, s.delivered());
            assertEquals(2, s.retried(), "the first two failures' records");
            assertEquals(1, s.deadLettered(), "the third, at maxAttempts");
            assertEquals(0, s.recentRate(), "nothing committed");
        }
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void pauseStopsClaimingWithinOnePollAndResumeRestartsIt(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, 5);
        String name = "pause-" + form;
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(db, form, name, table);
            p.put("workers", "3");
            p.put("dueColumn", "due_at");
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            Await.until("the first rows are delivered", LONG, () -> mdb.log().committed().size() == 5);
            SubscriptionView view = view(name);
            view.pause();
            Await.until("paused, every worker idle", Duration.ofSeconds(5), () -> view.snapshot().state()
                    == SubscriptionState.PAUSED && view.snapshot().workersBusy() == 0);
            db.insertRows(table, 5);
            db.execute("INSERT INTO " + table + " (payload, due_at) VALUES ('late', " + db.minutesAgo("2") + ")");
            // Ten polls at the longest wait: a worker that still claimed would have taken them.
            Await.sleep(2000);
            assertEquals(5, mdb.log().invoked().size(), "nothing claimed while paused");
            assertEquals(6, db.count("SELECT count(*) FROM " + table + " WHERE locked_until IS NULL"),
                    "the rows are untouched");
            Backlog backlog = view.backlog();
            assertEquals(6, backlog.claimable());
            Duration lag = backlog.lag().orElseThrow();
            assertTrue(lag.compareTo(Duration.ofSeconds(110)) > 0 && lag.compareTo(Duration.ofMinutes(5)) < 0,
                    "the lag of a row due two minutes ago: " + lag);
            long resumed = System.nanoTime();
            view.resume();
            Await.until("the rows inserted while paused are delivered", LONG, () -> mdb.log().committed().size() == 11);
            Duration took = Duration.ofNanos(System.nanoTime() - resumed);
            assertTrue(took.compareTo(Duration.ofSeconds(3)) < 0, "claiming restarted after " + took);
            assertEquals(SubscriptionState.RUNNING, view.snapshot().state());
            Await.until("counted", Duration.ofSeconds(10), () -> view.snapshot().delivered() == 11);
        }
    }

    @ParameterizedTest
    @MethodSource("everyDatabaseAndDeadLetterStyle")
    void deadLettersAreRequeuedByIdAndAllAndDiscardedByAge(TestDatabase db, String style) throws Exception {
        String table = tables.inbox(db);
        boolean deadTable = style.equals("deadLetterTable");
        String deadLetters = deadTable ? tables.deadLetters(db) : null;
        if (!deadTable) {
            db.execute("ALTER TABLE " + table + " ADD COLUMN dead_at " + db.timestamp());
        }
        db.execute("INSERT INTO " + table + " (queue, payload) VALUES ('billing', 'a'), ('billing', 'b'),"
                + " ('billing', 'c'), ('billing', 'd'), ('other', 'not ours')");
        String name = "requeue-" + style;
        AtomicBoolean poisonous = new AtomicBoolean(true);
        List<String> acked = new CopyOnWriteArrayList<>();
        List<Integer> ackedAttempts = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(db, Form.ROW_LOCK, name, table);
            p.put("queueColumn", "queue");
            p.put("queue", "billing");
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put(style, deadTable ? deadLetters : "dead_at");
            server.activate(message -> {
                if (poisonous.get()) {
                    return Outcome.deadLetter("not yet");
                }
                acked.add(message.text());
                ackedAttempts.add(message.attempt());
                return Outcome.ack();
            }, p);
            SubscriptionView view = view(name);
            Await.until("four dead letters", LONG, () -> view.backlog().deadLetters().orElseThrow() == 4);
            String dead = deadTable ? deadLetters : table + " WHERE dead_at IS NOT NULL AND 1 = 1";
            String where = deadTable ? " WHERE " : " AND ";
            long a = db.count("SELECT id FROM " + dead + where + "payload = 'a'");
            long b = db.count("SELECT id FROM " + dead + where + "payload = 'b'");

            String deadAt = (deadTable ? deadLetters : table) + " SET dead_at = ";
            for (String[] when : new String[][] {{"a", "4"}, {"b", "3"}, {"c", "2"}, {"d", "1"}}) {
                db.execute("UPDATE " + deadAt + db.minutesAgo(when[1]) + " WHERE payload = '" + when[0] + "'");
            }
            List<DeadLetter> letters = view.deadLetters(10);
            assertEquals(List.of("d", "c", "b", "a"), letters.stream().map(DeadLetter::payload).toList(),
                    "the queue's four dead letters, newest first, another queue's row not among them");
            DeadLetter letterA = letters.stream().filter(l -> l.payload().equals("a")).findFirst().orElseThrow();
            assertEquals(String.valueOf(a), letterA.id());
            assertEquals(1, letterA.attempts().orElseThrow(), "dead-lettered at the first delivery");
            assertEquals(deadTable ? Optional.of("not yet") : Optional.empty(), letterA.reason(),
                    "the listener's reason, where the style keeps one");
            assertTrue(letterA.deadAt().isPresent());
            assertEquals(List.of("d", "c"), view.deadLetters(2).stream().map(DeadLetter::payload).toList(),
                    "at most as many as asked for, the newest");
            poisonous.set(false);

            assertEquals(1, view.requeue(List.of(String.valueOf(a), "999999999")), "only the dead letter asked for");
            Await.until("the requeued row is delivered", LONG, () -> acked.equals(List.of("a")));
            assertEquals(3, view.backlog().deadLetters().orElseThrow());

            assertEquals(0, view.discardOlderThan(Duration.ofHours(1)), "none is an hour old");
            db.execute("UPDATE " + (deadTable ? deadLetters : table) + " SET dead_at = " + db.minutesAgo("120")
                    + " WHERE id = " + b);
            assertEquals(1, view.discardOlderThan(Duration.ofHours(1)), "the one of two hours ago");
            assertEquals(2, view.backlog().deadLetters().orElseThrow());

            assertEquals(2, view.requeueAll());
            Await.until("every requeued row is delivered", LONG, () -> acked.size() == 3);
            assertEquals(List.of("a", "c", "d"), acked.stream().sorted().toList(), "the discarded row never");
            assertEquals(List.of(1, 1, 1), ackedAttempts, "attempts reset by the requeue");
            assertEquals(0, view.backlog().deadLetters().orElseThrow());
            assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE queue = 'other'"), "another queue's row untouched");
            if (deadTable) {
                assertEquals(0, db.count("SELECT count(*) FROM " + deadLetters));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void theMBeanIsRegisteredWhileActiveAndGoneAfterDeactivation(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, 3);
        String name = "mbean-" + db.name().toLowerCase();
        MBeanServer mbeans = ManagementFactory.getPlatformMBeanServer();
        ObjectName bean = new ObjectName("io.inboxra:type=Subscription,name=" + name);
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(db, Form.ROW_LOCK, name, table);
            p.put("dueColumn", "due_at");
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            assertTrue(mbeans.isRegistered(bean), "registered at activation");
            Await.until("the rows are delivered", LONG, () -> mdb.log().committed().size() == 3);
            SubscriptionView view = view(name);
            Await.until("counted", Duration.ofSeconds(10), () -> view.snapshot().delivered() == 3);
            assertEquals(view.snapshot().delivered(), mbeans.getAttribute(bean, "Delivered"));
            assertEquals(-1L, mbeans.getAttribute(bean, "InWork"), "not visible in the row lock form");
            assertEquals(-1L, mbeans.getAttribute(bean, "DeadLetters"), "no dead-letter place");
            mbeans.invoke(bean, "pause", new Object[0], new String[0]);
            assertEquals("PAUSED", mbeans.getAttribute(bean, "State"));
            assertEquals(SubscriptionState.PAUSED, view.snapshot().state());
            db.insertRows(table, 1);
            Await.until("the lag shows the waiting row", Duration.ofSeconds(10),
                    () -> (Long) mbeans.getAttribute(bean, "Claimable") == 1);
            mbeans.invoke(bean, "resume", new Object[0], new String[0]);
            Await.until("delivered after the resume", LONG, () -> mdb.log().committed().size() == 4);
            mdb.deactivate();
            assertFalse(mbeans.isRegistered(bean), "removed at deactivation");
            assertTrue(InboxSubscriptions.find(name).isEmpty());
            assertEquals(SubscriptionState.STOPPED, view.snapshot().state());
        }
    }
}
