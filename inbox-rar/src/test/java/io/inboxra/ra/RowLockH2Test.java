package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.resource.ResourceException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The row lock form on H2, the sample's embedded default, through its own XA data source. */
class RowLockH2Test {

    private static final String URL = "jdbc:h2:mem:inbox_h2_test;DB_CLOSE_DELAY=-1";

    private Connection keepAlive;

    @BeforeEach
    void createTable() throws SQLException {
        keepAlive = DriverManager.getConnection(URL, "sa", "");
        keepAlive.createStatement().execute("CREATE TABLE invoice_jobs (id BIGINT AUTO_INCREMENT PRIMARY KEY,"
                + " payload VARCHAR(200) NOT NULL, due_at TIMESTAMP WITH TIME ZONE DEFAULT CURRENT_TIMESTAMP)");
    }

    @AfterEach
    void dropTable() throws SQLException {
        keepAlive.createStatement().execute("DROP TABLE invoice_jobs");
        keepAlive.close();
    }

    private Map<String, String> properties(String name) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("name", name);
        p.put("table", "invoice_jobs");   // H2 stores it as INVOICE_JOBS: the check finds the spelling
        p.put("dueColumn", "due_at");
        p.put("url", URL);
        p.put("user", "sa");
        p.put("pollInterval", "PT0.05S");
        p.put("maxPollInterval", "PT0.2S");
        return p;
    }

    private long rows() throws SQLException {
        try (ResultSet rs = keepAlive.createStatement().executeQuery("SELECT count(*) FROM invoice_jobs")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void everyRowIsDeliveredExactlyOnceAndDeleted() throws Exception {
        keepAlive.createStatement().execute("INSERT INTO invoice_jobs (payload) SELECT 'invoice ' || x FROM SYSTEM_RANGE(1, 500)");
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties("h2-once");
            p.put("workers", "4");
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            Await.until("every row is settled", Duration.ofSeconds(60),
                    () -> rows() == 0 && mdb.log().committed().size() >= 500);
            Map<Object, Long> counts = new HashMap<>(mdb.log().committedCounts());
            assertEquals(500, counts.size());
            assertTrue(counts.values().stream().allMatch(n -> n == 1), "no row twice");
            assertEquals(500, mdb.log().invoked().size());
        }
    }

    @Test
    void fifoGroupsOnADialectThatKeepsNoneAreRefused() throws Exception {
        Map<String, String> p = properties("h2-fifo");
        p.put("fifoColumn", "payload");
        try (Harness server = Harness.start()) {
            ResourceException e = assertThrows(ResourceException.class, () -> server.activate(message -> Outcome.ack(), p));
            assertEquals("Inbox subscription 'h2-fifo' cannot start: Dialect 'h2' refuses the table (UNSUPPORTED_FIFO):"
                    + " this dialect keeps no FIFO groups in the row lock form; remove 'fifoColumn'.", e.getMessage());
        }
    }

    @Test
    void theRowComesBackWhenTheListenerThrows() throws Exception {
        keepAlive.createStatement().execute("INSERT INTO invoice_jobs (payload) VALUES ('fragile')");
        AtomicInteger calls = new AtomicInteger();
        try (Harness server = Harness.start()) {
            Harness.Activation mdb = server.activate(message -> {
                if (calls.incrementAndGet() == 1) {
                    throw new IllegalStateException("the MDB fails once");
                }
                assertEquals("fragile", message.text());
                return Outcome.ack();
            }, properties("h2-thrower"));
            Await.until("the row is delivered again and settled", Duration.ofSeconds(30),
                    () -> mdb.log().committed().size() == 1 && rows() == 0);
            assertEquals(1, mdb.log().rolledBack().size());
            assertEquals(mdb.log().rolledBack(), mdb.log().committed(), "the same row both times");
        }
    }
}
