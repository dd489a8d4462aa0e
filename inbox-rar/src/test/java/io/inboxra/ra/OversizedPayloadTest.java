package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TcpForwarder;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.operations.DeadLetter;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
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
 * A payload over {@code maxPayloadBytes} is dead-lettered without being read: the adapter's
 * connections reach the database through a forwarder that counts the bytes the database sends,
 * and a payload of tens of megabytes must never cross it, neither in the claim nor in the
 * operators' dead-letter listing (a preview only; the whole payload by id).
 */
class OversizedPayloadTest {

    private static final Duration LONG = Duration.ofSeconds(60);
    private static final int LIMIT = 1 << 20;

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    static Stream<Arguments> everyDatabaseFormAndBatch() {
        return Stream.of(TestDatabase.values()).flatMap(db -> Stream.of(Form.values())
                .flatMap(form -> Stream.of(Arguments.of(db, form, 1), Arguments.of(db, form, 3))));
    }

    /** As big as the database lets one value be built server-side: MariaDB's REPEAT stops at max_allowed_packet (16 MiB). */
    private static int bigPayload(TestDatabase db) {
        return db == TestDatabase.MARIADB ? 15_000_000 : 40_000_000;
    }

    private static int port(TestDatabase db) {
        return db == TestDatabase.MARIADB ? 3306 : 5432;
    }

    @ParameterizedTest(name = "{0} {1} batchSize {2}")
    @MethodSource("everyDatabaseFormAndBatch")
    void aPayloadOverMaxPayloadBytesIsDeadLetteredWithoutBeingRead(TestDatabase db, Form form, int batchSize)
            throws Exception {
        String table = tables.inbox(db);
        String bigText = db == TestDatabase.MARIADB ? "LONGTEXT" : "TEXT";
        if (db == TestDatabase.MARIADB) {
            db.execute("ALTER TABLE " + table + " MODIFY payload LONGTEXT NOT NULL");
        }
        String dead = tables.create(db, "dead", "id BIGINT PRIMARY KEY, queue " + db.text() + ", payload " + bigText
                + ", attempts INT, reason " + db.text() + ", dead_at " + db.timestamp());
        int size = bigPayload(db);
        db.insertRows(table, 1);
        db.execute("INSERT INTO " + table + " (payload) VALUES (" + (db == TestDatabase.MARIADB ? "REPEAT" : "repeat")
                + "('x', " + size + "))");
        long big = db.count("SELECT max(id) FROM " + table);
        db.insertRows(table, 2);
        assertEquals(size, db.count("SELECT " + (db == TestDatabase.MARIADB ? "LENGTH" : "octet_length")
                + "(payload) FROM " + table + " WHERE id = " + big), "the big row was written whole");
        String name = "too-big-" + db + "-" + form + "-" + batchSize;
        List<Long> delivered = new CopyOnWriteArrayList<>();
        try (TcpForwarder database = new TcpForwarder(port(db)); Harness server = Harness.start()) {
            database.open();
            Map<String, String> p = db.properties(name, table, form);
            p.put("url", p.get("url").replace(":" + port(db) + "/", ":" + database.port() + "/"));
            p.put("maxPayloadBytes", String.valueOf(LIMIT));
            p.put("batchSize", String.valueOf(batchSize));
            p.put("deadLetterTable", dead);
            server.activate(message -> {
                delivered.add(((Number) message.id()).longValue());
                return Outcome.ack();
            }, p);
            Await.until("the inbox is empty", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0);
            assertEquals(1, db.count("SELECT count(*) FROM " + dead + " WHERE id = " + big + " AND reason LIKE"
                    + " '%payload of " + size + " bytes exceeds maxPayloadBytes (" + LIMIT + ")%'"),
                    "the big row is a dead letter, its reason naming its size and the property");
            assertEquals(3, delivered.size(), "the three small rows were delivered: " + delivered);
            assertTrue(!delivered.contains(big), "the big row never reached the listener");
            long claimed = database.bytesReceived();
            assertTrue(claimed < size / 4, "the adapter received " + claimed + " bytes in all: the payload of "
                    + size + " bytes was never sent to it");

            SubscriptionView view = InboxSubscriptions.find(name).orElseThrow();
            List<DeadLetter> letters = view.deadLetters(10);
            long listed = database.bytesReceived() - claimed;
            assertEquals(1, letters.size());
            DeadLetter preview = letters.get(0);
            assertEquals(String.valueOf(big), preview.id());
            assertEquals("x".repeat(4096), preview.payload(), "the listing shows the payload's first 4096 characters");
            assertTrue(preview.truncated(), "and says it is cut");
            assertEquals(size, preview.payloadBytes().getAsLong(), "and the whole payload's size");
            assertTrue(listed < 1 << 20, "the listing read " + listed + " bytes: a preview, not the payload");

            DeadLetter whole = view.deadLetter(String.valueOf(big)).orElseThrow();
            assertEquals(size, whole.payload().length(), "by id, the whole payload");
            assertTrue(!whole.truncated());
            assertTrue(view.deadLetter("999999999").isEmpty(), "no such dead letter");
        }
    }

    /** A dialect without {@code payloadBytes} still dead-letters the row, after reading it (its documented fallback). */
    @Test
    void aDialectThatCannotTellPayloadSizesStillDeadLettersTheRow() throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = tables.inbox(db);
        String dead = tables.deadLetters(db);
        db.execute("INSERT INTO " + table + " (payload) VALUES (repeat('y', 5000))");
        db.insertRows(table, 1);
        List<String> delivered = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = db.properties("too-big-app-dialect", table, Form.ROW_LOCK);
            p.put("dialect", io.inboxra.appdialect.SeedStylePostgresDialect.class.getName());
            p.put("maxPayloadBytes", "4000");
            p.put("deadLetterTable", dead);
            server.activate(message -> {
                delivered.add(message.text());
                return Outcome.ack();
            }, p);
            Await.until("the inbox is empty", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0);
            assertEquals(List.of("row 1"), delivered);
            assertEquals(1, db.count("SELECT count(*) FROM " + dead + " WHERE reason LIKE '%maxPayloadBytes (4000)%'"));
            DeadLetter letter = InboxSubscriptions.find("too-big-app-dialect").orElseThrow().deadLetters(1).get(0);
            assertEquals("y".repeat(4096), letter.payload(), "cut to the preview by the adapter");
            assertTrue(letter.truncated());
            assertEquals(5000, letter.payloadBytes().getAsLong());
        }
    }
}
