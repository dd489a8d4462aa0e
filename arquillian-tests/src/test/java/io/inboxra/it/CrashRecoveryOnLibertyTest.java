package io.inboxra.it;

import io.inboxra.harness.Await;
import io.inboxra.it.libertycrash.CrashOnLiberty;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
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
 * killed and started again on the same folder, which keeps its transaction log. The same checks
 * as CrashRecoveryInPayaraTest's first case, on the branches Liberty leaves (no witness resource:
 * Liberty has no {@code java:appserver/TransactionManager} to enlist one with).
 */
@EnabledIfSystemProperty(named = "inbox.it.server", matches = "openliberty")
class CrashRecoveryOnLibertyTest {

    static final Duration BOOT = Duration.ofSeconds(180);
    static final String SERVER = "crash-it";

    static Path wlp;
    static Path serverDir;
    static CommitStall stall;
    static LibertyProcess server;
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
    void aCrashInTheCommitPhaseIsCommittedByLibertysRecoveryAfterTheRestart() throws Exception {
        boot();
        stall.arm();
        long id = insert("commit crash");
        String held = stall.awaitHeld(Duration.ofSeconds(30));
        System.out.println("crash-test: held back " + held);
        List<String> branches = inDoubt(id);
        server.kill();
        System.out.println("crash-test: killed the server between the phases; in doubt: " + branches);
        assertTrue(branches.stream().anyMatch(b -> b.startsWith("PostgreSQL")),
                "the adapter's branch is prepared, its commit held back: " + branches);
        assertEquals(1, rows(id), "the row's settlement is only prepared");

        int commits = stall.commitsPrepared();
        boot();
        Await.until("the restarted server's recovery commits the branches", BOOT.plusSeconds(60),
                () -> inDoubt(id).isEmpty() && rows(id) == 0 && effects(id) == 1);
        Thread.sleep(2000);
        assertEquals(0, rows(id), "the row is settled");
        assertEquals(1, effects(id), "the MDB's effect, once");
        assertEquals(List.of(), inDoubt(id), "nothing left prepared");
        assertFalse(server.log().contains("crash-test: delivered row " + id), "the row was not delivered again");
        assertEquals(commits + 1, stall.commitsPrepared(),
                "the adapter's branch was committed on the adapter's own connection (its getXAResources resource)");
    }

    /** Starts the server on its kept folder, and waits until the MDB's subscription runs. */
    private static void boot() throws Exception {
        boots++;
        server = LibertyProcess.start(wlp, SERVER, serverDir.resolveSibling(SERVER + "-console-" + boots + ".log"));
        server.awaitLog("Inbox subscription 'CrashOnLiberty' delivers rows", BOOT);
        System.out.println("crash-test: boot " + boots + ": the subscription runs");
    }
}
