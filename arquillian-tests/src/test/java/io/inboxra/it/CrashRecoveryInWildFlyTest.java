package io.inboxra.it;

import io.inboxra.it.crash.Crash;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static io.inboxra.it.CrashDatabase.deleteTree;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link CrashRecoveryCases} on WildFly, whose transaction manager (Narayana) is
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
@EnabledIfSystemProperty(named = Server.PROPERTY, matches = "wildfly", disabledReason = "WildFly's own crash test")
class CrashRecoveryInWildFlyTest extends CrashRecoveryCases {

    private static final Duration BOOT = Duration.ofSeconds(120);
    /** The MariaDB data source of the MDB's effects, an XA data source of the server's configuration. */
    private static final String EFFECTS_DATA_SOURCE = """
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

    private Path work;
    private Path base;

    CrashRecoveryInWildFlyTest() {
        super(BOOT, BOOT.plusSeconds(60), "Crash", "a getXAResources resource");
    }

    @Override
    void install() throws Exception {
        work = BootCommands.dir().resolveSibling("crash-wildfly");
        deleteTree(work);
        Files.createDirectories(work.resolve("flags"));
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
    }

    /** Narayana commits the adapter's branch first: the witness, enlisted last, is not committed yet. */
    @Override
    void assertKilledBetweenThePhases(long id, List<String> branches) throws Exception {
        assertWitnessedBetweenThePhases(id, branches);
    }

    @Override
    CrashedDelivery crashInThePrepares() throws Exception {
        return haltedByTheWitness(work.resolve("flags"));
    }

    /** On the kept base folder, its recovery scanning every 5 s. */
    @Override
    ServerProcess start(int boot) throws Exception {
        Path console = work.resolve("console-" + boot + ".log");
        return WildFlyProcess.start(base, List.of(
                // Ports +200: clear of the suite's WildFly (+100) and of a Payara on 8080.
                "-Djboss.socket.binding.port-offset=200",
                "-Dcom.arjuna.ats.arjuna.recovery.periodicRecoveryPeriod=5",
                "-Dcom.arjuna.ats.arjuna.recovery.recoveryBackoffPeriod=1",
                "-Dcrash.url=jdbc:postgresql://127.0.0.1:" + stall.port() + "/test?sslmode=disable",
                "-Dcrash.effects=java:jboss/datasources/crash-effects",
                "-Dcrash.flags=" + work.resolve("flags")), console);
    }
}
