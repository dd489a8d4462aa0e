package io.inboxra.it;

import io.inboxra.harness.Await;
import io.inboxra.it.crash.Crash;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static io.inboxra.it.CrashDatabase.deleteTree;
import static io.inboxra.it.CrashDatabase.effects;
import static io.inboxra.it.CrashDatabase.inDoubt;
import static io.inboxra.it.CrashDatabase.insert;
import static io.inboxra.it.CrashDatabase.mariadb;
import static io.inboxra.it.CrashDatabase.releaseLeftBranches;
import static io.inboxra.it.CrashDatabase.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CrashRecoveryInPayaraTest's two crashes on WildFly, whose transaction manager (Narayana) is
 * to finish the adapter's PostgreSQL branch through {@code getXAResources} (WildFly registers the
 * activation's resources for its recovery scans; the adapter's Payara listener is absent there).
 * The MDB's own branch is on MariaDB, through a server-level XA data source that WildFly
 * recovers by itself; the adapter's in-doubt resolver waits a day ({@code inDoubtTimeout=P1D}),
 * so nothing but the transaction manager finishes the adapter's branch, and the proxy in front
 * of PostgreSQL counts that it went through the adapter's own connection.
 *
 * <p>A WildFly of the test's own, on a base folder (configuration, deployments, transaction log)
 * kept from one start to the next, killed with SIGKILL and started again. Its recovery scans
 * every 5 s here (120 s by default).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@EnabledIfSystemProperty(named = Server.PROPERTY, matches = "wildfly", disabledReason = "WildFly's own crash test")
class CrashRecoveryInWildFlyTest {

    static final Duration BOOT = Duration.ofSeconds(120);
    /** The MariaDB data source of the MDB's effects, an XA data source of the server's configuration. */
    static final String EFFECTS_DATA_SOURCE = """
                    <xa-datasource jndi-name="java:jboss/datasources/crash-effects" pool-name="crash-effects">
                        <xa-datasource-property name="Url">jdbc:mariadb://127.0.0.1:3306/test</xa-datasource-property>
                        <xa-datasource-class>org.mariadb.jdbc.MariaDbDataSource</xa-datasource-class>
                        <driver>mariadb-java-client.jar</driver>
                        <security user-name="inbox_sample" password="inbox"/>
                        <recovery>
                            <recover-credential user-name="inbox_sample" password="inbox"/>
                        </recovery>
                    </xa-datasource>
            """;

    static Path work;
    static Path base;
    static CommitStall stall;
    static ServerProcess server;
    static int boots;

