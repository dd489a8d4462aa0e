package io.inboxra.ra;

import io.inboxra.InboxMessage;
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
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ids repeat (keys of the application's own, a reset sequence, SQLite's reused rowids): a dead
 * letter and a live row, or a requeued dead letter and a live row, may share one. Neither move
 * deletes a message it did not copy (issue 22, point 4).
 */
class RepeatedIdsTest {

    private static final Duration LONG = Duration.ofSeconds(60);

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    /** How the row comes to be dead-lettered: the listener fails at maxAttempts, asks for it, or in a batch. */
    enum Way { FAILS_AT_THE_LIMIT, LISTENER_ASKS, IN_A_BATCH }

    static Stream<Arguments> everyDatabaseFormAndWay() {
        return Stream.of(TestDatabase.values()).flatMap(db -> Stream.of(Form.values())
                .flatMap(form -> Stream.of(Way.values()).map(way -> Arguments.of(db, form, way))));
    }

    @ParameterizedTest
    @MethodSource("everyDatabaseFormAndWay")
    void aRowWhoseIdADifferentDeadLetterHoldsStaysInTheTable(TestDatabase db, Form form, Way way) throws Exception {
        String table = tables.inbox(db);
        String dead = tables.deadLetters(db);
        db.insertRows(table, 3);
        long id = db.count("SELECT min(id) FROM " + table);
        db.execute("INSERT INTO " + dead + " (id, payload, attempts, reason) VALUES (" + id
                + ", 'an older message', 5, 'long ago')");
        String name = "repeated-id-" + form + "-" + way;
        List<Object> seen = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = db.properties(name, table, form);
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("deadLetterTable", dead);
            // Long enough that the rescheduled row is not due again while the test looks.
            p.put("retryDelay", "PT60S");
            if (way == Way.FAILS_AT_THE_LIMIT) {
                p.put("maxAttempts", "1");
            }
            Harness.Activation mdb;
            if (way == Way.IN_A_BATCH) {
                p.put("batchSize", "3");
                mdb = server.activateBatch(messages -> messages.stream().map(m -> outcome(m, id, seen, way)).toList(), p);
            } else {
                mdb = server.activate(m -> outcome(m, id, seen, way), p);
            }
            Await.until("the row's delivery is settled or recorded", LONG,
                    () -> db.count("SELECT count(*) FROM " + table + " WHERE id = " + id + " AND attempts = 0") == 0);
            assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE id = " + id + " AND payload = 'row 1'"),
                    "the row stays in the table");
            assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE id = " + id + " AND attempts = 1"),
                    "its failure counted once, rescheduled after the backoff");
            assertEquals(1, db.count("SELECT count(*) FROM " + dead), "no copy beside the older dead letter");
            assertEquals(1, db.count("SELECT count(*) FROM " + dead + " WHERE id = " + id
                    + " AND payload = 'an older message' AND reason = 'long ago'"), "the older dead letter untouched");
            // The subscription reports the failure once its transaction has ended, a moment after the record the
            // test waited for may have committed (the lease form writes it apart from the delivery's branch).
            Await.until("the subscription reports the failure", LONG,
                    () -> view(name).snapshot().lastError().isPresent());
            String lastError = view(name).snapshot().lastError().orElseThrow();
            assertTrue(lastError.contains("cannot be dead-lettered") && lastError.contains(dead), lastError);

            // Behind the others in claim order; deleted once settled (so not looked up by its id, which
            // max(id) may no longer find by then).
            db.execute("INSERT INTO " + table + " (payload) VALUES ('marker')");
            Await.until("a row inserted later is settled", LONG,
                    () -> db.count("SELECT count(*) FROM " + table + " WHERE payload = 'marker'") == 0);
            mdb.deactivate();
            long deliveries = seen.stream().filter(s -> s.equals(id)).count();
            // A batch that fails is delivered again one row at a time: once more, then the backoff.
            assertEquals(way == Way.IN_A_BATCH ? 2 : 1, deliveries, "no hot loop: " + seen);
            assertEquals(0, db.count("SELECT count(*) FROM " + table + " WHERE id <> " + id),
                    "the other rows are delivered");
        }
    }

    private static Outcome outcome(InboxMessage message, long id, List<Object> seen, Way way) {
        long messageId = ((Number) message.id()).longValue();
        seen.add(messageId);
        if (messageId != id) {
            return Outcome.ack();
        }
        if (way == Way.FAILS_AT_THE_LIMIT) {
            throw new IllegalStateException("poison");
        }
        return Outcome.deadLetter("refused");
    }

    /** A requeue never deletes a dead letter it did not move back: the inbox holds another message under its id. */
    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void aDeadLetterWhoseIdTheInboxHoldsStaysWhenRequeued(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        String dead = tables.deadLetters(db);
        // Another queue's row: the subscription never claims it, and it holds the id.
        db.execute("INSERT INTO " + table + " (queue, payload) VALUES ('other', 'a newer message')");
        long id = db.count("SELECT id FROM " + table);
        db.execute("INSERT INTO " + dead + " (id, queue, payload, attempts, reason) VALUES (" + id
                + ", 'billing', 'an older message', 5, 'long ago')");
        String name = "requeue-repeated-id";
        try (Harness server = Harness.start()) {
            Map<String, String> p = db.properties(name, table, Form.ROW_LOCK);
            p.put("queueColumn", "queue");
            p.put("queue", "billing");
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("deadLetterTable", dead);
            server.activate(m -> Outcome.ack(), p);
            SubscriptionView view = view(name);
            assertEquals(0, view.requeue(List.of(String.valueOf(id))), "nothing moved back by id");
            assertEquals(0, view.requeueAll(), "nor by all");
            assertEquals(1, db.count("SELECT count(*) FROM " + dead + " WHERE id = " + id
                    + " AND payload = 'an older message'"), "the dead letter stays");
            assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE id = " + id
                    + " AND payload = 'a newer message' AND queue = 'other'"), "the inbox's row untouched");
        }
    }

    private static SubscriptionView view(String name) {
        return InboxSubscriptions.find(name).orElseThrow(() -> new AssertionError("no subscription " + name));
    }
}
