package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.operations.Cancellation;
import io.inboxra.operations.FoundRow;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.RowPlace;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.management.MBeanServer;
import javax.management.ObjectName;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Cancel and look up (issue 26, point 5): a pending row cancelled is a dead letter with the reason
 * "cancelled", never delivered unless requeued; a row in work is not cancelled, the cancel does not
 * wait for it, and its delivery completes; a row is found by id and by key, in the inbox and among
 * the dead letters. On PostgreSQL and MariaDB, in every form, with Narayana.
 */
class PendingRowsTest {

    private static final Duration LONG = Duration.ofSeconds(60);

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        Faults.rollBackPreparedBranchesOn(tables.on(TestDatabase.POSTGRES));
        tables.dropAll();
    }

    static Stream<Arguments> everyDatabaseFormAndDeadLetterStyle() {
        return Stream.of(TestDatabase.values()).flatMap(db -> Stream.of(Form.values())
                .flatMap(form -> Stream.of("deadLetterTable", "deadAtColumn").map(style -> Arguments.of(db, form, style))));
    }

    private static SubscriptionView view(String name) {
        return InboxSubscriptions.find(name).orElseThrow(() -> new AssertionError("no subscription " + name));
    }

    /** An inbox with a key column under a unique index, and a dead-at column. */
    private String keyedInbox(TestDatabase db) throws SQLException {
        String table = tables.create(db, "pending", db.inboxColumns() + ", dead_at " + db.timestamp()
                + ", message_key VARCHAR(200)");
        db.execute("CREATE UNIQUE INDEX " + table + "_key ON " + table + " (message_key)");
        return table;
    }

    private static long idOf(TestDatabase db, String table, String payload) throws SQLException {
        return db.count("SELECT id FROM " + table + " WHERE payload = '" + payload + "'");
    }

    @ParameterizedTest
    @MethodSource("everyDatabaseFormAndDeadLetterStyle")
    void aCancelledRowIsADeadLetterNeverDeliveredAndARequeueDeliversItOnce(TestDatabase db, Form form, String style)
            throws Exception {
        String table = keyedInbox(db);
        boolean deadTable = style.equals("deadLetterTable");
        String dead = deadTable ? keyedDeadLetters(db) : null;
        String name = "cancel-" + form + "-" + style;
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(db, form, name, table);
            p.put("workers", "2");
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("keyColumn", "message_key");
            p.put(style, deadTable ? dead : "dead_at");
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            SubscriptionView view = view(name);
            view.pause();
            Await.until("paused", Duration.ofSeconds(10), () -> view.snapshot().state() == SubscriptionState.PAUSED
                    && view.snapshot().workersBusy() == 0);
            db.execute("INSERT INTO " + table + " (payload, message_key) VALUES ('keep', 'k-keep'),"
                    + " ('cancel me', 'k-cancel')");
            long cancelled = idOf(db, table, "cancel me");

            FoundRow pending = view.findRow(String.valueOf(cancelled)).orElseThrow();
            assertEquals(RowPlace.PENDING, pending.place());
            assertEquals(Optional.of("k-cancel"), pending.key());
            assertEquals("cancel me", pending.payload());
            assertEquals(List.of(pending), view.findKey("k-cancel"), "the same row by its key");

            Cancellation done = view.cancel(String.valueOf(cancelled));
            assertEquals(Cancellation.Result.CANCELLED, done.result(), done.message());
            FoundRow letter = view.findRow(String.valueOf(cancelled)).orElseThrow();
            assertEquals(RowPlace.DEAD_LETTER, letter.place());
            assertEquals(deadTable ? Optional.of("cancelled") : Optional.empty(), letter.reason(),
                    "the reason, where the style keeps one");
            assertTrue(letter.since().isPresent(), "dead-lettered at");
            List<FoundRow> byKey = view.findKey("k-cancel");
            assertEquals(List.of(RowPlace.DEAD_LETTER), byKey.stream().map(FoundRow::place).toList(),
                    "by key: the dead letter keeps its key (in the inbox, or in the dead-letter table's key column)");
            assertEquals(letter.reason(), byKey.get(0).reason());
            assertEquals(Cancellation.Result.NOT_FOUND, view.cancel(String.valueOf(cancelled)).result(),
                    "a dead letter already");
            assertEquals(1, view.backlog().deadLetters().orElseThrow());

            view.resume();
            long marker = db.insertMarker(table, "payload", "'marker'");
            Await.until("the rows after it are delivered", LONG, () -> mdb.log().hasCommitted(marker)
                    && mdb.log().committed().size() == 2);
            assertFalse(mdb.log().invoked().contains(cancelled), "the cancelled row never reaches the MDB");

            assertEquals(1, view.requeue(List.of(String.valueOf(cancelled))));
            Await.until("the requeued row is delivered", LONG, () -> mdb.log().hasCommitted(cancelled));
            long again = db.insertMarker(table, "payload", "'after the requeue'");
            Await.until("a row after it is delivered", LONG, () -> mdb.log().hasCommitted(again));
            assertEquals(1, mdb.log().invoked().stream().filter(id -> id.equals(cancelled)).count(), "delivered once");
            assertEquals(0, db.count("SELECT count(*) FROM " + table), "every row settled");
            assertEquals(0, view.backlog().deadLetters().orElseThrow());
        }
    }

    /** A dead-letter table with a column of the inbox's key column's name: dead letters keep their keys. */
    private String keyedDeadLetters(TestDatabase db) throws SQLException {
        return tables.create(db, "dead", "id BIGINT PRIMARY KEY, queue " + db.text() + ", payload " + db.text()
                + ", attempts INT, reason " + db.text() + ", dead_at " + db.timestamp() + ", message_key VARCHAR(200)");
    }

    /**
     * A requeue puts a dead letter's key back; where a newer row holds the key meanwhile (the key
     * left the inbox with the dead letter, and a producer sent it again), the dead letter stays.
     */
    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void aRequeuePutsTheKeyBackUnlessANewerRowHoldsIt(TestDatabase db) throws Exception {
        String table = keyedInbox(db);
        String dead = keyedDeadLetters(db);
        String name = "requeue-key-" + db;
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(db, Form.ROW_LOCK, name, table);
            p.put("keyColumn", "message_key");
            p.put("deadLetterTable", dead);
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            SubscriptionView view = view(name);
            view.pause();
            Await.until("paused", Duration.ofSeconds(10), () -> view.snapshot().workersBusy() == 0);
            db.execute("INSERT INTO " + table + " (payload, message_key) VALUES ('first', 'k1'), ('second', 'k2')");
            long first = idOf(db, table, "first");
            long second = idOf(db, table, "second");
            assertEquals(Cancellation.Result.CANCELLED, view.cancel(String.valueOf(first)).result());
            assertEquals(Cancellation.Result.CANCELLED, view.cancel(String.valueOf(second)).result());
            assertEquals(1, db.count("SELECT count(*) FROM " + dead + " WHERE message_key = 'k1'"), "the key went along");
            db.execute("INSERT INTO " + table + " (payload, message_key) VALUES ('k1 again', 'k1')");
            assertEquals(List.of(RowPlace.PENDING, RowPlace.DEAD_LETTER),
                    view.findKey("k1").stream().map(FoundRow::place).toList(), "the new row, and the dead letter");
            assertEquals(1, view.requeueAll(), "the dead letter of k2 only");
            assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE message_key = 'k2' AND id = " + second),
                    "k2 back with its key");
            assertEquals(1, db.count("SELECT count(*) FROM " + dead + " WHERE id = " + first), "k1's dead letter stays");
            view.resume();
            Await.until("the new k1 and the requeued k2 are delivered", LONG,
                    () -> mdb.log().hasCommitted(second) && mdb.log().committed().size() == 2);
            assertFalse(mdb.log().invoked().contains(first));
        }
    }

    /**
     * A key cancelled twice (sent, cancelled, sent again, cancelled again): two dead letters of one
     * key. Requeueing them all brings one back and leaves the other, whose key the inbox holds
     * again, where it is; the unique index never fails the requeue.
     */
    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void twoDeadLettersOfOneKeyRequeueOneAndKeepTheOther(TestDatabase db) throws Exception {
        String table = keyedInbox(db);
        String dead = keyedDeadLetters(db);
        String name = "requeue-twice-" + db;
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(db, Form.ROW_LOCK, name, table);
            p.put("keyColumn", "message_key");
            p.put("deadLetterTable", dead);
            server.activate(message -> Outcome.ack(), p);
            SubscriptionView view = view(name);
            view.pause();
            Await.until("paused", Duration.ofSeconds(10), () -> view.snapshot().workersBusy() == 0);
            for (String payload : List.of("once", "twice")) {
                db.execute("INSERT INTO " + table + " (payload, message_key) VALUES ('" + payload + "', 'k3')");
                assertEquals(Cancellation.Result.CANCELLED, view.cancel(String.valueOf(idOf(db, table, payload))).result());
            }
            assertEquals(2, db.count("SELECT count(*) FROM " + dead + " WHERE message_key = 'k3'"), "two dead letters of k3");
            assertEquals(1, view.requeueAll(), "one of them back");
            assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE message_key = 'k3'"), "k3 in the inbox once");
            assertEquals(1, db.count("SELECT count(*) FROM " + dead + " WHERE message_key = 'k3'"), "the other stays");
            assertEquals(0, view.requeueAll(), "nothing more while the inbox holds k3");
        }
    }

    /** Every database and form, without FIFO groups and with {@code groupConcurrency} 2 (the advisory form's own locks). */
    static Stream<Arguments> everyDatabaseFormAndGroups() {
        return Stream.of(TestDatabase.values()).flatMap(db -> Stream.of(Form.values())
                .flatMap(form -> Stream.of(false, true).map(groups -> Arguments.of(db, form, groups))));
    }

    @ParameterizedTest
    @MethodSource("everyDatabaseFormAndGroups")
    void aRowInWorkIsNotCancelledTheCancelDoesNotWaitAndTheDeliveryCompletes(TestDatabase db, Form form, boolean groups)
            throws Exception {
        String table = groups ? tables.create(db, "pending", db.inboxColumns() + ", grp VARCHAR(50)") : tables.inbox(db);
        String dead = tables.deadLetters(db);
        String name = "in-work-" + form + (groups ? "-groups" : "");
        CountDownLatch inListener = new CountDownLatch(1);
        CountDownLatch letGo = new CountDownLatch(1);
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(db, form, name, table);
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("deadLetterTable", dead);
            p.put("lease", "PT30S");
            if (groups) {
                p.put("fifoColumn", "grp");
                p.put("groupConcurrency", "2");
            }
            Harness.Activation mdb = server.activate(message -> {
                if (message.text().equals("slow")) {
                    inListener.countDown();
                    try {
                        letGo.await(60, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return Outcome.ack();
            }, p);
            db.execute("INSERT INTO " + table + (groups ? " (payload, grp) VALUES ('slow', 'g1')" : " (payload) VALUES ('slow')"));
            long id = idOf(db, table, "slow");
            assertTrue(inListener.await(30, TimeUnit.SECONDS), "the row reaches the MDB");
            SubscriptionView view = view(name);
            assertEquals(form == Form.LEASE ? RowPlace.IN_WORK : RowPlace.PENDING,
                    view.findRow(String.valueOf(id)).orElseThrow().place(), "in work where the form shows it");

            long started = System.nanoTime();
            Cancellation refused = view.cancel(String.valueOf(id));
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            assertEquals(Cancellation.Result.IN_WORK, refused.result(), refused.message());
            assertTrue(refused.message().contains("in work") && refused.message().contains("try again"),
                    refused.message());
            assertTrue(took.compareTo(Duration.ofSeconds(3)) < 0, "the cancel waited: " + took);
            MBeanServer mbeans = ManagementFactory.getPlatformMBeanServer();
            ObjectName bean = new ObjectName("io.inboxra:type=Subscription,name=" + name);
            String viaJmx = (String) mbeans.invoke(bean, "cancel", new Object[] {String.valueOf(id)},
                    new String[] {String.class.getName()});
            assertTrue(viaJmx.startsWith("IN_WORK: "), viaJmx);

            letGo.countDown();
            Await.until("the delivery completes", LONG, () -> mdb.log().hasCommitted(id));
            Await.until("settled", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0);
            assertEquals(0, db.count("SELECT count(*) FROM " + dead), "nothing dead-lettered");
            assertEquals(1, mdb.log().invoked().size(), "delivered once");
            assertEquals(Cancellation.Result.NOT_FOUND, view.cancel(String.valueOf(id)).result(), "settled since");
        } finally {
            letGo.countDown();
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void unknownIdsAndKeysAreNotFoundAndWhatASubscriptionLacksIsNamed(TestDatabase db) throws Exception {
        String table = keyedInbox(db);
        String dead = tables.deadLetters(db);
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(db, Form.ROW_LOCK, "lookups-" + db, table);
            p.put("deadLetterTable", dead);
            p.put("keyColumn", "message_key");
            p.put("processedAtColumn", "processed_at");
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            SubscriptionView view = view("lookups-" + db);
            assertEquals(Cancellation.Result.NOT_FOUND, view.cancel("999999999").result());
            assertEquals(Cancellation.Result.NOT_FOUND, view.cancel("not a number").result());
            assertEquals(Optional.empty(), view.findRow("999999999"));
            assertEquals(Optional.empty(), view.findRow("not a number"));
            assertEquals(List.of(), view.findKey("no such key"));
            db.execute("INSERT INTO " + table + " (payload, message_key) VALUES ('done', 'k-done')");
            long id = idOf(db, table, "done");
            Await.until("delivered", LONG, () -> mdb.log().hasCommitted(id));
            Await.until("marked processed", LONG, () -> view.findKey("k-done").stream()
                    .anyMatch(r -> r.place() == RowPlace.PROCESSED));
            assertTrue(view.findRow(String.valueOf(id)).orElseThrow().since().isPresent(), "processed at");
            Cancellation processed = view.cancel(String.valueOf(id));
            assertEquals(Cancellation.Result.NOT_FOUND, processed.result());
            assertTrue(processed.message().contains("processed"), processed.message());
            MBeanServer mbeans = ManagementFactory.getPlatformMBeanServer();
            ObjectName bean = new ObjectName("io.inboxra:type=Subscription,name=lookups-" + db);
            String found = (String) mbeans.invoke(bean, "findRow", new Object[] {String.valueOf(id)},
                    new String[] {String.class.getName()});
            assertTrue(found.startsWith("id " + id + " (key k-done): PROCESSED"), found);
        }

        String plain = tables.inbox(db);
        try (Harness server = Harness.start()) {
            server.activate(message -> Outcome.ack(), DeliveryTest.properties(db, Form.ROW_LOCK, "plain-" + db, plain));
            SubscriptionView view = view("plain-" + db);
            IllegalStateException noDeadLetters = assertThrows(IllegalStateException.class, () -> view.cancel("1"));
            assertTrue(noDeadLetters.getMessage().contains("'deadLetterTable'")
                    && noDeadLetters.getMessage().contains("'deadAtColumn'"), noDeadLetters.getMessage());
            IllegalStateException noKey = assertThrows(IllegalStateException.class, () -> view.findKey("k"));
            assertTrue(noKey.getMessage().contains("'keyColumn'"), noKey.getMessage());
        }
    }
}
