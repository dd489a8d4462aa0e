package io.inboxra.it;

import io.inboxra.it.crash.Crash;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.inboxra.it.CrashDatabase.deleteTree;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link CrashRecoveryCases} on Payara Micro: a delivery's transaction cut off by a crash of the
 * server between its phases, and Payara's recovery after the restart: the adapter's PostgreSQL branch must get the transaction manager's
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
@DisabledIfSystemProperty(named = Server.PROPERTY, matches = "wildfly", disabledReason = "Payara's own crash test"
        + " (its recovery listener, its command files); CrashRecoveryInWildFlyTest is WildFly's")
class CrashRecoveryInPayaraTest extends CrashRecoveryCases {

    private static final Duration BOOT = Duration.ofSeconds(120);

    private Path work;

    CrashRecoveryInPayaraTest() {
        super(BOOT, BOOT.plusSeconds(30), "Crash", "the listener's resource");
    }

    @Override
    void install() throws Exception {
        work = BootCommands.dir().resolveSibling("crash");
        deleteTree(work);
        Files.createDirectories(work.resolve("flags"));
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
    }

    /** Payara commits the adapter's branch first: the witness, enlisted last, is not committed yet. */
    @Override
    void assertKilledBetweenThePhases(long id, List<String> branches) throws Exception {
        assertWitnessedBetweenThePhases(id, branches);
    }

    @Override
    CrashedDelivery crashInThePrepares() throws Exception {
        return haltedByTheWitness(work.resolve("flags"));
    }

    @Override
    void assertRecoveredThroughTheAdapter() {
        assertTrue(server.log().contains("XA resource(s) for Payara's recovery pass, of subscriptions [Crash]"),
                "the adapter's listener gave the recovery pass its resource");
    }

    /** On the kept root folder; the first start also configures and deploys. */
    @Override
    ServerProcess start(int boot) throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path dir = BootCommands.dir();
        Path console = work.resolve("console-" + boot + ".log");
        List<String> options = new ArrayList<>(List.of("--nocluster", "--rootDir", work.resolve("root").toString(),
                "--name", "crash-test", "--port", String.valueOf(port),
                "--addLibs", dir.resolve("mariadb-java-client.jar").toString()));
        if (boot == 1) {
            // The configuration and the deployments stay in the root folder. A restart deploys nothing
            // again: --deploy would redeploy the adapter (--force) while the recovery pass runs.
            options.addAll(List.of("--prebootcommandfile", work.resolve("preboot.txt").toString(),
                    "--deploy", dir.resolve("inbox-rar.rar").toString(),
                    "--deploy", work.resolve("crash.war").toString()));
        }
        return ServerProcess.startPayara(
                List.of("-Dcrash.url=jdbc:postgresql://127.0.0.1:" + stall.port() + "/test?sslmode=disable",
                        "-Dcrash.flags=" + work.resolve("flags")),
                options, console);
    }
}
