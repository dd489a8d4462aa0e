package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.LogCapture;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lease form's heartbeats on a network that stops answering without closing: a frozen
 * connection costs no lease ({@link FrozenNetworkSetUp}; the other cases of a frozen network are
 * in {@link HalfOpenNetworkTest}).
 */
class HalfOpenLeaseTest {

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    static Stream<Arguments> everyDatabaseWithAPoolOfOneAndOfFour() {
        return Arrays.stream(TestDatabase.values()).flatMap(db -> Stream.of(1, 4)
                .map(connections -> Arguments.of(db, connections)));
    }

    /**
     * A lease outlives a heartbeat whose pooled connection went half-open. The heartbeats of a
     * subscription share one thread; an extension that waited the whole network timeout (as long as
     * the lease here, as by default) let every lease run out, and the idle worker claimed the rows
     * again and handed them to the listener a second time while their first deliveries still ran.
     * The extension waits a sixth of the lease, its connection is replaced, and the next extension
     * holds the lease: each row is handed over once. The extensions have a connection of their
     * own: with a pool of one, which the idle worker's claim takes and holds, frozen, for the
     * network timeout, six leases are extended in time (each waiting for the pool, they were not).
     */
    @ParameterizedTest
    @MethodSource("everyDatabaseWithAPoolOfOneAndOfFour")
    void aLeaseOutlivesAHeartbeatWhoseConnectionWentHalfOpen(TestDatabase db, int connections) throws Exception {
        String table = tables.inbox(db);
        String name = "halfopen-lease-" + db + "-" + connections;
        Duration lease = Duration.ofSeconds(9);
        try (LogCapture heartbeats = LogCapture.of("io.inboxra.ra.delivery.LeaseHeartbeat");
             FrozenNetworkSetUp setUp = FrozenNetworkSetUp.start(db)) {
            Map<String, String> p = setUp.properties(Form.LEASE, name, table);
            // With a pool of one, more leases than one heartbeat could extend in time if each waited for the pool.
            int rows = connections == 1 ? 6 : 2;
            p.put("workers", String.valueOf(rows + 1));
            p.put("connections", String.valueOf(connections));
            p.put("lease", lease.toString());
            p.put("networkTimeout", lease.toString());
            p.put("pollInterval", "PT0.2S");
            p.put("maxPollInterval", "PT0.5S");
            Harness.Activation mdb = setUp.server().activate(message -> {
                Await.sleep(lease.toMillis() * 3 / 2);
                return Outcome.ack();
            }, p);
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < rows; i++) {
                ids.add(db.insertMarker(table, "payload", "'slow'"));
            }
            Await.until("the rows are in their listeners", Duration.ofSeconds(20),
                    () -> mdb.log().invoked().size() == rows);
            // After the first extensions (a third of the lease after the claims), before the second: the heartbeats'
            // connection stops answering, and so do the pool's.
            Await.sleep(lease.toMillis() / 3 + 500);
            int frozen = setUp.network().freeze();
            Await.until("the rows are settled", Duration.ofSeconds(60),
                    () -> ids.stream().allMatch(mdb.log()::hasCommitted));
            // A second claim of a row whose lease ran out would have reached the listener before the first settled
            // (the idle worker polls every half second); a little longer for one under way.
            Await.sleep(2_000);

            assertEquals(ids, mdb.log().invoked().stream().map(i -> ((Number) i).longValue()).sorted().toList(),
                    db + ": each row handed to the listener once; heartbeat log: " + heartbeats.messages());
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce(), db + ": a row settled twice");
            assertEquals(0, db.count("SELECT count(*) FROM " + table), db + ": every row settled");
            assertTrue(heartbeats.contains("could not be extended"), db + " " + connections
                    + ": an extension met the frozen connection (else this test tried nothing); " + frozen + " frozen;"
                    + " log: " + heartbeats.messages());
            assertTrue(!heartbeats.contains("was lost"), db + ": no lease lost: " + heartbeats.messages());
        }
    }
}
