package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import jakarta.resource.ResourceException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** H2, the sample's embedded default, through its own XA data source: the row lock and lease forms. */
class H2Test {

    private static final String URL = "jdbc:h2:mem:inbox_h2_test;DB_CLOSE_DELAY=-1";

    private Connection keepAlive;

    @BeforeEach
    void createTable() throws SQLException {
        keepAlive = DriverManager.getConnection(URL, "sa", "");
        keepAlive.createStatement().execute("CREATE TABLE invoice_jobs (id BIGINT AUTO_INCREMENT PRIMARY KEY,"
                + " payload VARCHAR(200) NOT NULL, due_at TIMESTAMP WITH TIME ZONE DEFAULT CURRENT_TIMESTAMP,"
                + " locked_until TIMESTAMP WITH TIME ZONE)");
    }

    @AfterEach
    void dropTable() throws SQLException {
        keepAlive.createStatement().execute("DROP TABLE invoice_jobs");
        keepAlive.close();
    }

    private Map<String, String> properties(String name, Form form) {
        Map<String, String> p = properties(name);
        if (form == Form.LEASE) {
            p.put("lockedUntilColumn", "locked_until");
        }
        return p;
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

    @ParameterizedTest
    @EnumSource(value = Form.class, names = {"ROW_LOCK", "LEASE"})
    void everyRowIsDeliveredExactlyOnceAndDeleted(Form form) throws Exception {
        keepAlive.createStatement().execute("INSERT INTO invoice_jobs (payload) SELECT 'invoice ' || x FROM SYSTEM_RANGE(1, 500)");
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties("h2-once", form);
            p.put("workers", "4");
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            Await.until("every row is settled", Duration.ofSeconds(60),
                    () -> rows() == 0 && mdb.log().committed().size() >= 500);
            assertEquals(500, mdb.log().committedCounts().size());
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce(), "no row twice");
            assertEquals(500, mdb.log().invoked().size());
        }
    }

    /** H2 stores the unquoted names of a dead-letter table in upper case: the move must spell them so. */
    @ParameterizedTest
    @EnumSource(value = Form.class, names = {"ROW_LOCK", "LEASE"})
    void aRowIsDeadLetteredIntoATableWhoseColumnsH2StoresInUpperCase(Form form) throws Exception {
        keepAlive.createStatement().execute("CREATE TABLE invoice_jobs_dead (id BIGINT PRIMARY KEY, payload VARCHAR(200),"
                + " attempts INT, reason VARCHAR(2000), dead_at TIMESTAMP WITH TIME ZONE)");
        try {
            keepAlive.createStatement().execute("INSERT INTO invoice_jobs (payload) VALUES ('no customer'), ('fine')");
            try (Harness server = Harness.start()) {
                Map<String, String> p = properties("h2-dead-" + form, form);
                p.put("deadLetterTable", "invoice_jobs_dead");
                Harness.Activation mdb = server.activate(message -> message.text().equals("fine") ? Outcome.ack()
                        : Outcome.deadLetter("the invoice has no customer"), p);
                // The log records a commit after the commit itself: the rows may be gone a moment before.
                Await.until("both rows have left the inbox", Duration.ofSeconds(30),
                        () -> rows() == 0 && mdb.log().committed().size() >= 2);
                assertEquals(2, mdb.log().committed().size(), "each row settled once: " + mdb.log().committed());
            }
            try (ResultSet rs = keepAlive.createStatement().executeQuery(
                    "SELECT payload, attempts, reason FROM invoice_jobs_dead")) {
                assertTrue(rs.next(), "the dead letter is in its table");
                assertEquals("no customer", rs.getString(1));
                assertEquals(1, rs.getInt(2));
                assertEquals("the invoice has no customer", rs.getString(3));
                assertTrue(!rs.next(), "one dead letter");
            }
        } finally {
            keepAlive.createStatement().execute("DROP TABLE invoice_jobs_dead");
        }
    }

    @Test
    void aRowWhoseLeaseRanOutIsClaimedAgain() throws Exception {
        keepAlive.createStatement().execute("INSERT INTO invoice_jobs (payload, locked_until) VALUES"
                + " ('crashed server', DATEADD(SECOND, 2, CURRENT_TIMESTAMP))");
        long leasedUntil = System.currentTimeMillis() + 2000;
        try (Harness server = Harness.start()) {
            List<Long> deliveredAt = new java.util.concurrent.CopyOnWriteArrayList<>();
            server.activate(message -> {
                deliveredAt.add(System.currentTimeMillis());
                return Outcome.ack();
            }, properties("h2-expiry", Form.LEASE));
            Await.until("the row is delivered once its lease has run out", Duration.ofSeconds(30),
                    () -> !deliveredAt.isEmpty());
            assertTrue(deliveredAt.get(0) >= leasedUntil - 100, "delivered while another server's lease held it");
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

    @ParameterizedTest
    @EnumSource(value = Form.class, names = {"ROW_LOCK", "LEASE"})
    void theRowComesBackWhenTheListenerThrows(Form form) throws Exception {
        keepAlive.createStatement().execute("INSERT INTO invoice_jobs (payload) VALUES ('fragile')");
        AtomicInteger calls = new AtomicInteger();
        try (Harness server = Harness.start()) {
            Harness.Activation mdb = server.activate(message -> {
                if (calls.incrementAndGet() == 1) {
                    throw new IllegalStateException("the MDB fails once");
                }
                assertEquals("fragile", message.text());
                return Outcome.ack();
            }, properties("h2-thrower", form));
            Await.until("the row is delivered again and settled", Duration.ofSeconds(30),
                    () -> mdb.log().committed().size() == 1 && rows() == 0);
            assertEquals(1, mdb.log().rolledBack().size());
            assertEquals(mdb.log().rolledBack(), mdb.log().committed(), "the same row both times");
        }
    }
}
