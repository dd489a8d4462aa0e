package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Failures of the settlement itself, and of the MDBs the container does not wrap in a
 * transaction: each counts as an attempt and reaches {@code maxAttempts}; a dead-letter move is
 * one transaction, and a row already among the dead letters does not loop.
 */
class SettlementFaultsTest {

    private static final Duration LONG = Duration.ofSeconds(60);

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    private static Map<String, String> counted(TestDatabase db, String name, String table, Form form) {
        Map<String, String> p = db.properties(name, table, form);
        p.put("dueColumn", "due_at");
        p.put("attemptColumn", "attempts");
        p.put("maxAttempts", "3");
        p.put("retryDelay", "PT0.05S");
        return p;
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aNonTransactedMdbsFailuresAreCountedAndDeadLettered(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        String dead = tables.deadLetters(db);
        db.insertRows(table, 1);
        List<Integer> attempts = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = counted(db, "bean-managed", table, form);
            p.put("deadLetterTable", dead);
            server.activate(message -> {
                attempts.add(message.attempt());
                throw new IllegalStateException("the bean-managed MDB fails");
            }, p, false);
            Await.until("the row is dead-lettered", LONG, () -> db.count("SELECT count(*) FROM " + dead) == 1);
            assertEquals(List.of(1, 2, 3), attempts);
            assertEquals(0, db.count("SELECT count(*) FROM " + table));
        }
    }

    /** A foreign key refuses the settlement's DELETE: the delivery fails, counted, until the row is marked dead. */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aSettlementRefusedByTheDatabaseIsCountedUntilTheRowIsDead(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        db.execute("ALTER TABLE " + table + " ADD COLUMN dead_at " + db.timestamp());
        db.insertRows(table, 1);
        long id = db.count("SELECT id FROM " + table);
        String child = tables.create(db, "child", "parent BIGINT REFERENCES " + table + " (id)");
        db.execute("INSERT INTO " + child + " VALUES (" + id + ")");
        List<Integer> attempts = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = counted(db, "refused-settlement", table, form);
            p.put("deadAtColumn", "dead_at");
            Harness.Activation mdb = server.activate(message -> {
                if (((Number) message.id()).longValue() == id) {
                    attempts.add(message.attempt());
                }
                return Outcome.ack();
            }, p);
            Await.until("the row is marked dead", LONG,
                    () -> db.count("SELECT count(*) FROM " + table + " WHERE dead_at IS NOT NULL") == 1);
            // Due now, behind the dead row in claim order: the claim that takes it would have taken the dead row first.
            long marker = db.insertMarker(table, "payload, due_at", "'later', " + db.minutesAgo("0"));
            Await.until("a row inserted later is settled", LONG, () -> mdb.log().hasCommitted(marker));
            mdb.deactivate();
            assertEquals(List.of(1, 2, 3), attempts, "each refused settlement counted, none beyond the limit");
        } finally {
            db.execute("DROP TABLE " + child);
        }
    }

    /** A copy left in the dead-letter table (say, by a move cut in half before this fix) must not make the row loop. */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aRowAlreadyAmongTheDeadLettersIsMovedOnceAndDoesNotLoop(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        String dead = tables.deadLetters(db);
        db.insertRows(table, 1);
        long id = db.count("SELECT id FROM " + table);
        db.execute("INSERT INTO " + dead + " (id, payload, attempts, reason) VALUES (" + id + ", 'row 1', 1, 'earlier')");
        List<Integer> attempts = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = counted(db, "dead-twice", table, form);
            p.put("maxAttempts", "1");
            p.put("deadLetterTable", dead);
            Harness.Activation mdb = server.activate(message -> {
                attempts.add(message.attempt());
                throw new IllegalStateException("poison");
            }, p);
            Await.until("the row left the inbox", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0);
            // No claim can take the row now; the deactivation lets a delivery still in work end.
            mdb.deactivate();
            assertEquals(List.of(1), attempts, "delivered once");
            assertEquals(1, db.count("SELECT count(*) FROM " + dead), "one copy among the dead letters");
        }
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aPayloadOverMaxPayloadBytesIsDeadLetteredWithoutReachingTheListener(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        String dead = tables.deadLetters(db);
        db.execute("INSERT INTO " + table + " (payload) VALUES ('" + "x".repeat(100) + "')");
        long big = db.count("SELECT max(id) FROM " + table);
        db.insertRows(table, 2);
        List<Object> seen = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = db.properties("too-big", table, form);
            p.put("maxPayloadBytes", "50");
            p.put("deadLetterTable", dead);
            server.activate(message -> {
                seen.add(((Number) message.id()).longValue());
                return Outcome.ack();
            }, p);
            Await.until("the inbox is empty", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0);
            assertEquals(1, db.count("SELECT count(*) FROM " + dead + " WHERE id = " + big
                    + " AND reason LIKE '%maxPayloadBytes%'"), "the big row is a dead letter, with the reason");
            assertEquals(2, seen.size(), "the listener saw the two small rows only: " + seen);
            assertEquals(false, seen.contains(big));
        }
    }

    /** Rows claimed ahead wait behind a slow handler longer than their lease: their heartbeat keeps them. */
    @Test
    void rowsClaimedAheadKeepTheirLeaseWhileTheyWait() throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = tables.inbox(db);
        db.insertRows(table, 3);
        try (Harness one = Harness.start(); Harness two = Harness.start()) {
            Map<String, String> p = db.properties("ahead", table, Form.LEASE);
            // 3 s (the third row waits 4.8 s): with a 1 s lease an extension's reply is cut off at 250 ms, which one
            // slow reply on a machine shared with other test JVMs could exceed.
            p.put("lease", "PT3S");
            p.put("batchSize", "3");
            Harness.Activation first = one.activate(message -> {
                Await.sleep(2400);
                return Outcome.ack();
            }, p);
            Await.until("the first server claimed every row", LONG, () -> first.log().invoked().size() == 1);
            Harness.Activation second = two.activate(message -> Outcome.ack(), p);
            // The log has a commit a moment after the rows left: both waited for.
            Await.until("every row is settled", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0
                    && first.log().committed().size() + second.log().committed().size() >= 3);
            assertEquals(3, first.log().committed().size(), "the first server delivered all it claimed");
            assertEquals(List.of(), second.log().invoked(), "no row's lease ran out while it waited");
        }
    }
}
