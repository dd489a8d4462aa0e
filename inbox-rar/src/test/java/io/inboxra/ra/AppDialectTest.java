package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.appdialect.NoRescheduleDialect;
import io.inboxra.appdialect.SeedStylePostgresDialect;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Postgres;
import jakarta.resource.ResourceException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A dialect of the application's own, named by class and loaded from the MDB's class loader. */
class AppDialectTest {

    private String table;

    @BeforeEach
    void createTable() throws SQLException {
        table = Postgres.newInbox();
    }

    @AfterEach
    void dropTable() throws SQLException {
        Postgres.execute("DROP TABLE IF EXISTS " + table);
    }

    private String failure(String dialect, Map<String, String> extra) throws Exception {
        Map<String, String> p = Postgres.properties("app-dialect", table);
        p.put("dialect", dialect);
        p.putAll(extra);
        try (Harness server = Harness.start()) {
            return assertThrows(ResourceException.class, () -> server.activate(message -> Outcome.ack(), p)).getMessage();
        }
    }

    @Test
    void anApplicationsDialectDrivesASubscriptionEndToEnd() throws Exception {
        Postgres.insertRows(table, 200);
        try (Harness server = Harness.start()) {
            Map<String, String> p = Postgres.properties("app-dialect", table);
            p.put("dialect", SeedStylePostgresDialect.class.getName());
            p.put("workers", "4");
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            Await.until("every row is settled", Duration.ofSeconds(30),
                    () -> Postgres.count("SELECT count(*) FROM " + table) == 0);
            Await.until("every delivery has committed", Duration.ofSeconds(5), () -> mdb.log().committed().size() == 200);
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce(), "no row twice");
        }
    }

    @Test
    void aMissingClassIsNamed() throws Exception {
        assertEquals("Inbox subscription 'app-dialect' cannot start: Property 'dialect' is 'com.example.NoSuchDialect':"
                + " no such class in the application or the adapter; check the name, and package the class with the MDB.",
                failure("com.example.NoSuchDialect", Map.of()));
    }

    @Test
    void aClassThatIsNotADialectIsNamed() throws Exception {
        assertEquals("Inbox subscription 'app-dialect' cannot start: Property 'dialect' is"
                + " 'io.inboxra.appdialect.NotADialect': that class does not implement io.inboxra.dialect.Dialect;"
                + " implement it (and the capability of the subscription's form, such as io.inboxra.dialect.RowLock).",
                failure("io.inboxra.appdialect.NotADialect", Map.of()));
    }

    @Test
    void aDialectWithoutAPublicNoArgumentConstructorIsNamed() throws Exception {
        assertEquals("Inbox subscription 'app-dialect' cannot start: Property 'dialect' is"
                + " 'io.inboxra.appdialect.NoDefaultConstructorDialect': the class has no public no-argument"
                + " constructor; add one.",
                failure("io.inboxra.appdialect.NoDefaultConstructorDialect", Map.of()));
    }

    @Test
    void aDialectWithoutTheFormsCapabilityIsNamed() throws Exception {
        assertEquals("Inbox subscription 'app-dialect' cannot start: Dialect 'no-form' cannot claim in the ROW_LOCK"
                + " form (it offers []): choose a form it offers, or a dialect that implements the ROW_LOCK capability.",
                failure("io.inboxra.appdialect.NoFormDialect", Map.of()));
    }

    @Test
    void fifoGroupsTheDialectCannotKeepAreRefused() throws Exception {
        Postgres.execute("ALTER TABLE " + table + " ADD COLUMN grp TEXT");
        assertEquals("Inbox subscription 'app-dialect' cannot start: Dialect 'seed-style-postgres' refuses the table"
                + " (UNSUPPORTED_FIFO): this dialect keeps no FIFO groups; remove 'fifoColumn'.",
                failure(SeedStylePostgresDialect.class.getName(), Map.of("fifoColumn", "grp")));
    }

    @Test
    void aDialectThatCannotRescheduleFailsASubscriptionThatCountsAttempts() throws Exception {
        Postgres.execute("ALTER TABLE " + table + " ADD COLUMN dead_at TIMESTAMPTZ");
        assertEquals("Inbox subscription 'app-dialect' cannot start: Dialect 'no-reschedule' refuses the table"
                + " (UNSUPPORTED): it cannot reschedule rows (this dialect cannot reschedule rows; retries and backoff"
                + " need it), and the subscription counts failed deliveries in 'attemptColumn' ('attempts'),"
                + " dead-lettering rows after 'maxAttempts' (3): without reschedule none would be counted. To fix,"
                + " implement reschedule(TableSpec) in io.inboxra.appdialect.NoRescheduleDialect (or extend"
                + " io.inboxra.dialect.StandardDialect, which writes it from the database's clock), or remove"
                + " 'maxAttempts' and 'attemptColumn'.",
                failure(NoRescheduleDialect.class.getName(), Map.of("dueColumn", "due_at", "attemptColumn", "attempts",
                        "maxAttempts", "3", "deadAtColumn", "dead_at")));
        assertTrue(failure(NoRescheduleDialect.class.getName(), Map.of("dueColumn", "due_at",
                "attemptColumn", "attempts")).endsWith("or remove 'attemptColumn'."), "without maxAttempts");
    }

    @Test
    void aDialectThatCannotRescheduleIsWarnedAboutOnceWhereNothingIsCounted() throws Exception {
        List<LogRecord> warnings = new ArrayList<>();
        Logger logger = Logger.getLogger("io.inboxra.ra.connection.SubscriptionStatements");
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                warnings.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        logger.addHandler(capture);
        Postgres.insertRows(table, 3);
        try (Harness server = Harness.start()) {
            Map<String, String> p = Postgres.properties("app-dialect", table);
            p.put("dialect", NoRescheduleDialect.class.getName());
            p.put("dueColumn", "due_at");
            server.activate(message -> Outcome.ack(), p);
            Await.until("every row is settled", Duration.ofSeconds(30),
                    () -> Postgres.count("SELECT count(*) FROM " + table) == 0);
        } finally {
            logger.removeHandler(capture);
        }
        assertEquals(1, warnings.size(), "one warning");
        assertEquals(Level.WARNING, warnings.get(0).getLevel());
        assertEquals("Inbox subscription 'app-dialect': dialect 'no-reschedule' cannot reschedule rows (this dialect"
                + " cannot reschedule rows; retries and backoff need it): a failed delivery comes back at once,"
                + " uncounted, and a listener's retry waits in memory, not by the row's due time. To retry by the due"
                + " time, implement reschedule(TableSpec) in io.inboxra.appdialect.NoRescheduleDialect (or extend"
                + " io.inboxra.dialect.StandardDialect, which writes it from the database's clock).",
                warnings.get(0).getMessage());
    }
}
