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
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

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
 * A delivery's transaction cut off by a crash of the server between its phases, and Payara's
 * recovery after the restart: the adapter's PostgreSQL branch must get the transaction manager's
 * decision through the adapter's recovery listener ({@code io.inboxra.ra.recovery}), since
 * Payara ignores {@code getXAResources}. The MDB's own branch is on MariaDB, through a
 * server-level XA pool that Payara recovers by itself, so nothing but the listener can finish
 * the adapter's; the adapter's own in-doubt resolver waits a day ({@code inDoubtTimeout=P1D}).
 *
 * <p>A Payara Micro of the test's own, with automatic recovery on, killed and started again on
 * the same {@code --rootDir}, which keeps its configuration, its deployments and its transaction
 * log. The restarts pass no {@code --deploy}: the kept deployments start before the startup
 * recovery pass, so the pass sees the subscription; {@code --deploy} would redeploy the adapter
 * while the pass runs, and the pass would find no subscription.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@DisabledIfSystemProperty(named = Server.PROPERTY, matches = "wildfly", disabledReason = "Payara's own crash test"
        + " (its recovery listener, its command files); CrashRecoveryInWildFlyTest is WildFly's")
class CrashRecoveryInPayaraTest {

    static final Duration BOOT = Duration.ofSeconds(120);

    static Path work;
    static CommitStall stall;
    static ServerProcess server;
    static int boots;

    @BeforeAll
    static void setUp() throws Exception {
        work = BootCommands.dir().resolveSibling("crash");
        deleteTree(work);
        Files.createDirectories(work.resolve("flags"));
        releaseLeftBranches();
        Database.execute("DROP TABLE IF EXISTS it_crash",
                "CREATE TABLE it_crash (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL)");
        mariadb("SET SESSION lock_wait_timeout = 10", "DROP TABLE IF EXISTS it_crash_effects",
                "CREATE TABLE it_crash_effects (row_id BIGINT NOT NULL, payload VARCHAR(100)) ENGINE=InnoDB");
        Files.writeString(work.resolve("preboot.txt"), String.join("\n",
                "set configs.config.server-config.transaction-service.automatic-recovery=true",
                "create-jdbc-connection-pool --datasourceclassname org.mariadb.jdbc.MariaDbDataSource"
                        + " --restype javax.sql.XADataSource"
                        + " --property url=jdbc\\:mariadb\\://127.0.0.1\\:3306/test:user=inbox_sample:password=inbox"
                        + " crash-effects",
                "create-jdbc-resource --connectionpoolid crash-effects jdbc/crash-effects") + "\n");
        ShrinkWrap.create(WebArchive.class, "crash.war")
                .addPackage(Crash.class.getPackage())
                .as(ZipExporter.class).exportTo(work.resolve("crash.war").toFile(), true);
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
     * The crash comes after the transaction manager has logged its commit decision, while the
     * adapter's branch is being committed (its {@code COMMIT PREPARED} held back by the proxy):
     * after the restart both branches are committed, the row settled and the effect there once.
     */
    @Test
    @Order(1)
    void aCrashInTheCommitPhaseIsCommittedByPayarasRecoveryAfterTheRestart() throws Exception {
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
                "Payara commits the adapter's branch first: the witness, enlisted last, was not committed yet");
        assertEquals(0, effects(id), "the MDB's effect is prepared, not committed");

        int commits = stall.commitsPrepared();
        boot();
        Await.until("the restarted server's recovery commits both branches", recoveryBound(),
                () -> inDoubt(id).isEmpty() && rows(id) == 0 && effects(id) == 1);
        Thread.sleep(2000);
        assertEquals(0, rows(id), "the row is settled");
        assertEquals(1, effects(id), "the MDB's effect, once");
        assertFalse(server.log().contains("crash-test: delivered row " + id), "the row was not delivered again");
        assertTrue(server.log().contains("XA resource(s) for Payara's recovery pass, of subscriptions [Crash]"),
                "the adapter's listener gave the recovery pass its resource");
        assertEquals(commits + 1, stall.commitsPrepared(),
                "the adapter's branch was committed on the adapter's own connection (the listener's resource)");
    }

    /**
     * The control: the crash comes in the last prepare, before the transaction manager has logged
     * a decision; after the restart both prepared branches are rolled back (presumed abort), the
     * row comes back, is delivered again and settled, and the effect is there once.
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
                "the adapter's branch was rolled back on the adapter's own connection (the listener's resource)");
        assertTrue(server.log().contains("XA resource(s) for Payara's recovery pass, of subscriptions [Crash]"),
                "the adapter's listener gave the recovery pass its resource");
    }

    private static Duration recoveryBound() {
        return BOOT.plusSeconds(30);
    }

    /** Starts the server on the kept root folder, and waits until the MDB's subscription runs. */
    private static void boot() throws Exception {
        boots++;
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path dir = BootCommands.dir();
        Path console = work.resolve("console-" + boots + ".log");
        List<String> options = new ArrayList<>(List.of("--nocluster", "--rootDir", work.resolve("root").toString(),
                "--name", "crash-test", "--port", String.valueOf(port),
                "--addLibs", dir.resolve("mariadb-java-client.jar").toString()));
        if (boots == 1) {
            // The configuration and the deployments stay in the root folder. A restart deploys nothing
            // again: --deploy would redeploy the adapter (--force) while the recovery pass runs.
            options.addAll(List.of("--prebootcommandfile", work.resolve("preboot.txt").toString(),
                    "--deploy", dir.resolve("inbox-rar.rar").toString(),
                    "--deploy", work.resolve("crash.war").toString()));
        }
        server = ServerProcess.startPayara(
                List.of("-Dcrash.url=jdbc:postgresql://127.0.0.1:" + stall.port() + "/test?sslmode=disable",
                        "-Dcrash.flags=" + work.resolve("flags")),
                options, console);
        server.awaitLog("Inbox subscription 'Crash' delivers rows", BOOT);
        System.out.printf("crash-test: boot %d: the subscription runs %.1f s after the JVM started%n", boots,
                server.seconds());
    }
}
