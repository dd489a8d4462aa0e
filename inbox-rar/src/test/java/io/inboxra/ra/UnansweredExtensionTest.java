package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.LogCapture;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A lease extension that the database wrote, though its reply never came: the database was slow
 * rather than gone (here a row lock of the test's holds the extension back for longer than the
 * heartbeat waits for a reply, then lets it through). The heartbeat cut the connection off and
 * kept the token it had seen, which the row no longer holds. It must find the lease its own
 * extension wrote, not take it for lost: the delivery settles once, and the row is not handed to
 * the listener a second time when that lease runs out.
 */
@Tag("exclusive")
class UnansweredExtensionTest {

    /** A sixth of it, one second, is the heartbeat's wait for a reply; a third, two seconds, its period. */
    private static final Duration LEASE = Duration.ofSeconds(6);
    /** From just after the first extension: the second comes a period later and is cut off a second after that. */
    private static final Duration HOLD = Duration.ofMillis(3500);

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    /**
     * Each database, with a listener that outlives the next extension (the heartbeat finds the
     * lease), and one that ends before it (the settlement must match the lease the database wrote).
     */
    static Stream<Arguments> databasesAndListeners() {
        return Stream.of(TestDatabase.POSTGRES, TestDatabase.MARIADB).flatMap(db -> Stream.of(
                Arguments.of(db, Duration.ofSeconds(12)), Arguments.of(db, Duration.ofMillis(6200))));
    }

    @ParameterizedTest
    @MethodSource("databasesAndListeners")
    void anExtensionWrittenButUnansweredKeepsTheLease(TestDatabase db, Duration listener) throws Exception {
        String table = tables.inbox(db);
        String name = "unanswered-" + db + "-" + listener.toMillis();
        try (LogCapture heartbeats = LogCapture.of("io.inboxra.ra.delivery.LeaseHeartbeat");
             Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(db, Form.LEASE, name, table);
            p.put("lease", LEASE.toString());
            p.put("workers", "2");
            p.put("pollInterval", "PT0.2S");
            p.put("maxPollInterval", "PT0.5S");
            Harness.Activation mdb = server.activate(message -> {
                Await.sleep(listener.toMillis());
                return Outcome.ack();
            }, p);
            long id = db.insertMarker(table, "payload", "'slowly extended'");
            CompletableFuture<Void> held = CompletableFuture.runAsync(() -> holdTheSecondExtension(db, table, id));
            Await.until("the row is settled", Duration.ofSeconds(40), () -> mdb.log().hasCommitted(id));
            held.get();
            // A second claim, once the lease the heartbeat did not see ran out, would reach the idle worker by now.
            Await.sleep(LEASE.toMillis() + 1_000);

            List<String> log = heartbeats.messages().stream().filter(m -> m.contains("'" + name + "'")).toList();
            assertTrue(log.stream().anyMatch(m -> m.contains("could not be extended")), db + ": an extension was cut"
                    + " off waiting for its reply (else this test tried nothing); log: " + log);
            assertEquals(List.of(id), mdb.log().invoked().stream().map(i -> ((Number) i).longValue()).toList(),
                    db + ": the row handed to the listener once; heartbeat log: " + log);
            assertEquals(List.of(), mdb.log().rolledBack(), db + ": the delivery settled at its first try");
            assertEquals(0, db.count("SELECT count(*) FROM " + table), db + ": the row settled");
            assertTrue(log.stream().noneMatch(m -> m.contains("was lost")), db + ": no lease taken for lost: " + log);
            assertTrue(log.stream().anyMatch(m -> m.contains("held the extension that went unanswered")), db + ": the"
                    + " database wrote the extension cut off, and the heartbeat found it (else this test tried nothing);"
                    + " log: " + log);
        }
    }

    /**
     * Waits for the first extension (the row's lease changes), then locks the row for
     * {@link #HOLD}: the second extension waits for the lock past the heartbeat's wait for a
     * reply, is cut off, and is written when the lock is let go, while the lease still holds.
     */
    private static void holdTheSecondExtension(TestDatabase db, String table, long id) {
        try (Connection watcher = db.connect(); Connection holder = db.connect()) {
            Await.until("the row is claimed", Duration.ofSeconds(20), () -> lease(watcher, table, id) != null);
            Object claimed = lease(watcher, table, id);
            Await.until("the first extension", Duration.ofSeconds(20),
                    () -> !Objects.equals(claimed, lease(watcher, table, id)));
            holder.setAutoCommit(false);
            try (PreparedStatement lock = holder.prepareStatement("SELECT id FROM " + table + " WHERE id = ? FOR UPDATE")) {
                lock.setLong(1, id);
                lock.executeQuery().close();
            }
            Await.sleep(HOLD.toMillis());
            holder.commit();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object lease(Connection c, String table, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT locked_until FROM " + table + " WHERE id = ?")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getObject(1) : null;
            }
        }
    }
}
