package io.inboxra.it;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sample has no database password of its own: pointed at a real database (MariaDB, as
 * user {@code inbox_sample}, whose password {@code .ci/setup-databases} sets) with
 * {@code invoices.db.password} left out, it sends none, and the database refuses it; the
 * deployment fails naming the user. (It once sent the password written into its WAR, which
 * happened to be that user's.)
 */
@DisabledIfSystemProperty(named = Server.PROPERTY, matches = "wildfly|openliberty", disabledReason = "the sample's"
        + " data source on Payara reads invoices.db.* itself; the other servers' is theirs")
class SampleDatabasePasswordOnPayaraTest {

    @Test
    void aRealDatabaseWithNoPasswordConfiguredGetsNone() throws Exception {
        Path dir = BootCommands.dir();
        Path work = dir.resolveSibling("no-password");
        Files.createDirectories(work);
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        ServerProcess server = ServerProcess.startPayara(List.of(
                "-Dinvoices.db.class=org.mariadb.jdbc.MariaDbDataSource",
                "-Dinvoices.db.url=jdbc:mariadb://127.0.0.1:3306/test",
                "-Dinvoices.db.user=inbox_sample",
                "-Dinvoices.db.schema=META-INF/sql/create-mariadb.sql"),
                List.of("--nocluster", "--port", String.valueOf(port),
                        "--rootDir", Files.createTempDirectory(work, "root").toString(),
                        "--deploy", dir.resolve("inbox-rar.rar").toString(),
                        "--deploy", dir.resolve("inbox-ejb-sample.war").toString()), work.resolve("console.log"));
        try {
            server.awaitLog("ready in", Duration.ofSeconds(180));
            String log = server.log();
            assertTrue(log.contains("Access denied for user 'inbox_sample'"), "MariaDB refuses the user without"
                    + " a password; console: " + work.resolve("console.log"));
            assertTrue(log.contains("using password: NO"), "no password was sent");
            assertFalse(log.contains("inbox-ejb-sample was successfully deployed"), "the sample did not deploy");
        } finally {
            server.stop();
        }
    }
}
