package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import javax.transaction.xa.XAResource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Connections kept open between uses far apart, on a network that stops answering without
 * closing while they sit idle: the next use does not wait the network timeout
 * ({@link FrozenNetworkSetUp}; the other cases of a frozen network are in
 * {@link HalfOpenNetworkTest}).
 */
class HalfOpenKeptConnectionTest {

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
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
            XAResource recovery = mdb.recoveryResources()[0];
            // A scan begun and not ended: the resource keeps its connection.
            recovery.recover(XAResource.TMSTARTRSCAN);
            setUp.network().freeze();
            Await.sleep(6_000);

            long began = System.nanoTime();
            recovery.recover(XAResource.TMSTARTRSCAN
                    | XAResource.TMENDRSCAN);
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
