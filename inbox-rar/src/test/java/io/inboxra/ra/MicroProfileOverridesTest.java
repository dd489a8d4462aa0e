package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Postgres;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** MicroProfile Config overrides the activation config: inbox.<subscription>.<property>. */
class MicroProfileOverridesTest {

    private String table;

    @AfterEach
    void cleanUp() throws SQLException {
        System.clearProperty("inbox.overridden.queue");
        System.clearProperty("inbox.configured.url");
        System.clearProperty("inbox.configured.user");
        System.clearProperty("inbox.unsubstituted.url");
        if (table != null) {
            Postgres.execute("DROP TABLE IF EXISTS " + table);
        }
    }

    @Test
    void aConfigValueReplacesTheAnnotationsQueue() throws Exception {
        table = Postgres.newInbox();
        Postgres.execute("INSERT INTO " + table + " (payload, queue) VALUES ('for a', 'a'), ('for b', 'b')");
        System.setProperty("inbox.overridden.queue", "b");   // a system property is a config source
        try (Harness server = Harness.start()) {
            Map<String, String> p = Postgres.properties("overridden", table);
            p.put("queueColumn", "queue");
            p.put("queue", "a");
            Harness.Activation mdb = server.activate(message -> {
                assertEquals("b", message.queue().orElseThrow());
                return Outcome.ack();
            }, p);
            Await.until("the row of queue b is delivered", Duration.ofSeconds(30),
                    () -> mdb.log().committed().size() == 1);
            Thread.sleep(300);
            assertEquals(1, Postgres.count("SELECT count(*) FROM " + table + " WHERE queue = 'a'"),
                    "queue a, named by the annotation, is left alone");
            assertTrue(mdb.log().rolledBack().isEmpty());
        }
    }

    /**
     * An MDB may leave its database to the config (the sample's {@code IssueInvoice} does, so that
     * one WAR names its database the same way on Payara, WildFly and Open Liberty): the server's
     * {@code validate()} before the activation passes without it, and the activation takes it
     * from {@code inbox.<subscription>.url} and {@code .user}.
     */
    @Test
    void anMdbWithoutADatabaseGetsItFromTheConfigAtItsActivation() throws Exception {
        table = Postgres.newInbox();
        Postgres.execute("INSERT INTO " + table + " (payload) VALUES ('configured')");
        Map<String, String> p = Postgres.properties("configured", table);
        p.remove("url");
        p.remove("user");
        InboxActivationSpec spec = new InboxActivationSpec();
        spec.setName("configured");
        spec.setTable(table);
        assertDoesNotThrow(spec::validate, "the database is left to the activation");
        System.setProperty("inbox.configured.url", Postgres.URL);
        System.setProperty("inbox.configured.user", Postgres.USER);
        try (Harness server = Harness.start()) {
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            Await.until("the row is delivered from the configured database", Duration.ofSeconds(30),
                    () -> mdb.log().committed().size() == 1);
            assertEquals(0, Postgres.count("SELECT count(*) FROM " + table));
        }
    }

    /** Without the config's value, the activation (not validate()) names the missing database. */
    @Test
    void anMdbWithNoDatabaseAnywhereFailsItsActivationNamingIt() throws Exception {
        table = Postgres.newInbox();
        Map<String, String> p = Postgres.properties("nowhere", table);
        p.remove("url");
        try (Harness server = Harness.start()) {
            jakarta.resource.ResourceException refused = assertThrows(jakarta.resource.ResourceException.class,
                    () -> server.activate(message -> Outcome.ack(), p));
            assertTrue(refused.getMessage().contains("No database is set: give 'url'"), refused.getMessage());
        }
    }

    /** validate() still refuses what no config can mend before the activation: here a bad worker count. */
    @Test
    void validateStillRefusesABadPropertyWithoutADatabase() {
        InboxActivationSpec spec = new InboxActivationSpec();
        spec.setTable("jobs");
        spec.setWorkers("none");
        jakarta.resource.spi.InvalidPropertyException refused = assertThrows(
                jakarta.resource.spi.InvalidPropertyException.class, spec::validate);
        assertTrue(refused.getMessage().contains("'workers'"), refused.getMessage());
    }

    /**
     * A reference the server left as it is (Payara's {@code ${MPCONFIG=...}} on WildFly or Open
     * Liberty) passes {@code validate()}, and the config's value replaces it at the activation.
     */
    @Test
    void aConfigValueReplacesAReferenceTheServerLeftUnsubstituted() throws Exception {
        table = Postgres.newInbox();
        Postgres.execute("INSERT INTO " + table + " (payload) VALUES ('rescued')");
        Map<String, String> p = Postgres.properties("unsubstituted", table);
        p.put("url", "${MPCONFIG=billing.db.url}");
        InboxActivationSpec spec = new InboxActivationSpec();
        spec.setTable(table);
        spec.setUrl("${MPCONFIG=billing.db.url}");
        assertDoesNotThrow(spec::validate, "the reference is left to the activation");
        System.setProperty("inbox.unsubstituted.url", Postgres.URL);
        try (Harness server = Harness.start()) {
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            Await.until("the row is delivered from the configured database", Duration.ofSeconds(30),
                    () -> mdb.log().committed().size() == 1);
        }
    }
}
