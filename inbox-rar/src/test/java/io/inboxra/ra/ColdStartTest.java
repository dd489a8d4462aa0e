package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Postgres;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What a subscription has ready once its activation returns (and it reports that it delivers
 * rows), so that the first row after a deployment does not pay for it: every worker's connection
 * and the wake-up listener's {@code LISTEN}; and each row lock worker's first turn is a claim in a
 * container transaction, row or no row, so that the server's first transaction and the MDB's
 * first instances are paid as the subscription starts.
 */
@Exclusive
class ColdStartTest {

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    @Test
    void theActivationReturnsWithTheWorkersConnectedAndTheListenerListening() throws Exception {
        String table = tables.inbox(TestDatabase.POSTGRES);
        String channel = "cold_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
        Map<String, String> p = Postgres.properties("cold", table);
        p.put("workers", "3");
        p.put("pollInterval", "PT20S");
        p.put("maxPollInterval", "PT20S");
        p.put("notifyChannel", channel);
        try (Harness server = Harness.start()) {
            server.activate(message -> Outcome.ack(), p);
            // No wait: all of it is there when the activation returns.
            assertEquals(3, TestDatabase.POSTGRES.adapterConnections("cold"), "each worker's connection is open");
            assertEquals(1, Postgres.count("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'inbox-ra:cold:listen'"
                    + " AND query = 'LISTEN " + channel + "'"), "the listener has run its LISTEN");
        }
    }

    @Test
    void eachRowLockWorkersFirstTurnClaimsInATransactionOnAnEmptyTable() throws Exception {
        String table = tables.inbox(TestDatabase.POSTGRES);
        Map<String, String> p = Postgres.properties("first-turn", table);
        p.put("workers", "2");
        // Far longer than the test: any endpoint asked for comes from the first turns.
        p.put("pollInterval", "PT20S");
        p.put("maxPollInterval", "PT20S");
        AtomicInteger delivered = new AtomicInteger();
        // The harness refuses the first two endpoints: counting them counts the transactions the workers began.
        try (Harness server = Harness.start().refusingEndpoints(2)) {
            Harness.Activation mdb = server.activate(message -> {
                delivered.incrementAndGet();
                return Outcome.ack();
            }, p);
            Await.until("both workers asked for an endpoint with nothing in the table", Duration.ofSeconds(5),
                    () -> mdb.log().refusedEndpoints() == 2);
            assertEquals(0, delivered.get());
        }
    }
}
