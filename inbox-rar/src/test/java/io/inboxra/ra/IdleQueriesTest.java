package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TcpForwarder;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An idle subscription costs its database little: once its backoff has reached
 * {@code maxPollInterval}, each worker queries about once per {@code maxPollInterval}, not once
 * per {@code pollInterval}. Counted on the wire: the subscription reaches its database through a
 * forwarder of the test's that counts what the adapter sends.
 */
class IdleQueriesTest {

    private static final int WORKERS = 2;
    private static final Duration WINDOW = Duration.ofSeconds(6);
    /** Generous: a poll is one statement, or a few (a lease claim in steps on MariaDB, a pooled connection's check). */
    private static final int REQUESTS_PER_POLL = 4;

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void anIdleSubscriptionQueriesOncePerMaxPollIntervalAndWorker(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        int port = db == TestDatabase.MARIADB ? 3306 : 5432;
        try (TcpForwarder database = new TcpForwarder(port); Harness server = Harness.start()) {
            database.open();
            Map<String, String> p = DeliveryTest.properties(db, form, "idle-" + form, table);
            p.put("url", p.get("url").replace(":" + port + "/", ":" + database.port() + "/"));
            p.put("workers", String.valueOf(WORKERS));
            p.put("pollInterval", "PT0.05S");
            p.put("maxPollInterval", "PT1S");
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            db.execute("INSERT INTO " + table + " (payload) VALUES ('one')");
            Await.until("the row is delivered", Duration.ofSeconds(10), () -> mdb.log().committed().size() == 1);
            // From 50 ms, doubling: the backoff reaches 1 s in under 3 s.
            Await.sleep(3_000);
            long before = database.requests();
            Await.sleep(WINDOW.toMillis());
            long sent = database.requests() - before;
            mdb.deactivate();

            long polls = WORKERS * (WINDOW.toSeconds() / 1 + 1);
            // Polling every pollInterval instead would be 2 workers x 120 polls in the window.
            assertTrue(sent <= polls * REQUESTS_PER_POLL, db + " " + form + ": " + sent + " requests in " + WINDOW
                    + " idle, more than " + REQUESTS_PER_POLL + " for each of " + polls + " polls at maxPollInterval");
            assertTrue(sent >= WORKERS, db + " " + form + ": " + sent + " requests in " + WINDOW
                    + ": the workers still poll, the safety net under a missed wake-up");
            System.out.println("IdleQueriesTest " + db + " " + form + ": " + sent + " requests in " + WINDOW
                    + " idle with " + WORKERS + " workers, maxPollInterval PT1S");
        }
    }
}
