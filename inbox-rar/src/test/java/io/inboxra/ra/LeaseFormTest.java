package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;
import io.inboxra.harness.Await;
import io.inboxra.harness.EffectWriter;
import io.inboxra.harness.Harness;
import io.inboxra.harness.HeldBackStatements;
import io.inboxra.harness.Postgres;
import io.inboxra.ra.dialect.postgres.PostgresDialect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What only the lease form promises: few connections for many handlers, and a fence against lost leases. */
class LeaseFormTest {

    private final List<String> tables = new ArrayList<>();

    @AfterEach
    void dropTables() throws SQLException {
        for (String table : tables) {
            Postgres.execute("DROP TABLE IF EXISTS " + table);
        }
    }

    private String table(String prefix, String columns) throws SQLException {
        String table = Postgres.newTable(prefix, columns);
        tables.add(table);
        return table;
    }

    @Test
    void thirtyTwoSlowHandlersHoldNoMoreThanTheConnectionsOfThePool() throws Exception {
        String table = table("inbox", Postgres.INBOX_COLUMNS);
        Postgres.insertRows(table, 96);
        AtomicInteger inWork = new AtomicInteger();
        AtomicInteger mostInWork = new AtomicInteger();
        try (Harness server = Harness.start()) {
            Map<String, String> p = Postgres.properties("pooled", table);
            p.put("lockedUntilColumn", "locked_until");
            p.put("workers", "32");
            p.put("connections", "4");
            Harness.Activation mdb = server.activate(message -> {
                mostInWork.accumulateAndGet(inWork.incrementAndGet(), Math::max);
                Await.sleep(2000);
                inWork.decrementAndGet();
                return Outcome.ack();
            }, p);
            AtomicLong mostConnections = new AtomicLong();
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (Postgres.count("SELECT count(*) FROM " + table) > 0 && System.nanoTime() < deadline) {
                mostConnections.accumulateAndGet(Postgres.count("SELECT count(*) FROM pg_stat_activity"
                        + " WHERE application_name = 'inbox-ra:pooled'"), Math::max);
                Thread.sleep(50);
            }
            Await.until("every row is settled", Duration.ofSeconds(30), () -> mdb.log().committed().size() == 96);
            assertTrue(mostInWork.get() >= 16, "many handlers ran at once: " + mostInWork.get());
            assertTrue(mostConnections.get() <= 4, "connections held: " + mostConnections.get());
            assertTrue(mostConnections.get() >= 1, "the sampling saw the pool");
        }
    }

    @Test
    void aHandlerThatOutlivesItsLeaseCannotSettleAndItsOwnWorkRollsBack() throws Exception {
        String table = table("inbox", Postgres.INBOX_COLUMNS);
        String effects = table("effects", "row_id BIGINT NOT NULL");
        // Holds the heartbeat back: every lease extension fails (claims pass), so the lease runs out under
        // the handler and the next claim takes the row; the heartbeat never learns that it lost the lease,
        // and only the settlement's fencing token stops the first delivery.
        Statement heartbeat = new PostgresDialect().extendLease(TableSpec.builder(table).lockedUntilColumn("locked_until").build());
        Postgres.execute("INSERT INTO " + table + " (payload) VALUES ('slow, then fast')");
        long id = Postgres.count("SELECT id FROM " + table);
        AtomicInteger calls = new AtomicInteger();
        try (HeldBackStatements.Hold heartbeats = HeldBackStatements.hold(heartbeat);
             Harness server = Harness.start();
             EffectWriter writer = new EffectWriter(effects, ConcurrentHashMap.newKeySet(), message -> {
                 if (calls.incrementAndGet() == 1) {
                     Await.sleep(3000);   // three leases: another worker claims the row meanwhile
                 }
             })) {
            Map<String, String> p = Postgres.properties("outlived", table);
            p.put("lockedUntilColumn", "locked_until");
            p.put("lease", "PT1S");
            p.put("workers", "2");
            p.put("dataSourceClass", HeldBackStatements.class.getName());
            Harness.Activation mdb = server.activate(writer, p);
            Await.until("the first delivery has ended", Duration.ofSeconds(30),
                    () -> mdb.log().rolledBack().size() + mdb.log().committed().size() == 2);
            assertTrue(heartbeats.refusals() >= 2, "the heartbeat was held back: " + heartbeats.refusals());
            assertEquals(List.of(id), mdb.log().committed(), "the second claim settled the row");
            assertEquals(List.of(id), mdb.log().rolledBack(), "the first delivery's settlement was refused");
            assertEquals(1, Postgres.count("SELECT count(*) FROM " + effects), "the effect exists exactly once");
            assertEquals(0, Postgres.count("SELECT count(*) FROM " + table));
        }
    }

    /**
     * An MDB without a container transaction gets the rows of one claim one at a time (with one, a
     * batch shares its transaction: BatchDeliveryTest); those claimed ahead go back when it stops.
     */
    @Test
    void rowsClaimedAheadAreReleasedWhenTheSubscriptionStops() throws Exception {
        String table = table("inbox", Postgres.INBOX_COLUMNS);
        Postgres.insertRows(table, 10);
        AtomicInteger started = new AtomicInteger();
        try (Harness server = Harness.start()) {
            Map<String, String> p = Postgres.properties("ahead", table);
            p.put("lockedUntilColumn", "locked_until");
            p.put("batchSize", "10");
            p.put("lease", "PT60S");
            Harness.Activation mdb = server.activate(message -> {
                started.incrementAndGet();
                Await.sleep(500);
                return Outcome.ack();
            }, p, false);
            Await.until("the first row is in work", Duration.ofSeconds(10), () -> started.get() == 1);
            assertEquals(10, Postgres.count("SELECT count(*) FROM " + table + " WHERE locked_until > now()"),
                    "one claim leased the whole batch");
            mdb.deactivate();
            assertEquals(9, Postgres.count("SELECT count(*) FROM " + table), "the row in work settled");
            assertEquals(0, Postgres.count("SELECT count(*) FROM " + table + " WHERE locked_until IS NOT NULL"),
                    "the rows claimed ahead are free for another server at once");
        }
    }
}
