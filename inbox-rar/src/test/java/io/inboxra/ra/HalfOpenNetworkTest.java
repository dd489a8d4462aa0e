package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.LogCapture;
import io.inboxra.harness.TcpForwarder;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionState;
import io.inboxra.operations.SubscriptionView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.management.ManagementFactory;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.management.MBeanServer;
import javax.management.ObjectName;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A network that stops answering without closing the connection (a failover, a NAT or firewall
 * dropping the flows) parks no worker: each waits at most {@code networkTimeout} for a reply, then
 * replaces its connection, and the rows flow again; meanwhile the subscription shows the stall.
 * The subscription reaches its database through a forwarder of the test's, which at a moment
 * stops carrying the bytes of every connection open then, without closing any, while new
 * connections pass.
 */
// Not exclusive: its frozen connections are its own subscriptions', on tables of its own (a forwarder per case).
class HalfOpenNetworkTest {

    private static final int WORKERS = 2;
    private static final int ROWS = 10;
    private static final Duration NETWORK_TIMEOUT = Duration.ofSeconds(4);

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    /**
     * A harness whose subscriptions reach the database through a forwarder of the test's, which
     * the test freezes: the set-up every case here shares. Closes the harness, then the forwarder.
     */
    private record FrozenNetworkSetUp(TestDatabase db, TcpForwarder network, Harness server) implements AutoCloseable {

        static FrozenNetworkSetUp start(TestDatabase db) throws Exception {
            TcpForwarder network = new TcpForwarder(db == TestDatabase.MARIADB ? 3306 : 5432);
            try {
                network.open();
                return new FrozenNetworkSetUp(db, network, Harness.start());
            } catch (Exception | Error e) {
                network.close();
                throw e;
            }
        }

        /** The activation config, with the url through the forwarder and short timeouts. */
        Map<String, String> properties(Form form, String name, String table) {
            Map<String, String> p = DeliveryTest.properties(db, form, name, table);
            p.put("url", p.get("url").replace(":" + network.target() + "/", ":" + network.port() + "/"));
            p.put("workers", String.valueOf(WORKERS));
            p.put("connectTimeout", "PT2S");
            p.put("statementTimeout", "PT1S");
            p.put("networkTimeout", NETWORK_TIMEOUT.toString());
            return p;
        }

        @Override
        public void close() throws Exception {
            try (network) {
                server.close();
            }
        }
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void rowsFlowAgainWithinAMinuteWhenTheNetworkStopsAnsweringWithoutClosing(TestDatabase db, Form form)
            throws Exception {
        String table = tables.inbox(db);
        String name = "halfopen-" + db + "-" + form;
        try (FrozenNetworkSetUp setUp = FrozenNetworkSetUp.start(db)) {
            Harness.Activation mdb = setUp.server().activate(message -> Outcome.ack(),
                    setUp.properties(form, name, table));
            db.insertRows(table, 4);
            Await.until("the rows before the freeze are delivered", Duration.ofSeconds(20),
                    () -> mdb.log().committed().size() == 4);
            SubscriptionView view = InboxSubscriptions.find(name).orElseThrow();
            MBeanServer mbeans = ManagementFactory.getPlatformMBeanServer();
            ObjectName bean = new ObjectName("io.inboxra:type=Subscription,name=" + name);

            int frozen = setUp.network().freeze();
            assertTrue(frozen >= WORKERS, db + " " + form + ": only " + frozen + " connection(s) were open to freeze");
            // A claim that crossed just before the freeze has run by then: the rows below are inserted behind it, so
            // none is claimed by a session the adapter no longer hears (such a row stays with that session, as
            // with a real network, until the database notices: see the README's Timeouts).
            Await.sleep(1_000);
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < ROWS; i++) {
                ids.add(db.insertMarker(table, "payload", "'after the freeze'"));
            }
            Set<String> shown = new LinkedHashSet<>();
            Await.until("the " + ROWS + " rows inserted after the freeze are delivered", Duration.ofSeconds(60), () -> {
                shown.add(view.snapshot().state().name());
                shown.add((String) mbeans.getAttribute(bean, "State"));
                return ids.stream().allMatch(mdb.log()::hasCommitted);
            });

            assertEquals(Map.of(), mdb.log().committedMoreThanOnce(), db + " " + form + ": a row settled twice");
            for (long id : ids) {
                assertEquals(1, mdb.log().invoked().stream().filter(i -> ((Number) i).longValue() == id).count(),
                        db + " " + form + ": row " + id + " handed to the listener once");
            }
            assertEquals(0, db.count("SELECT count(*) FROM " + table), db + " " + form + ": every row settled");
            assertTrue(shown.contains(SubscriptionState.STALLED.name()), db + " " + form + ": the stall showed in the"
                    + " state and the MBean meanwhile; seen " + shown);
            String lastError = (String) mbeans.getAttribute(bean, "LastError");
            assertTrue(lastError.contains("networkTimeout"), db + " " + form + ": the last error names the"
                    + " network timeout: " + lastError);
            Await.until("the subscription runs again", Duration.ofSeconds(20),
                    () -> view.snapshot().state() == SubscriptionState.RUNNING);
            System.out.println("HalfOpenNetworkTest " + db + " " + form + ": " + frozen + " connections frozen;"
                    + " states shown " + shown + "; last error: " + lastError);
        }
    }

