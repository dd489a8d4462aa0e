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
import org.junit.jupiter.params.provider.EnumSource;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
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
@Alone
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
            Map<String, String> p = leaseProperties(db, name, table, LEASE, 2);
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
     * A batch whose listener fails after the settlement's own extension went unanswered too: the
     * batch rolls back, and its rows are taken back to be delivered one at a time, each checked by
     * an extension now. That check must know of the unanswered extensions (the database wrote one
     * of them since), or it takes the row for lost and leaves it to wait out a lease the delivery
     * itself wrote.
     *
     * <p>Lease 9 s: extensions every 3 s, each reply awaited 1.5 s. Counted from the first extension
     * the test sees (E, about 3 s after the claim): the first row's second extension (E + 3 s) is
     * held and cut off (E + 4.5 s); the listener fails at E + 5.25 s, and the settlement's extension
     * is cut off at E + 6.75 s; the lock is let go at E + 7.4 s, within the lease written at E,
     * while the check of the row taken back (from E + 6.75 s) waits for its reply. One worker, so
     * that one claim takes both rows.
     */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void aBatchRolledBackAfterItsSettlementsExtensionWentUnansweredKeepsItsRows(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        String name = "unanswered-batch-" + db;
        Duration lease = Duration.ofSeconds(9);
        AtomicLong failedAt = new AtomicLong();
        AtomicLong firstExtension = new AtomicLong();
        try (LogCapture heartbeats = LogCapture.of("io.inboxra.ra.delivery.LeaseHeartbeat");
             Harness server = Harness.start()) {
            Map<String, String> p = leaseProperties(db, name, table, lease, 1);
            p.put("batchSize", "2");
            Map<Long, Long> deliveredAt = new ConcurrentHashMap<>();
            Harness.Activation mdb = server.activateBatch(messages -> {
                if (messages.size() > 1) {
                    for (int waited = 0; firstExtension.get() == 0 && waited < 20_000; waited += 20) {
                        Await.sleep(20);
                    }
                    Await.sleep(Math.max(0, 5_250 - Duration.ofNanos(System.nanoTime() - firstExtension.get()).toMillis()));
                    failedAt.set(System.nanoTime());
                    throw new IllegalStateException("the batch fails after its settlement's extension went unanswered");
                }
                deliveredAt.put(((Number) messages.get(0).id()).longValue(), System.nanoTime());
                return List.of(Outcome.ack());
            }, p);
            // One statement: both rows are there for the first claim, a batch of two.
            db.insertRows(table, 2);
            List<Long> ids = ids(db, table);
            assertEquals(2, ids.size(), db + ": two rows inserted");
            CompletableFuture<Void> held = CompletableFuture.runAsync(
                    () -> holdTheSecondExtension(db, table, ids.get(0), Duration.ofMillis(7_400), firstExtension));
            Await.until("the rows are settled", Duration.ofSeconds(60), () -> ids.stream().allMatch(mdb.log()::hasCommitted));
            held.get();

            List<String> log = heartbeats.messages().stream().filter(m -> m.contains("'" + name + "'")).toList();
            assertTrue(log.stream().anyMatch(m -> m.contains("could not be extended; the settlement matches")), db
                    + ": the settlement's extension was cut off too (else this test tried nothing); log: " + log);
            assertTrue(failedAt.get() != 0, db + ": the batch was delivered, and failed");
            assertTrue(log.stream().noneMatch(m -> m.contains("was lost")), db + ": no lease taken for lost: " + log);
            assertTrue(log.stream().anyMatch(m -> m.contains("held the extension that went unanswered")), db + ": the"
                    + " row taken back found the lease the database wrote; log: " + log);
            Duration again = Duration.ofNanos(deliveredAt.get(ids.get(0)) - failedAt.get());
            assertTrue(again.compareTo(lease.dividedBy(2)) < 0, db + ": the row came again " + again + " after the"
                    + " batch failed, not once its lease ran out");
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce(), db + ": a row settled twice");
            assertEquals(0, db.count("SELECT count(*) FROM " + table), db + ": the rows settled");
        }
    }

    /**
     * Waits for the first extension (the row's lease changes), then locks the row for
     * {@link #HOLD}: the second extension waits for the lock past the heartbeat's wait for a
     * reply, is cut off, and is written when the lock is let go, while the lease still holds.
     */
    private static void holdTheSecondExtension(TestDatabase db, String table, long id) {
        holdTheSecondExtension(db, table, id, HOLD, new AtomicLong());
    }

    /**
     * Waits for the row's first extension, sets {@code seen} to that moment ({@link System#nanoTime}),
     * then locks the row until {@code hold} after it.
     */
    private static void holdTheSecondExtension(TestDatabase db, String table, long id, Duration hold, AtomicLong seen) {
        try (Connection watcher = db.connect(); Connection holder = db.connect()) {
            Await.until("the row is claimed", Duration.ofSeconds(20), () -> lease(watcher, table, id) != null);
            Object claimed = lease(watcher, table, id);
            Await.until("the first extension", Duration.ofSeconds(20),
                    () -> !Objects.equals(claimed, lease(watcher, table, id)));
            seen.set(System.nanoTime());
            holder.setAutoCommit(false);
            try (PreparedStatement lock = holder.prepareStatement("SELECT id FROM " + table + " WHERE id = ? FOR UPDATE")) {
                lock.setLong(1, id);
                lock.executeQuery().close();
            }
            Await.sleep(Math.max(0, hold.toMillis() - Duration.ofNanos(System.nanoTime() - seen.get()).toMillis()));
            holder.commit();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The lease form, polling often: a row a claim could take again is taken within half a second. */
    private static Map<String, String> leaseProperties(TestDatabase db, String name, String table, Duration lease,
            int workers) {
        Map<String, String> p = DeliveryTest.properties(db, Form.LEASE, name, table);
        p.put("lease", lease.toString());
        p.put("workers", String.valueOf(workers));
        p.put("pollInterval", "PT0.2S");
        p.put("maxPollInterval", "PT0.5S");
        return p;
    }

    private static List<Long> ids(TestDatabase db, String table) throws SQLException {
        List<Long> ids = new java.util.ArrayList<>();
        try (Connection c = db.connect(); PreparedStatement ps = c.prepareStatement("SELECT id FROM " + table + " ORDER BY id");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
        }
        return ids;
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
