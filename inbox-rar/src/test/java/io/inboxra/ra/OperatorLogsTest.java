package io.inboxra.ra;

import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What an operator reads when a row keeps failing: one line per failed delivery, its stack trace once. */
class OperatorLogsTest {

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aRowThatFailsOnEveryDeliveryLogsOneLineEachTimeAndItsStackTraceOnce(TestDatabase db, Form form)
            throws Exception {
        String table = tables.inbox(db);
        String dead = tables.deadLetters(db);
        db.execute("INSERT INTO " + table + " (payload) VALUES ('poison')");
        long poison = db.count("SELECT id FROM " + table);
        List<LogRecord> lines = new CopyOnWriteArrayList<>();
        Logger listenerLog = Logger.getLogger("io.inboxra.ra.delivery.endpoint.ListenerEndpoint");
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel().intValue() >= Level.WARNING.intValue()
                        && record.getMessage().contains("'logs-" + form + "'")) {
                    lines.add(record);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        listenerLog.addHandler(capture);
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(db, form, "logs-" + form, table);
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("maxAttempts", "4");
            p.put("retryDelay", "PT0.05S");
            p.put("deadLetterTable", dead);
            server.activate(message -> {
                throw new IllegalStateException("invoice " + message.id() + " has no customer");
            }, p);
            Await.until("the poison row is dead-lettered", Duration.ofSeconds(60),
                    () -> db.count("SELECT count(*) FROM " + dead) == 1);
        } finally {
            listenerLog.removeHandler(capture);
        }
        assertEquals(4, lines.size(), "one line per failed delivery: " + lines.stream().map(LogRecord::getMessage).toList());
        for (int attempt = 1; attempt <= 4; attempt++) {
            String line = lines.get(attempt - 1).getMessage();
            assertTrue(line.contains("row " + poison + " (attempt " + attempt + ")"), line);
            assertTrue(line.contains("IllegalStateException: invoice " + poison + " has no customer"), line);
            assertTrue(line.startsWith("Inbox subscription 'logs-" + form + "'"), line);
        }
        assertNotNull(lines.get(0).getThrown(), "the first failure shows its stack trace");
        for (LogRecord repeat : lines.subList(1, 4)) {
            assertNull(repeat.getThrown(), "the same cause within a minute: no trace again");
        }
    }
}
