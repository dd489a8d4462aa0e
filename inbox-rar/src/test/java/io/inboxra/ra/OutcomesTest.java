package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Postgres;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Outcomes, attempts, backoff, dead letters and retention, in every form. */
class OutcomesTest {

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    private String inbox(TestDatabase db) throws SQLException {
        return tables.inbox(db);
    }

    private String deadLetters(TestDatabase db) throws SQLException {
        return tables.deadLetters(db);
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aPoisonRowIsTriedMaxAttemptsTimesWithBackoffThenDeadLetteredWhileOthersFlow(TestDatabase db, Form form) throws Exception {
        String table = inbox(db);
        String dead = deadLetters(db);
        db.execute("INSERT INTO " + table + " (payload) VALUES ('poison')");
        long poison = db.count("SELECT id FROM " + table);
        db.insertRows(table, 1000);
        // The others come after the poison row whenever it is due, so its gaps show the backoff alone.
        db.execute("UPDATE " + table + " SET priority = 1 WHERE id <> " + poison);
        List<Instant> poisonCalls = new CopyOnWriteArrayList<>();
        List<Integer> attemptsSeen = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(db, form, "poison", table);
            p.put("workers", "4");
            p.put("dueColumn", "due_at");
            p.put("priorityColumn", "priority");
            p.put("attemptColumn", "attempts");
            p.put("maxAttempts", "5");
            p.put("retryDelay", "PT0.2S");
            p.put("maxRetryDelay", "PT2S");
            p.put("deadLetterTable", dead);
            Harness.Activation mdb = server.activate(message -> {
                if (message.text().equals("poison")) {
                    poisonCalls.add(Instant.now());
                    attemptsSeen.add(message.attempt());
                    throw new IllegalArgumentException("cannot parse invoice " + message.id());
                }
                return Outcome.ack();
            }, p);
            Await.until("the poison row is dead-lettered", Duration.ofSeconds(60),
                    () -> db.count("SELECT count(*) FROM " + dead) == 1);
            Await.until("every other row is settled", Duration.ofSeconds(60),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
            assertEquals(5, poisonCalls.size(), "delivered exactly maxAttempts times");
            assertEquals(List.of(1, 2, 3, 4, 5), attemptsSeen);
            for (int i = 1; i < poisonCalls.size(); i++) {
                long gap = Duration.between(poisonCalls.get(i - 1), poisonCalls.get(i)).toMillis();
                long backoff = Math.min(200L << (i - 1), 2000);
                assertTrue(gap >= backoff * 0.95, "gap " + i + " was " + gap + " ms, the backoff " + backoff + " ms");
                assertTrue(gap <= backoff * 1.1 + 700, "gap " + i + " was " + gap + " ms, the backoff " + backoff + " ms");
            }
            try (Connection c = db.connect(); ResultSet rs = c.createStatement().executeQuery(
                    "SELECT id, payload, attempts, reason, dead_at FROM " + dead)) {
                assertTrue(rs.next());
                assertEquals(poison, rs.getLong("id"));
                assertEquals("poison", rs.getString("payload"));
                assertEquals(5, rs.getInt("attempts"));
                assertEquals("java.lang.IllegalArgumentException: cannot parse invoice " + poison, rs.getString("reason"));
                assertTrue(rs.getTimestamp("dead_at") != null);
            }
            assertEquals(1000, mdb.log().committed().size(), "the other rows flowed, each once");
        }
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aRetryIsNotDeliveredBeforeItsDelayAndCountsAnAttempt(TestDatabase db, Form form) throws Exception {
        String table = inbox(db);
        db.execute("INSERT INTO " + table + " (payload) VALUES ('later')");
        List<Instant> calls = new CopyOnWriteArrayList<>();
        List<Integer> attempts = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(db, form, "retry", table);
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            server.activate(message -> {
                calls.add(Instant.now());
                attempts.add(message.attempt());
                return calls.size() == 1 ? Outcome.retry(Duration.ofSeconds(2)) : Outcome.ack();
            }, p);
            Await.until("the row is delivered again", Duration.ofSeconds(30), () -> calls.size() == 2);
            Duration gap = Duration.between(calls.get(0), calls.get(1));
            assertTrue(gap.compareTo(Duration.ofMillis(1950)) >= 0, "delivered again after " + gap);
            assertEquals(List.of(1, 2), attempts);
            Await.until("the row is settled", Duration.ofSeconds(10),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
        }
    }

    @Test
    void aRetryWithoutADueColumnIsHeldInMemoryForItsDelay() throws Exception {
        String table = inbox(TestDatabase.POSTGRES);
        Postgres.execute("INSERT INTO " + table + " (payload) VALUES ('later')");
        List<Instant> calls = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            server.activate(message -> {
                calls.add(Instant.now());
                return calls.size() == 1 ? Outcome.retry(Duration.ofMillis(800)) : Outcome.ack();
            }, Postgres.properties("retry-in-memory", table));
            Await.until("the row is delivered again", Duration.ofSeconds(30), () -> calls.size() == 2);
            assertTrue(Duration.between(calls.get(0), calls.get(1)).toMillis() >= 800);
        }
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aDeadLetterOutcomeMarksTheRowAndClaimsSkipIt(TestDatabase db, Form form) throws Exception {
        String table = tables.create(db, "inbox", db.inboxColumns() + ", dead_at " + db.timestamp());
        db.execute("INSERT INTO " + table + " (payload) VALUES ('unknown customer'), ('fine')");
        List<String> calls = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(db, form, "dead-at", table);
            p.put("deadAtColumn", "dead_at");
            p.put("processedAtColumn", "processed_at");
            Harness.Activation mdb = server.activate(message -> {
                calls.add(message.text());
                return message.text().equals("unknown customer") ? Outcome.deadLetter("no such customer") : Outcome.ack();
            }, p);
            Await.until("both rows are settled", Duration.ofSeconds(30), () -> db.count("SELECT count(*) FROM "
                    + table + " WHERE dead_at IS NOT NULL OR processed_at IS NOT NULL") == 2);
            // The claim that takes a row inserted behind them would have taken the dead one first, were it claimable.
            long marker = db.insertMarker(table, "payload", "'later'");
            Await.until("a row inserted later is settled", Duration.ofSeconds(30), () -> mdb.log().hasCommitted(marker));
            mdb.deactivate();
            assertEquals(List.of("unknown customer", "fine", "later"), calls,
                    "each delivered once, the marked one skipped after");
            assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE dead_at IS NOT NULL"
                    + " AND payload = 'unknown customer' AND processed_at IS NULL"));
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void retentionDeletesOnlyMarkedRowsOlderThanIt(TestDatabase db) throws Exception {
        String table = inbox(db);
        db.execute("INSERT INTO " + table + " (payload, queue, processed_at) VALUES"
                + "('old and marked', 'x', " + db.minutesAgo("60") + "),"
                + " ('other queue, unmarked', 'y', NULL)");
        try (Harness server = Harness.start()) {
            Map<String, String> p = db.properties("retention", table);
            p.put("queueColumn", "queue");
            p.put("queue", "x");
            p.put("processedAtColumn", "processed_at");
            p.put("retention", "PT3S");
            server.activate(message -> Outcome.ack(), p);
            db.execute("INSERT INTO " + table + " (payload, queue) VALUES ('new', 'x')");
            Await.until("the old marked row is deleted", Duration.ofSeconds(10),
                    () -> db.count("SELECT count(*) FROM " + table + " WHERE payload = 'old and marked'") == 0);
            assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE payload = 'new'"
                    + " AND processed_at IS NOT NULL"), "a row marked just now is kept");
            Await.until("the new row is deleted once its retention has passed", Duration.ofSeconds(15),
                    () -> db.count("SELECT count(*) FROM " + table + " WHERE payload = 'new'") == 0);
            assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE processed_at IS NULL"),
                    "an unmarked row is never deleted");
        }
    }
}
