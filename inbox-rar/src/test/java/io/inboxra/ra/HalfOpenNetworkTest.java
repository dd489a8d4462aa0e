package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionState;
import io.inboxra.operations.SubscriptionView;
import org.junit.jupiter.api.AfterEach;
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
 * connections pass ({@link FrozenNetworkSetUp}). The lease form's heartbeats are tested so in
 * {@link HalfOpenLeaseTest}, connections kept between uses in {@link HalfOpenKeptConnectionTest}
 * (three classes, so that none holds up the end of the test run on its own).
 */
// Not exclusive: its frozen connections are its own subscriptions', on tables of its own (a forwarder per case).
class HalfOpenNetworkTest {

    private static final int WORKERS = FrozenNetworkSetUp.WORKERS;
    private static final int ROWS = 10;

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
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
            // A claim that crossed just before the freeze has run by then (3 s, for a machine shared with other test
            // JVMs): the rows below are inserted behind it, so none is claimed by a session the adapter no longer
            // hears (such a row stays with that session, as with a real network, until the database notices: see
            // the README's Timeouts).
            Await.sleep(3_000);
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < ROWS; i++) {
                ids.add(db.insertMarker(table, "payload", "'after the freeze'"));
            }
            Set<String> shown = new LinkedHashSet<>();
            // Every error the MBean showed meanwhile: a reconnect under load can fail after the network timeout (its
            // statement or connect timeout) and show its own error last.
            Set<String> errors = new LinkedHashSet<>();
            Await.until("the " + ROWS + " rows inserted after the freeze are delivered", Duration.ofSeconds(60), () -> {
                shown.add(view.snapshot().state().name());
                shown.add((String) mbeans.getAttribute(bean, "State"));
                errors.add(String.valueOf(mbeans.getAttribute(bean, "LastError")));
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
            errors.add((String) mbeans.getAttribute(bean, "LastError"));
            assertTrue(errors.stream().anyMatch(e -> e.contains("networkTimeout")), db + " " + form + ": the error the"
                    + " stall showed names the network timeout; shown: " + errors);
            Await.until("the subscription runs again", Duration.ofSeconds(20),
                    () -> view.snapshot().state() == SubscriptionState.RUNNING);
            System.out.println("HalfOpenNetworkTest " + db + " " + form + ": " + frozen + " connections frozen;"
                    + " states shown " + shown + "; errors shown " + errors);
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
            // One worker: a second, idle one claims every 200 ms at most, and on a machine shared with other test
            // JVMs one claim slower than the statement timeout (1 s) would show STALLED for a reason not this case's.
            p.put("workers", "1");
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
}