    @BeforeAll
    static void setUp() throws Exception {
        work = BootCommands.dir().resolveSibling("crash-wildfly");
        deleteTree(work);
        Files.createDirectories(work.resolve("flags"));
        releaseLeftBranches();
        Database.execute("DROP TABLE IF EXISTS it_crash",
                "CREATE TABLE it_crash (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL)");
        mariadb("SET SESSION lock_wait_timeout = 10", "DROP TABLE IF EXISTS it_crash_effects",
                "CREATE TABLE it_crash_effects (row_id BIGINT NOT NULL, payload VARCHAR(100)) ENGINE=InnoDB");
        base = work.resolve("standalone");
        Path configuration = base.resolve("configuration");
        Path deployments = base.resolve("deployments");
        Files.createDirectories(deployments);
        try (Stream<Path> files = Files.list(WildFly.home().resolve("standalone").resolve("configuration"))) {
            Files.createDirectories(configuration);
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.copy(file, configuration.resolve(file.getFileName()));
            }
        }
        Path config = configuration.resolve("standalone-full.xml");
        String xml = Files.readString(config);
        String drivers = "                <drivers>";
        assertTrue(xml.contains(drivers), "standalone-full.xml has the datasources' drivers element");
        Files.writeString(config, xml.replaceFirst(drivers, EFFECTS_DATA_SOURCE + drivers));
        // What a user deploys: the RAR, the MariaDB driver (a JDBC driver deployment), the application.
        Path dir = BootCommands.dir();
        Files.copy(dir.resolve("inbox-rar.rar"), deployments.resolve("inbox-rar.rar"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(dir.resolve("mariadb-java-client.jar"), deployments.resolve("mariadb-java-client.jar"),
                StandardCopyOption.REPLACE_EXISTING);
        Server.WILDFLY.bind(ShrinkWrap.create(WebArchive.class, "crash.war"),
                        Server.activationProperty("Crash", "url", "${crash.url}"))
                .addPackage(Crash.class.getPackage())
                .as(ZipExporter.class).exportTo(deployments.resolve("crash.war").toFile(), true);
        stall = new CommitStall();
    }

    @AfterAll
    static void tearDown() throws Exception {
        if (server != null) {
            server.stop();
        }
        if (stall != null) {
            stall.close();
        }
    }

    /**
     * The crash comes after Narayana has logged its commit decision, while the adapter's branch
     * is being committed (its {@code COMMIT PREPARED} held back by the proxy): after the restart
     * the recovery scan commits both branches, the row is settled and the effect there once.
     */
    @Test
    @Order(1)
    void aCrashInTheCommitPhaseIsCommittedByWildFlysRecoveryAfterTheRestart() throws Exception {
        boot();
        stall.arm();
        long id = insert("commit crash");
        String held = stall.awaitHeld(Duration.ofSeconds(30));
        System.out.println("crash-test: held back " + held);
        List<String> branches = inDoubt(id);
        server.kill();
        System.out.println("crash-test: killed the server between the phases; in doubt: " + branches);
        assertEquals(2, branches.size(), "the adapter's and the MDB's branch are both prepared: " + branches);
        String console = server.log();
        assertTrue(console.contains("crash-test witness: prepare of row " + id), "every branch was prepared");
        assertFalse(console.contains("crash-test witness: commit of row " + id),
                "the adapter's branch is committed first: the witness, enlisted last, was not committed yet");
        assertEquals(0, effects(id), "the MDB's effect is prepared, not committed");

        int commits = stall.commitsPrepared();
        boot();
        Await.until("the restarted server's recovery commits both branches", recoveryBound(),
                () -> inDoubt(id).isEmpty() && rows(id) == 0 && effects(id) == 1);
        Thread.sleep(2000);
        assertEquals(0, rows(id), "the row is settled");
        assertEquals(1, effects(id), "the MDB's effect, once");
        assertFalse(server.log().contains("crash-test: delivered row " + id), "the row was not delivered again");
        assertEquals(commits + 1, stall.commitsPrepared(),
                "the adapter's branch was committed on the adapter's own connection (a getXAResources resource)");
    }

    /**
     * The control: the crash comes in the last prepare, before Narayana has logged a decision;
     * after the restart its recovery rolls both prepared branches back (no log entry: presumed
     * abort), the row comes back, is delivered again and settled, and the effect is there once.
     */
    @Test
    @Order(2)
    void aCrashBeforeTheDecisionIsRolledBackAndTheRowDeliveredAgain() throws Exception {
        if (server == null || !server.isAlive()) {
            boot();
        }
        Files.writeString(work.resolve("flags").resolve("halt-in-prepare"), "once");
        long id = insert(Crash.HALT_IN_PREPARE);
        int exit = server.awaitExit(Duration.ofSeconds(30));
        assertEquals(1, exit, "the witness halted the server");
        List<String> branches = inDoubt(id);
        System.out.println("crash-test: the server halted in the last prepare; in doubt: " + branches);
        assertEquals(2, branches.size(), "the adapter's and the MDB's branch are both prepared: " + branches);
        assertEquals(1, rows(id), "the row's settlement is only prepared");
        assertEquals(0, effects(id));

        int rollbacks = stall.rollbacksPrepared();
        boot();
        Await.until("the restarted server's recovery rolls both branches back, and the row is delivered again",
                recoveryBound(), () -> inDoubt(id).isEmpty() && rows(id) == 0 && effects(id) == 1);
        Thread.sleep(2000);
        assertEquals(1, effects(id), "the MDB's effect, once: the first delivery's rolled back");
        assertTrue(server.log().contains("crash-test: delivered row " + id), "the row was delivered again");
        assertEquals(rollbacks + 1, stall.rollbacksPrepared(),
                "the adapter's branch was rolled back on the adapter's own connection (a getXAResources resource)");
    }

    private static Duration recoveryBound() {
        return BOOT.plusSeconds(60);
    }

    /** Starts the server on the kept base folder, and waits until the MDB's subscription runs. */
    private static void boot() throws Exception {
        boots++;
        Path console = work.resolve("console-" + boots + ".log");
        server = WildFlyProcess.start(base, List.of(
                // Ports +200: clear of the suite's WildFly (+100) and of a Payara on 8080.
                "-Djboss.socket.binding.port-offset=200",
                "-Dcom.arjuna.ats.arjuna.recovery.periodicRecoveryPeriod=5",
                "-Dcom.arjuna.ats.arjuna.recovery.recoveryBackoffPeriod=1",
                "-Dcrash.url=jdbc:postgresql://127.0.0.1:" + stall.port() + "/test?sslmode=disable",
                "-Dcrash.effects=java:jboss/datasources/crash-effects",
                "-Dcrash.flags=" + work.resolve("flags")), console);
        server.awaitLog("Inbox subscription 'Crash' delivers rows", BOOT);
        System.out.printf("crash-test: boot %d: the subscription runs %.1f s after the JVM started%n", boots,
                server.seconds());
    }
}
