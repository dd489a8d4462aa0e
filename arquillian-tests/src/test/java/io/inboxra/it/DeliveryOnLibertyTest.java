package io.inboxra.it;

import io.inboxra.it.app.AdvisoryForm;
import io.inboxra.it.app.BatchedAll;
import io.inboxra.it.app.BatchedOnes;
import io.inboxra.it.app.Effects;
import io.inboxra.it.app.ExactlyOnce;
import io.inboxra.it.app.FifoGroups;
import io.inboxra.it.app.Flaky;
import io.inboxra.it.app.Invocations;
import io.inboxra.it.app.LeaseForm;
import io.inboxra.it.app.Poison;
import io.inboxra.it.app.QueueA;
import io.inboxra.it.app.QueueB;
import io.inboxra.sample.IssueInvoice;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.FileAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.File;
import java.util.Map;
import java.util.Set;

import static io.inboxra.it.Until.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The adapter in a real Open Liberty (the {@code openliberty} profile): the RAR installed as the
 * server's {@code <resourceAdapter id="inbox-rar">}, each MDB bound to it by an
 * {@code <activationSpec>} of {@code src/test/liberty/server/server.xml}, this test's WAR of the
 * shared MDBs writing their effects through the application's own XA data source (two phases with
 * the adapter's branch), and the sample's MDB on MariaDB. The cases are PayaraMicroTest's, the
 * same bodies on the same MDBs; the ones left out need what Liberty does not have: Payara's
 * {@code ${MPCONFIG=...}} substitution (ConfigOverridden), the post-boot deployment of a broken
 * application, the health endpoint of MicroProfile Health on Payara's path. Only in that profile:
 * the default one runs Payara Micro's container.
 */
@ExtendWith(ArquillianExtension.class)
@EnabledIfSystemProperty(named = "inbox.it.server", matches = "openliberty")
class DeliveryOnLibertyTest {

