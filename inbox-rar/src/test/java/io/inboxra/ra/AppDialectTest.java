package io.inboxra.ra;

import io.inboxra.Outcome;
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
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
}
