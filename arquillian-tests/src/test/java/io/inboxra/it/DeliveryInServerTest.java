package io.inboxra.it;

import io.inboxra.it.app.ExactlyOnce;
import io.inboxra.it.broken.Broken;
import io.inboxra.sample.IssueInvoice;
import io.inboxra.sample.RestApplication;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.File;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.inboxra.it.Until.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The adapter in a real server, Payara Micro by default: the RAR and a broken application
 * deployed by the post-boot command file, then this test's WAR of MDBs that write their effects through the
 * application's own XA data source (two phases with the adapter's branch). One server start
 * serves every test. The same class runs on WildFly ({@code -Pwildfly}) and Open Liberty
 * ({@code -Popenliberty}), with the differences of {@link Server}; Liberty installs the RAR and
 * binds the MDBs in its {@code server.xml} ({@code src/test/liberty/server}).
 */
@ExtendWith(ArquillianExtension.class)
class DeliveryInServerTest {

    @Deployment(testable = false)
    static WebArchive deployment() throws Exception {
        ServerLog.capture();
        Database.createSchema();
        SampleDatabase.createSchema();
        Path dir = BootCommands.dir();
        File broken = dir.resolve("broken.war").toFile();
        Server.current().bind(ShrinkWrap.create(WebArchive.class, "broken.war"))
                .addClass(Broken.class)
                .as(ZipExporter.class).exportTo(broken, true);
        if (Server.wildFly()) {
            // Into the running server's deployments folder: its failure is the test's, not the suite's.
            WildFly.dropIn(broken.toPath());
            // The sample's MDB from its WAR for WildFly and Open Liberty, as a user deploys it.
            ShippedSample.deployOnWildFly();
            // No ${MPCONFIG=...} on WildFly: ConfigOverridden's url from the server's system property, by
            // WildFly's substitution in jboss-ejb3.xml.
            return Server.current().bind(ShrinkWrap.create(WebArchive.class, "inbox-it.war"),
                            Server.activationProperty("ConfigOverridden", "url", "${it.database.url}"))
                    .addPackage(ExactlyOnce.class.getPackage())
                    // Of the sample, only its JAX-RS application (/api), which the test's resources need.
                    .addClass(RestApplication.class)
                    .addAsLibraries(Server.current().postgresDriver())
                    .addAsResource(new StringAsset("inbox.ConfigOverridden.queue=b\n"),
                            "META-INF/microprofile-config.properties");
        }
        if (Server.openLiberty()) {
            // A second application of the running server, declared in its configuration (its MDB's failed activation
            // is the test's; Liberty starts the application all the same, without the MDB).
            OpenLiberty.deploy(broken.toPath(), "broken", "Broken");
            // No ${MPCONFIG=...} on Liberty, and no substitution in a deployment descriptor: ConfigOverridden's
            // url as a plain value in the WAR's ejb-jar.xml, which overrides the annotation.
            // The sample's MDB from its WAR for WildFly and Open Liberty, as a user deploys it.
            ShippedSample.deployOnLiberty();
            return Server.current().bind(ShrinkWrap.create(WebArchive.class, "inbox-it.war"),
                            Server.activationProperty("ConfigOverridden", "url", "jdbc:postgresql://127.0.0.1:5432/test"))
                    .addPackage(ExactlyOnce.class.getPackage())
                    // Of the sample, only its JAX-RS application (/api), which the test's resources need.
                    .addClass(RestApplication.class)
                    // The readiness check under test, with the server's MicroProfile Health and Metrics.
                    .addAsLibraries(dir.resolve("inbox-admin.jar").toFile())
                    .addAsResource(new StringAsset("inbox.ConfigOverridden.queue=b\n"),
                            "META-INF/microprofile-config.properties");
        }
        BootCommands.write(List.of(), List.of("deploy --name broken " + broken.getAbsolutePath()));
        return ShrinkWrap.create(WebArchive.class, "inbox-it.war")
                .addPackage(ExactlyOnce.class.getPackage())
                .addPackage(IssueInvoice.class.getPackage())
                .addAsLibraries(dir.resolve("postgresql.jar").toFile(), dir.resolve("mariadb-java-client.jar").toFile(),
                        // The readiness check under test (its page and API are SampleOnBarePayaraTest's).
                        dir.resolve("inbox-admin.jar").toFile())
                // The sample's persistence unit and its MariaDB schema script, as the sample ships them.
                .addAsResource("META-INF/persistence.xml")
                .addAsResource("META-INF/sql/create-mariadb.sql")
                .addAsResource(new StringAsset("inbox.ConfigOverridden.queue=b\n"
                        // The sample's own settings: its subscription reads the database its data source uses.
                        + "inbox.IssueInvoice.url=${invoices.db.url}\n"
                        + "inbox.IssueInvoice.user=${invoices.db.user}\n"
                        + "inbox.IssueInvoice.password=${invoices.db.password}\n"),
                        "META-INF/microprofile-config.properties");
    }

