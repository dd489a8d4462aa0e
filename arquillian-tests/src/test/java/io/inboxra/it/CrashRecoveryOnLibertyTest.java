package io.inboxra.it;

import io.inboxra.it.libertycrash.CrashOnLiberty;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;

import static io.inboxra.it.CrashDatabase.deleteTree;
import static io.inboxra.it.CrashDatabase.insert;
import static io.inboxra.it.CrashDatabase.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link CrashRecoveryCases} on Open Liberty: a delivery's transaction cut off by a kill -9 of
 * Open Liberty between its phases, and Liberty's recovery after the restart: the adapter's PostgreSQL branch must get the transaction manager's
 * decision through the adapter's {@code getXAResources}, which Liberty's recovery calls for the
 * activation specs it logged. The MDB's own branch is on MariaDB, through a server-level XA data
 * source that Liberty recovers by itself, so nothing but that call can finish the adapter's; the
 * adapter's own in-doubt resolver waits a day ({@code inDoubtTimeout=P1D}).
 *
 * <p>A Liberty server of the test's own ({@code crash-it}, src/test/liberty/crash/server.xml),
 * killed and started again on the same folder, which keeps its transaction log: once per case, the
 * second case on the server the first restarted. The same two cases as Payara's and WildFly's,
 * on the branches Liberty leaves, with the proxy in front of PostgreSQL in place of
 * their witness resource (Liberty has no {@code java:appserver/TransactionManager} to enlist one
 * with, and prepared one enlisted last before the databases' branches).
 */
@EnabledIfSystemProperty(named = "inbox.it.server", matches = "openliberty")
class CrashRecoveryOnLibertyTest extends CrashRecoveryCases {

    private static final Duration BOOT = Duration.ofSeconds(180);
    private static final String SERVER = "crash-it";

    private Path wlp;
    private Path serverDir;

    CrashRecoveryOnLibertyTest() {
        super(BOOT, BOOT.plusSeconds(60), "CrashOnLiberty", "its getXAResources resource");
    }

    @Override
    void install() throws Exception {
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
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Files.writeString(serverDir.resolve("bootstrap.properties"),
                "crash.http.port=" + port + "\ncrash.proxy.port=" + stall.port() + "\n");
    }

    /** Without a witness resource: the adapter's branch is prepared, its commit held back. */
    @Override
    void assertKilledBetweenThePhases(long id, List<String> branches) throws Exception {
        assertTrue(branches.stream().anyMatch(b -> b.startsWith("PostgreSQL")),
                "the adapter's branch is prepared, its commit held back: " + branches);
        assertEquals(1, rows(id), "the row's settlement is only prepared");
    }

    /**
     * The proxy lets the adapter's {@code PREPARE TRANSACTION} through and holds back its reply,
     * so the adapter's branch is prepared and Liberty waits for it. Liberty prepares MariaDB's
     * branch (enlisted by the MDB) before the adapter's (enlisted at the claim, before the MDB
     * ran): both are prepared at the kill, as in WildFly's case.
     */
    @Override
    CrashedDelivery crashInThePrepares() throws Exception {
        stall.armForPrepare();
        long id = insert("prepare crash");
        return new CrashedDelivery(id, killWhileHeld(id, "in the prepares"));
    }

    /** On its kept folder. */
    @Override
    ServerProcess start(int boot) throws Exception {
        return LibertyProcess.start(wlp, SERVER, serverDir.resolveSibling(SERVER + "-console-" + boot + ".log"));
    }
}