    @Deployment(testable = false)
    static WebArchive deployment() throws Exception {
        Database.createSchema();
        SampleDatabase.createSchema();
        // The sample's tables, from its own script, before its subscription checks them: on Liberty the unit's
        // schema generation had not created them when the MDBs were activated (nor with eclipselink.deploy-on-startup).
        try (var script = DeliveryOnLibertyTest.class.getResourceAsStream("/META-INF/sql/create-mariadb.sql")) {
            String[] statements = new String(script.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
                    .lines().filter(line -> !line.isBlank()).toArray(String[]::new);
            Database.execute(() -> java.sql.DriverManager.getConnection("jdbc:mariadb://127.0.0.1:3306/test", "root", ""),
                    statements);
        }
        File liberty = new File(System.getProperty("liberty.testDir"));
        // No driver in the WAR: the data sources load theirs from the server's library jdbc-drivers.
        return ShrinkWrap.create(WebArchive.class, "inbox-it.war")
                .addClasses(ExactlyOnce.class, Flaky.class, LeaseForm.class, AdvisoryForm.class, Poison.class,
                        FifoGroups.class, QueueA.class, QueueB.class, BatchedOnes.class, BatchedAll.class,
                        Effects.class, Invocations.class)
                .addPackage(IssueInvoice.class.getPackage())
                // The sample's unit and data source with the values Payara would substitute (see these files).
                .addAsResource(new FileAsset(new File(liberty, "sample/persistence.xml")), "META-INF/persistence.xml")
                .addAsResource("META-INF/sql/create-mariadb.sql")
                .setWebXML(new File(liberty, "sample/web.xml"))
                .addAsWebInfResource(new File(liberty, "sample/ejb-jar.xml"), "ejb-jar.xml");
    }

    @Test
    void fiveHundredRowsAreDeliveredAndEachEffectCommitsExactlyOnce() throws Exception {
        Set<Long> rows = Database.insert("INSERT INTO it_exactly (payload) SELECT 'row ' || g"
                + " FROM generate_series(1, 500) g", "payload").keySet();
        until("every row is settled", () -> Database.count("SELECT count(*) FROM it_exactly") == 0);
        until("every effect has committed", () -> Database.count(
                "SELECT count(*) FROM it_effects WHERE mdb = 'ExactlyOnce'") >= 500);
        assertEquals(500, Database.count("SELECT count(*) FROM it_effects WHERE mdb = 'ExactlyOnce'"));
        assertEquals(rows, Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'ExactlyOnce'"));
    }

    @Test
    void aFailedDeliveryCommitsNothingAndTheRowComesBack() throws Exception {
        Map<Long, String> inserted = Database.insert("INSERT INTO it_flaky (payload) SELECT CASE WHEN g % 4 = 0 THEN 'throw' WHEN g % 4 = 1"
                + " THEN 'rollback' ELSE 'ok' END FROM generate_series(1, 40) g", "payload");
        Set<Long> rows = inserted.keySet();
        Set<Long> failing = Database.where(inserted, payload -> !payload.equals("ok"));
        until("every row is settled", () -> Database.count("SELECT count(*) FROM it_flaky") == 0);
        assertEquals(40, Database.count("SELECT count(*) FROM it_effects WHERE mdb = 'Flaky'"),
                "the effects of the failed calls rolled back with them");
        assertEquals(rows, Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'Flaky'"));
        assertEquals(failing, Database.ids("SELECT row_id FROM it_invocations WHERE mdb = 'Flaky'"
                + " GROUP BY row_id HAVING count(*) = 2"), "each failing row was delivered again, once");
        assertEquals(40 + failing.size(), Database.count("SELECT count(*) FROM it_invocations WHERE mdb = 'Flaky'"));
    }

    @Test
    void theLeaseFormDeliversEachRowOnceWithTheMdbsXaWrite() throws Exception {
        deliversEachRowOnce("it_lease", "LeaseForm");
    }

    @Test
    void theAdvisoryLockFormDeliversEachRowOnceWithTheMdbsXaWrite() throws Exception {
        deliversEachRowOnce("it_advisory", "AdvisoryForm");
    }

    private static void deliversEachRowOnce(String table, String mdb) throws Exception {
        Set<Long> rows = Database.insert("INSERT INTO " + table + " (payload) SELECT 'row ' || g"
                + " FROM generate_series(1, 200) g", "payload").keySet();
        until("every row is settled", () -> Database.count("SELECT count(*) FROM " + table) == 0);
        until("every effect has committed", () -> Database.count(
                "SELECT count(*) FROM it_effects WHERE mdb = '" + mdb + "'") >= 200);
        assertEquals(200, Database.count("SELECT count(*) FROM it_effects WHERE mdb = '" + mdb + "'"));
        assertEquals(rows, Database.ids("SELECT row_id FROM it_effects WHERE mdb = '" + mdb + "'"));
    }

    @Test
    void aPoisonRowIsDeadLetteredAfterMaxAttempts() throws Exception {
        long id = Database.insert("INSERT INTO it_poison (payload) VALUES ('poison')", "payload").keySet()
                .iterator().next();
        until("the poison row is dead-lettered", () -> Database.count("SELECT count(*) FROM it_dead") == 1);
        assertEquals(0, Database.count("SELECT count(*) FROM it_poison"));
        assertEquals(3, Database.count("SELECT count(*) FROM it_invocations WHERE mdb = 'Poison'"), "three attempts");
        assertEquals(3, Database.count("SELECT attempts FROM it_dead WHERE id = " + id));
        assertTrue(Database.ids("SELECT id FROM it_dead WHERE reason LIKE '%poison row " + id + "%'").contains(id),
                "the dead letter keeps the last error");
    }

    @Test
    void aFifoSubscriptionKeepsEachGroupsOrder() throws Exception {
        Database.execute("INSERT INTO it_fifo (payload, grp) SELECT 'g' || (n % 10) || ':' || n, 'g' || (n % 10)"
                + " FROM generate_series(0, 199) n");
        until("every row is settled", () -> Database.count("SELECT count(*) FROM it_fifo") == 0);
        assertEquals(200, Database.count("SELECT count(*) FROM it_effects WHERE mdb LIKE 'FifoGroups:%'"));
        // Within a group, settled in insertion order: the effects' sequence rises with the row id.
        assertEquals(0, Database.count("SELECT count(*) FROM (SELECT row_id, seq, lag(row_id) OVER (PARTITION BY"
                + " split_part(mdb, ':', 2) ORDER BY seq) AS previous FROM it_effects WHERE mdb LIKE 'FifoGroups:%') e"
                + " WHERE previous > row_id"), "a group's rows settled out of order");
    }

    @Test
    void twoMdbsOnTwoQueuesOfOneTableGetOnlyTheirQueuesRows() throws Exception {
        Map<Long, String> inserted = Database.insert("INSERT INTO it_queues (payload, queue) SELECT 'r', CASE WHEN g % 2 = 0 THEN 'a' ELSE 'b'"
                + " END FROM generate_series(1, 40) g", "queue");
        Set<Long> a = Database.where(inserted, "a"::equals);
        Set<Long> b = Database.where(inserted, "b"::equals);
        until("every row is settled", () -> Database.count("SELECT count(*) FROM it_queues") == 0);
        assertEquals(a, Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'QueueA:a'"));
        assertEquals(b, Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'QueueB:b'"));
        assertEquals(40, Database.count("SELECT count(*) FROM it_effects WHERE mdb LIKE 'Queue%'"));
    }

    /**
     * Batches in Payara Micro: a plain listener gets several onMessage calls between one
     * beforeDelivery and afterDelivery, a batch listener one onMessages call; every row's effect
     * (written through the application's own XA data source) commits exactly once, and a poison
     * row costs its batch a redelivery one at a time, not its neighbours' effects.
     */
    @Test
    void batchesDeliverEveryRowOnceWithItsEffectAndAPoisonRowEndsDeadAlone() throws Exception {
        Map<Long, String> ones = Database.insert("INSERT INTO it_batched_ones (payload) SELECT CASE WHEN g = 17"
                + " THEN 'poison' ELSE 'ok' END FROM generate_series(1, 60) g", "payload");
        Set<Long> all = Database.insert("INSERT INTO it_batched_all (payload) SELECT 'row ' || g"
                + " FROM generate_series(1, 60) g", "payload").keySet();
        Set<Long> poison = Database.where(ones, payload -> payload.equals("poison"));
        Set<Long> fine = Database.where(ones, payload -> !payload.equals("poison"));
        until("every batch listener row is settled", () -> Database.count("SELECT count(*) FROM it_batched_all") == 0);
        until("every plain row is settled, the poison row dead", () -> Database.count(
                "SELECT count(*) FROM it_batched_ones WHERE dead_at IS NULL") == 0);
        assertEquals(60, Database.count("SELECT count(*) FROM it_effects WHERE mdb = 'BatchedAll'"), "each effect once");
        assertEquals(all, Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'BatchedAll'"));
        assertEquals(59, Database.count("SELECT count(*) FROM it_effects WHERE mdb = 'BatchedOnes'"), "each effect once");
        assertEquals(fine, Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'BatchedOnes'"),
                "the poison row's writes rolled back, its neighbours' committed once");
        assertEquals(poison, Database.ids("SELECT id FROM it_batched_ones WHERE dead_at IS NOT NULL"));
    }

    @Test
    void theSamplesMdbOnMariaDbIssuesEachInvoiceOnceWithItsJpaWrite() throws Exception {
        long prepared = SampleDatabase.xaPrepares();
        Set<Long> jobs = SampleDatabase.enqueueInvoices(300);
        until("every invoice job is settled", () -> SampleDatabase.count("SELECT count(*) FROM invoice_jobs") == 0);
        until("every invoice is issued", () -> SampleDatabase.count("SELECT count(*) FROM issued_invoices") >= 300);
        assertEquals(300, SampleDatabase.count("SELECT count(*) FROM issued_invoices"));
        assertEquals(jobs, SampleDatabase.ids("SELECT job_id FROM issued_invoices"), "one invoice per job, each once");
        assertEquals(300, SampleDatabase.count("SELECT count(*) FROM issued_invoices"
                + " WHERE number = CONCAT('MDB-', FLOOR(amount)) AND customer = 'ACME'"), "the payload decoded");
        // Two phases on MariaDB for each row: the adapter's branch and the application's JPA write.
        long twoPhase = SampleDatabase.xaPrepares() - prepared;
        assertTrue(twoPhase >= 600, "MariaDB prepared " + twoPhase + " XA branches for 300 deliveries");
    }
}