    @AfterAll
    static void undeployTheSample() throws Exception {
        if (Server.wildFly()) {
            ShippedSample.undeployFromWildFly();
        }
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

    /**
     * The application sees the adapter's subscriptions through {@code inbox-api}'s registry (the
     * RAR's copy, shared with the application), with counters that follow the deliveries.
     */
    @Test
    void theApplicationSeesTheSubscriptionsAndTheirCountersThroughInboxSubscriptions(@ArquillianResource URL app)
            throws Exception {
        Database.insert("INSERT INTO it_exactly (payload) SELECT 'counted ' || g FROM generate_series(1, 7) g", "payload");
        until("the rows are settled", () -> Database.count("SELECT count(*) FROM it_exactly") == 0);
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        URI subscriptions = app.toURI().resolve("api/subscriptions");
        until("ExactlyOnce shows the deliveries", () -> {
            HttpResponse<String> listed = http.send(HttpRequest.newBuilder(subscriptions).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            return listed.statusCode() == 200 && listed.body().lines()
                    .filter(line -> line.startsWith("ExactlyOnce RUNNING "))
                    .anyMatch(line -> Long.parseLong(line.substring(line.lastIndexOf(' ') + 1)) >= 7);
        });
        String body = http.send(HttpRequest.newBuilder(subscriptions).GET().build(),
                HttpResponse.BodyHandlers.ofString()).body();
        // The application's own MDBs only: on WildFly and Open Liberty the sample's MDB runs in a WAR of
        // its own, which this one does not see (on Payara the sample's classes are in this WAR).
        boolean sampleHere = !Server.wildFly() && !Server.openLiberty();
        for (String name : List.of("ExactlyOnce", "Flaky", "LeaseForm", "AdvisoryForm")) {
            assertTrue(body.lines().anyMatch(line -> line.startsWith(name + " RUNNING ")), name + " listed: " + body);
        }
        assertEquals(sampleHere, body.lines().anyMatch(line -> line.startsWith("IssueInvoice RUNNING ")),
                "the sample's MDB listed only where it is in this application: " + body);
    }

    /**
     * A real outage of one subscription: its database role is locked out and its sessions killed.
     * The readiness check says DOWN, naming it, while it lasts, and UP once the role may log in
     * again, when the subscription delivers by itself.
     */
    @Test
    @DisabledIfSystemProperty(named = Server.PROPERTY, matches = "wildfly", disabledReason = "inbox-admin needs"
            + " MicroProfile Metrics, which WildFly 37 does not ship (Micrometer instead), and WildFly's"
            + " standalone-full.xml has no MicroProfile Health; the WAR on WildFly goes without inbox-admin")
    void theReadinessCheckIsDownDuringADatabaseOutageAndUpAfter(@ArquillianResource URL app) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        URI ready = app.toURI().resolve("/health/ready");
        until("OutageWatched is ready", () -> http.send(HttpRequest.newBuilder(ready).GET().build(),
                HttpResponse.BodyHandlers.ofString()).body().contains("\"inbox:OutageWatched\":\"RUNNING\""));
        // inbox-admin's page guard is installed (Liberty refused it once, SRVE9991E, and left the page framable).
        assertFalse(Server.current().log().contains("SRVE9991E"), "a @WebFilter of inbox-admin was refused");
        try {
            Database.execute("ALTER ROLE inbox_outage NOLOGIN",
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'inbox_outage'");
            until("the readiness check is DOWN, naming the subscription in its outage", () -> {
                HttpResponse<String> health = http.send(HttpRequest.newBuilder(ready).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
                return health.statusCode() == 503 && health.body().contains("\"inbox:OutageWatched\":\"OUTAGE since");
            });
        } finally {
            Database.execute("ALTER ROLE inbox_outage LOGIN");
        }
        until("the readiness check is UP again", () -> {
            HttpResponse<String> health = http.send(HttpRequest.newBuilder(ready).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            return health.statusCode() == 200 && health.body().contains("\"inbox:OutageWatched\":\"RUNNING\"");
        });
        Set<Long> rows = Database.insert("INSERT INTO it_outage (payload) VALUES ('after the outage')", "payload").keySet();
        until("a row is delivered after the outage", () -> Database.count("SELECT count(*) FROM it_outage") == 0);
        // The effect's own branch commits after the settlement's.
        until("its effect has committed", () -> Database.count(
                "SELECT count(*) FROM it_effects WHERE mdb = 'OutageWatched'") >= rows.size());
        assertEquals(rows, Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'OutageWatched'"));
    }

    /**
     * The application sends rows through the adapter's outbound connection factory in its own
     * transaction: a committed send is delivered at once (the MDB polls every 20 s), a send whose
     * transaction rolls back leaves nothing.
     */
    @Test
    void aRowSentThroughTheProducerCommitsWithTheCallerAndIsDeliveredAtOnce(@ArquillianResource URL app)
            throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        URI produce = app.toURI().resolve("api/produce");
        HttpResponse<String> rolledBack = http.send(HttpRequest.newBuilder(URI.create(produce + "?rollback=true"))
                .header("Content-Type", "text/plain").POST(HttpRequest.BodyPublishers.ofString("never")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(500, rolledBack.statusCode(), rolledBack.body());
        long started = System.nanoTime();
        HttpResponse<String> sent = http.send(HttpRequest.newBuilder(produce).header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("sent")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, sent.statusCode(), sent.body());
        long id = Long.parseLong(sent.body().trim());
        until("the sent row is delivered", () -> Database.count(
                "SELECT count(*) FROM it_effects WHERE mdb = 'Produced' AND row_id = " + id) == 1);
        double seconds = (System.nanoTime() - started) / 1e9;
        assertTrue(seconds < 10, "woken after the commit, not found by the 20 s poll: " + seconds + " s");
        assertEquals(0, Database.count("SELECT count(*) FROM it_produced"), "settled");
        assertEquals(Set.of(id), Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'Produced'"),
                "the rolled-back send left no row to deliver");
    }

    /**
     * An MDB writes through the producer factory's connection, the claim's own during its delivery:
     * its writes and the settlement commit in one phase (each write runs NOTIFY, which PostgreSQL
     * refuses to PREPARE), and a delivery that throws after its write leaves no write behind.
     */
    @Test
    void anMdbsWritesThroughTheClaimsConnectionCommitInOnePhaseWithTheSettlement() throws Exception {
        Set<Long> rows = Database.insert("INSERT INTO it_shared (payload) SELECT 'ok ' || g FROM generate_series(1, 5) g",
                "payload").keySet();
        Set<Long> thrown = Database.insert("INSERT INTO it_shared (payload) VALUES ('throw')", "payload").keySet();
        until("the five rows are settled", () -> Database.count("SELECT count(*) FROM it_shared WHERE payload <> 'throw'") == 0);
        assertEquals(rows, Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'SharedWriter' AND row_id IN ("
                + rows.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(",")) + ")"));
        until("the throwing row has been tried", () -> Database.count("SELECT attempts FROM it_shared WHERE payload = 'throw'") >= 1);
        assertEquals(0, Database.count("SELECT count(*) FROM it_effects WHERE mdb = 'SharedWriter' AND row_id = "
                + thrown.iterator().next()), "its write rolled back with the delivery");
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
        until("every effect has committed", () -> Database.count(
                "SELECT count(*) FROM it_effects WHERE mdb IN ('BatchedAll', 'BatchedOnes')") >= 60 + 59);
        assertEquals(60, Database.count("SELECT count(*) FROM it_effects WHERE mdb = 'BatchedAll'"), "each effect once");
        assertEquals(all, Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'BatchedAll'"));
        assertEquals(59, Database.count("SELECT count(*) FROM it_effects WHERE mdb = 'BatchedOnes'"), "each effect once");
        assertEquals(fine, Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'BatchedOnes'"),
                "the poison row's writes rolled back, its neighbours' committed once");
        assertEquals(poison, Database.ids("SELECT id FROM it_batched_ones WHERE dead_at IS NOT NULL"));
    }

    @Test
    void aFailedDeliveryCommitsNothingAndTheRowComesBack() throws Exception {
        Map<Long, String> inserted = Database.insert("INSERT INTO it_flaky (payload) SELECT CASE WHEN g % 4 = 0 THEN 'throw' WHEN g % 4 = 1"
                + " THEN 'rollback' ELSE 'ok' END FROM generate_series(1, 40) g", "payload");
        Set<Long> rows = inserted.keySet();
        Set<Long> failing = Database.where(inserted, payload -> !payload.equals("ok"));
        until("every row is settled", () -> Database.count("SELECT count(*) FROM it_flaky") == 0);
        until("every effect has committed", () -> Database.count(
                "SELECT count(*) FROM it_effects WHERE mdb = 'Flaky'") >= 40);
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
        until("every effect has committed", () -> Database.count(
                "SELECT count(*) FROM it_effects WHERE mdb LIKE 'FifoGroups:%'") >= 200);
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
        until("every effect has committed", () -> Database.count(
                "SELECT count(*) FROM it_effects WHERE mdb LIKE 'Queue%'") >= 40);
        assertEquals(a, Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'QueueA:a'"));
        assertEquals(b, Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'QueueB:b'"));
        assertEquals(40, Database.count("SELECT count(*) FROM it_effects WHERE mdb LIKE 'Queue%'"));
    }

    @Test
    void microProfileConfigOverridesTheAnnotatedQueue() throws Exception {
        Map<Long, String> inserted = Database.insert("INSERT INTO it_config (payload, queue) SELECT 'r', CASE WHEN g % 2 = 0 THEN 'a' ELSE 'b'"
                + " END FROM generate_series(1, 10) g", "queue");
        Set<Long> b = Database.where(inserted, "b"::equals);
        until("queue b is settled", () -> Database.count("SELECT count(*) FROM it_config WHERE queue = 'b'") == 0);
        until("queue b's effects have committed", () -> Database.count(
                "SELECT count(*) FROM it_effects WHERE mdb = 'ConfigOverridden:b'") >= b.size());
        // Long enough for a worker to have taken a row of queue a, had it been told to.
        Thread.sleep(1000);
        assertEquals(5, Database.count("SELECT count(*) FROM it_config WHERE queue = 'a'"),
                "the annotated queue is left alone");
        assertEquals(b, Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'ConfigOverridden:b'"));
    }

    /**
     * The sample's MDB on MariaDB: on Payara from its classes in this WAR, with its own
     * {@code @DataSourceDefinition}; on WildFly and Open Liberty from its WAR for those servers, as
     * shipped, with the server's XA data source ({@link ShippedSample}).
     */
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

    @Test
    void aBrokenDeploymentFailsWithTheAdaptersMessageAndTheOthersKeepWorking() throws Exception {
        String message = "Inbox subscription 'Broken' cannot start: Column 'no_such_column'"
                + " (property 'payloadColumn') does not exist in table 'it_exactly', which has id, payload, queue:"
                + " add the column, or set 'payloadColumn' to one of those.";
        if (Server.current() != Server.PAYARA) {
            // Deployed while the test's WAR deploys, not before it: by WildFly's deployment scanner (every 5 s),
            // by Liberty's configuration monitor.
            io.inboxra.harness.Await.until("the broken deployment has failed", java.time.Duration.ofSeconds(30),
                    () -> Server.current().log().contains(message));
        }
        String log = Server.current().log();
        assertTrue(log.contains(message), "the server log names the broken property; it holds:\n" + tail(log));
        Database.execute("INSERT INTO it_exactly (payload) VALUES ('after the broken deployment')");
        until("the working MDB still delivers", () -> Database.count("SELECT count(*) FROM it_exactly") == 0);
    }

    private static String tail(String log) {
        return log.length() < 4000 ? log : log.substring(log.length() - 4000);
    }
}
