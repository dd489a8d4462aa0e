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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** MicroProfile Config overrides the activation config: inbox.<subscription>.<property>. */
class MicroProfileOverridesTest {

    private String table;

    @AfterEach
    void cleanUp() throws SQLException {
        System.clearProperty("inbox.overridden.queue");
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
}
