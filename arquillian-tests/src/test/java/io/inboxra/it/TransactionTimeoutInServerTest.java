package io.inboxra.it;

import io.inboxra.harness.Await;
import io.inboxra.it.app.Effects;
import io.inboxra.it.app.Invocations;
import io.inboxra.it.timeout.SlowFirstDelivery;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import static io.inboxra.it.Until.until;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Point 3 of the fault list: the server's own transaction timeout (2 s: on Payara a pre-boot
 * setting of this class's server only, on WildFly the suite's server's default while this class runs,
 * on Open Liberty the MDB's own {@code transaction-time-out} of {@code ibm-ejb-jar-ext.xml}) expires while
 * the MDB sleeps 12 s on the first delivery of a row. {@code SlowSharedWriter} sleeps so holding the
 * inbox producer factory's connection (the claim's own, lent) and writes through it afterwards
 * (issue 22, point 3): that write fails, and the row's effect commits once.
 */
@ExtendWith(ArquillianExtension.class)
class TransactionTimeoutInServerTest {

    @Deployment(testable = false)
    static WebArchive deployment() throws Exception {
        ServerLog.capture();
        Database.createFaultSchema();
        BootCommands.write(List.of("set configs.config.server-config.transaction-service.timeout-in-seconds=2"),
                List.of());
        if (Server.wildFly()) {
            // WildFly starts the delivery's transaction in beforeDelivery with the server's default
            // timeout (a bean's trans-timeout applies to its CMT methods only): set for this class, reset after.
            WildFly.cli("/subsystem=transactions:write-attribute(name=default-timeout,value=2)");
        }
        WebArchive war = Server.current().bind(ShrinkWrap.create(WebArchive.class, "inbox-timeout.war"))
                .addPackage(SlowFirstDelivery.class.getPackage()) // with SlowSharedWriter and LentElsewhere
                .addClasses(Effects.class, Invocations.class)
                .addAsLibraries(Server.current().postgresDriver());
        if (Server.openLiberty()) {
            // Liberty's timeout of the bean's container transactions, its delivery's among them. The server's
            // <transaction totalTranLifetimeTimeout="2s"/> times the delivery out as well, but a change of
            // <transaction> in the running server reinstalls the RAR, restarting every MDB bound to it, and
            // taking it back while this WAR was deployed left the RAR uninstalled and the update hanging.
            war.addAsWebInfResource(new StringAsset(OpenLiberty.transactionTimeout(2, "SlowFirstDelivery",
                    "SlowSharedWriter")),
                    "ibm-ejb-jar-ext.xml");
        }
        return war;
    }

    @AfterAll
    static void resetTimeout() throws Exception {
        if (Server.wildFly()) {
            WildFly.cli("/subsystem=transactions:undefine-attribute(name=default-timeout)");
        }
    }

    @Test
    void aDeliveryPastTheTransactionTimeoutCommitsNothingAndTheRowIsSettledOnceLater() throws Exception {
        long id = Database.insert("INSERT INTO it_timeout (payload) VALUES ('slow')", "payload").keySet()
                .iterator().next();
        until("the row is delivered", () -> Database.count(
                "SELECT count(*) FROM it_invocations WHERE mdb = 'SlowFirstDelivery' AND row_id = " + id) >= 1);
        until("the row is settled", () -> Database.count("SELECT count(*) FROM it_timeout") == 0);
        // Until the first call has surely returned from its 12 s sleep, and its commit (if any) is visible.
        Await.until("the first call has returned", Duration.ofSeconds(60), () -> Database.count(
                "SELECT count(*) FROM it_invocations WHERE mdb = 'SlowFirstDelivery' AND row_id = " + id
                        + " AND at < clock_timestamp() - interval '15 seconds'") >= 1);
        String effects = "SELECT count(*) FROM it_effects WHERE row_id = " + id + " AND mdb LIKE 'SlowFirstDelivery:%'";
        until("the row's effect has committed", () -> Database.count(effects) >= 1);
        assertEquals(0, Database.count("SELECT count(*) FROM it_effects WHERE row_id = " + id
                + " AND mdb = 'SlowFirstDelivery:1'"), "the timed-out first delivery's effect did not commit");
        assertEquals(1, Database.count(effects), "the row's effect committed exactly once");
        assertEquals(2, Database.count("SELECT count(*) FROM it_invocations WHERE mdb = 'SlowFirstDelivery'"
                + " AND row_id = " + id), "delivered twice: the timed-out call, then the one that settled it");

        // The subscription and its workers are still usable.
        Set<Long> fast = Database.insert("INSERT INTO it_timeout (payload) SELECT 'fast ' || g"
                + " FROM generate_series(1, 10) g", "payload").keySet();
        until("the later rows are settled", () -> Database.count("SELECT count(*) FROM it_timeout") == 0);
        until("their effects have committed", () -> Database.count(
                "SELECT count(*) FROM it_effects WHERE mdb = 'SlowFirstDelivery:1'") >= 10);
        assertEquals(fast, Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'SlowFirstDelivery:1'"));
    }

    @Test
    void aWriteThroughTheLentConnectionAfterTheTimeoutFailsAndTheEffectCommitsOnce() throws Exception {
        long id = Database.insert("INSERT INTO it_timeout_lent (payload) VALUES ('slow')", "payload").keySet()
                .iterator().next();
        String invoked = "SELECT count(*) FROM it_invocations WHERE mdb = 'SlowSharedWriter' AND row_id = " + id;
        until("the row is settled", () -> Database.count("SELECT count(*) FROM it_timeout_lent WHERE id = " + id) == 0);
        // Until the first call has surely returned from its 12 s sleep and tried its write.
        Await.until("the first call has returned", Duration.ofSeconds(60),
                () -> Database.count(invoked + " AND at < clock_timestamp() - interval '15 seconds'") >= 1);
        String effects = "SELECT count(*) FROM it_effects WHERE row_id = " + id + " AND mdb LIKE 'SlowSharedWriter:%'";
        assertEquals(0, Database.count("SELECT count(*) FROM it_effects WHERE row_id = " + id
                + " AND mdb = 'SlowSharedWriter:1'"), "the timed-out call's write, after its transaction ended, failed");
        assertEquals(1, Database.count(effects), "the row's effect committed exactly once");
        assertEquals(2, Database.count(invoked), "delivered twice: the timed-out call, then the one that settled it");
    }

    /**
     * Bean methods with REQUIRES_NEW and NOT_SUPPORTED that the MDB calls get the factory's
     * ordinary connection, not the claim's: their writes commit though the first delivery fails.
     */
    @Test
    void beanMethodsOutsideTheDeliverysTransactionGetNoLentBranch() throws Exception {
        long id = Database.insert("INSERT INTO it_timeout_lent (payload) VALUES ('elsewhere')", "payload").keySet()
                .iterator().next();
        until("the row is settled", () -> Database.count("SELECT count(*) FROM it_timeout_lent WHERE id = " + id) == 0);
        assertEquals(2, Database.count("SELECT count(*) FROM it_invocations WHERE mdb = 'SlowSharedWriter' AND row_id = "
                + id), "delivered twice: failed, then settled");
        assertEquals(2, Database.count("SELECT count(*) FROM it_effects WHERE mdb = 'LentRequiresNew' AND row_id = " + id),
                "REQUIRES_NEW: committed in its own transaction on each delivery");
        assertEquals(2, Database.count("SELECT count(*) FROM it_effects WHERE mdb = 'LentNotSupported' AND row_id = " + id),
                "NOT_SUPPORTED: committed by itself on each delivery");
    }
}
