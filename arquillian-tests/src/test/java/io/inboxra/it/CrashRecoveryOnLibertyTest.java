package io.inboxra.it;

import io.inboxra.harness.Await;
import io.inboxra.it.libertycrash.CrashOnLiberty;
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

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
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
 * A delivery's transaction cut off by a kill -9 of Open Liberty between its phases, and Liberty's
 * recovery after the restart: the adapter's PostgreSQL branch must get the transaction manager's
 * decision through the adapter's {@code getXAResources}, which Liberty's recovery calls for the
 * activation specs it logged. The MDB's own branch is on MariaDB, through a server-level XA data
 * source that Liberty recovers by itself, so nothing but that call can finish the adapter's; the
 * adapter's own in-doubt resolver waits a day ({@code inDoubtTimeout=P1D}).
 *
 * <p>A Liberty server of the test's own ({@code crash-it}, src/test/liberty/crash/server.xml),
 * killed and started again on the same folder, which keeps its transaction log: once per case, the
 * second case on the server the first restarted. The same checks as CrashRecoveryInWildFlyTest's
 * two cases, on the branches Liberty leaves, with the proxy in front of PostgreSQL in place of
 * their witness resource (Liberty has no {@code java:appserver/TransactionManager} to enlist one
 * with, and prepared one enlisted last before the databases' branches).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@EnabledIfSystemProperty(named = "inbox.it.server", matches = "openliberty")
class CrashRecoveryOnLibertyTest {

    static final Duration BOOT = Duration.ofSeconds(180);
    static final String SERVER = "crash-it";

    static Path wlp;
    static Path serverDir;
    static CommitStall stall;
    static ServerProcess server;
    static int boots;

    @BeforeAll
    static void setUp() throws Exception {
        wlp = Path.of(System.getProperty("liberty.wlpHome"));
        serverDir = wlp.resolve("usr").resolve("servers").resolve(SERVER);
        deleteTree(serverDir);
        Files.createDirectories(serverDir.resolve("apps"));
        Path testDir = Path.of(System.getProperty("liberty.testDir"));
        Path itServer = Path.of(System.getProperty("liberty.itServerDir"));
        Files.copy(testDir.resolve("crash").resolve("server.xml"), serverDir.resolve("server.xml"));
        for (String file : List.of("inbox-rar.rar", "mariadb-java-client.jar")) {
            Files.copy(itServer.resolve(file), serverDir.resolve(file), StandardCopyOption.REPLACE_EXISTING);
        }
        ShrinkWrap.create(WebArchive.class, "crash.war")
                .addClass(CrashOnLiberty.class)
                .as(ZipExporter.class).exportTo(serverDir.resolve("apps").resolve("crash.war").toFile(), true);
        releaseLeftBranches();
        Database.execute("DROP TABLE IF EXISTS it_crash",
                "CREATE TABLE it_crash (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL)");
        mariadb("SET SESSION lock_wait_timeout = 10", "DROP TABLE IF EXISTS it_crash_effects",
                "CREATE TABLE it_crash_effects (row_id BIGINT NOT NULL, payload VARCHAR(100)) ENGINE=InnoDB");
        stall = new CommitStall();
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Files.writeString(serverDir.resolve("bootstrap.properties"),
                "crash.http.port=" + port + "\ncrash.proxy.port=" + stall.port() + "\n");
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
     * after the restart the branches are committed, the row settled and the effect there once.
     */
    @Test
    @Order(1)
    void aCrashInTheCommitPhaseIsCommittedByLibertysRecoveryAfterTheRestart() throws Exception {
        if (server == null || !server.isAlive()) {
            boot();
        }
        stall.arm();
        long id = insert("commit crash");
        List<String> branches = killWhileHeld(id, "between the phases");
        assertTrue(branches.stream().anyMatch(b -> b.startsWith("PostgreSQL")),
                "the adapter's branch is prepared, its commit held back: " + branches);
        assertEquals(1, rows(id), "the row's settlement is only prepared");

        int commits = stall.commitsPrepared();
        restartUntilSettled(id, "the restarted server's recovery commits the branches");
        assertFalse(server.log().contains("crash-test: delivered row " + id), "the row was not delivered again");
        assertEquals(commits + 1, stall.commitsPrepared(),
                "the adapter's branch was committed on the adapter's own connection (its getXAResources resource)");
    }

    /**
     * The crash comes in the prepares, before the transaction manager has logged a decision:
     * the proxy lets the adapter's {@code PREPARE TRANSACTION} through and holds back its reply,
     * so the adapter's branch is prepared and Liberty waits for it. Liberty prepares MariaDB's
     * branch (enlisted by the MDB) before the adapter's (enlisted at the claim, before the MDB
     * ran): both are prepared at the kill, as in WildFly's case. After the restart Liberty's recovery rolls the prepared branches back (no decision logged:
     * presumed abort), the row comes back, is delivered again and settled, and the effect is
     * there once. CrashRecoveryInWildFlyTest's second case, on the server the first case restarted.
     */
    @Test
    @Order(2)
    void aCrashBeforeTheDecisionIsRolledBackAndTheRowDeliveredAgain() throws Exception {
        if (server == null || !server.isAlive()) {
            boot();
        }
        stall.armForPrepare();
        long id = insert("prepare crash");
        List<String> branches = killWhileHeld(id, "in the prepares");
        assertEquals(2, branches.size(), "the adapter's branch (its reply held back) and the MDB's branch"
                + " (prepared before it) are both prepared: " + branches);
        assertEquals(1, rows(id), "the row's settlement is only prepared");
        assertEquals(0, effects(id));

        int rollbacks = stall.rollbacksPrepared();
        restartUntilSettled(id, "the restarted server's recovery rolls the branches back, and the row is delivered again");
        assertTrue(server.log().contains("crash-test: delivered row " + id), "the row was delivered again");
        assertEquals(rollbacks + 1, stall.rollbacksPrepared(),
                "the adapter's branch was rolled back on the adapter's own connection (its getXAResources resource)");
    }

    /**
     * Waits until the proxy holds what it was armed for (the row's delivery is then in its
     * two-phase commit), and kills the server.
     *
     * @return the branches prepared at the kill
     */
    private static List<String> killWhileHeld(long id, String where) throws Exception {
        String held = stall.awaitHeld(Duration.ofSeconds(30));
        System.out.println("crash-test: held back " + held);
        List<String> branches = inDoubt(id);
        server.kill();
        System.out.println("crash-test: killed the server " + where + "; in doubt: " + branches);
        return branches;
    }

    /**
     * Restarts the server on the same transaction log, and waits until nothing of the row's
     * transaction is in doubt, the row is settled and its effect there; then a while, for a
     * second delivery or commit to show, before the same checks.
     */
    private static void restartUntilSettled(long id, String what) throws Exception {
        boot();
        Await.until(what, BOOT.plusSeconds(60), () -> inDoubt(id).isEmpty() && rows(id) == 0 && effects(id) == 1);
        Thread.sleep(2000);
        assertEquals(0, rows(id), "the row is settled");
        assertEquals(1, effects(id), "the MDB's effect, once");
        assertEquals(List.of(), inDoubt(id), "nothing left prepared");
    }

    /** Starts the server on its kept folder, and waits until the MDB's subscription runs. */
    private static void boot() throws Exception {
        boots++;
        server = LibertyProcess.start(wlp, SERVER, serverDir.resolveSibling(SERVER + "-console-" + boots + ".log"));
        server.awaitLog("Inbox subscription 'CrashOnLiberty' delivers rows", BOOT);
        System.out.println("crash-test: boot " + boots + ": the subscription runs");
    }
}