    /**
     * Undeploying while the network is frozen ends: each worker's wait for a reply is bounded, and so
     * is closing its connection (today's drivers send a rollback on close, which waited for ever
     * behind the worker's read).
     */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void theDeactivationEndsWhileTheNetworkIsFrozen(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        String name = "halfopen-stop-" + db + "-" + form;
        try (FrozenNetworkSetUp setUp = FrozenNetworkSetUp.start(db)) {
            Harness.Activation mdb = setUp.server().activate(message -> Outcome.ack(),
                    setUp.properties(form, name, table));
            long id = db.insertMarker(table, "payload", "'before'");
            Await.until("the row is delivered", Duration.ofSeconds(20), () -> mdb.log().hasCommitted(id));
            setUp.network().freeze();
            // Let the workers' next claims go out on the frozen connections.
            Await.sleep(500);
            Thread stop = new Thread(mdb::deactivate, "deactivation");
            stop.start();
            stop.join(Duration.ofSeconds(90).toMillis());
            assertTrue(!stop.isAlive(), db + " " + form + ": the deactivation ended while the network was frozen");
        }
    }

    /**
     * The network timeout bounds a wait for a reply, not a transaction: in the row lock form the
     * claim's connection sits in its transaction, sending nothing, while the listener runs, and a
     * listener three times longer than the timeout still commits its row, once, with nothing
     * counted as failed.
     */
    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void aListenerLongerThanTheNetworkTimeoutKeepsItsRowLock(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        String name = "halfopen-slow-" + db;
        try (FrozenNetworkSetUp setUp = FrozenNetworkSetUp.start(db)) {
            Map<String, String> p = setUp.properties(Form.ROW_LOCK, name, table);
            p.put("networkTimeout", "PT2S");
            Harness.Activation mdb = setUp.server().activate(message -> {
                Await.sleep(6_000);
                return Outcome.ack();
            }, p);
            SubscriptionView view = InboxSubscriptions.find(name).orElseThrow();
            long id = db.insertMarker(table, "payload", "'slow'");
            Set<SubscriptionState> shown = new LinkedHashSet<>();
            Await.until("the slow row is delivered", Duration.ofSeconds(30), () -> {
                shown.add(view.snapshot().state());
                return mdb.log().hasCommitted(id);
            });
            assertEquals(Set.of(SubscriptionState.RUNNING), shown, db + ": a listener's time is no stall");
            assertEquals(List.of(id), mdb.log().invoked().stream().map(i -> ((Number) i).longValue()).toList(),
                    db + ": delivered once");
            assertEquals(0, view.snapshot().failed(), db + ": nothing failed");
            assertTrue(view.snapshot().lastError().isEmpty(), db + ": no error: " + view.snapshot().lastError());
            assertEquals(0, db.count("SELECT count(*) FROM " + table), db + ": the row is settled");
        }
    }

    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> everyDatabaseWithAPoolOfOneAndOfFour() {
        return java.util.Arrays.stream(TestDatabase.values()).flatMap(db -> java.util.stream.Stream.of(1, 4)
                .map(connections -> org.junit.jupiter.params.provider.Arguments.of(db, connections)));
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

    /**
     * The server's recovery pass does not wait on a kept connection gone half-open: the resource
     * for {@code getXAResources} keeps its connection between a pass's calls (and after a decision
     * that came after its scan ended), and a NAT or firewall may drop that connection's flow while
     * it sits idle. A call on it held the server's recovery thread, which serves every resource of
     * the server, for the whole network timeout; a connection idle for a while is checked first
     * and replaced.
     */
    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void aRecoveryPassDoesNotWaitOnAKeptConnectionGoneHalfOpen(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        String name = "halfopen-recovery-" + db;
        try (FrozenNetworkSetUp setUp = FrozenNetworkSetUp.start(db)) {
            Map<String, String> p = setUp.properties(Form.ROW_LOCK, name, table);
            p.put("networkTimeout", "PT12S");
            Harness.Activation mdb = setUp.server().activate(message -> Outcome.ack(), p);
            javax.transaction.xa.XAResource recovery = mdb.recoveryResources()[0];
            // A scan begun and not ended: the resource keeps its connection.
            recovery.recover(javax.transaction.xa.XAResource.TMSTARTRSCAN);
            setUp.network().freeze();
            Await.sleep(6_000);

            long began = System.nanoTime();
            recovery.recover(javax.transaction.xa.XAResource.TMSTARTRSCAN
                    | javax.transaction.xa.XAResource.TMENDRSCAN);
            Duration took = Duration.ofNanos(System.nanoTime() - began);
            assertTrue(took.compareTo(Duration.ofSeconds(8)) < 0, db + ": the next pass's scan answered in " + took
                    + ", not after the 12 s network timeout");
        }
    }

    /**
     * The operators' read of the backlog does not wait on its kept connection gone half-open: the
     * connection stays open between reads, which a page or a metrics scrape may make minutes apart,
     * and a NAT or firewall may drop its flow meanwhile. A read on it waited the whole network
     * timeout, and every operator's call (the page, the MBean, a scrape) waited behind it; a
     * connection idle for a while is checked first and replaced.
     */
    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void aBacklogReadDoesNotWaitOnAKeptConnectionGoneHalfOpen(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        String name = "halfopen-backlog-" + db;
        try (FrozenNetworkSetUp setUp = FrozenNetworkSetUp.start(db)) {
            Map<String, String> p = setUp.properties(Form.ROW_LOCK, name, table);
            p.put("networkTimeout", "PT12S");
            setUp.server().activate(message -> Outcome.ack(), p);
            SubscriptionView view = InboxSubscriptions.find(name).orElseThrow();
            assertEquals(0, view.backlog().claimable(), db + ": the first read, which keeps its connection");
            setUp.network().freeze();
            Await.sleep(6_000);

            long began = System.nanoTime();
            assertEquals(0, view.backlog().claimable(), db + ": the read after the freeze");
            Duration took = Duration.ofNanos(System.nanoTime() - began);
            assertTrue(took.compareTo(Duration.ofSeconds(8)) < 0, db + ": the backlog read answered in " + took
                    + ", not after the 12 s network timeout");
        }
    }
}
