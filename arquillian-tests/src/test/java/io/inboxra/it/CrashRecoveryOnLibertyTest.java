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

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

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
    static final String MARIADB = "jdbc:mariadb://127.0.0.1:3306/test";
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

    private static long insert(String payload) throws SQLException {
        return Database.insert("INSERT INTO it_crash (payload) VALUES ('" + payload + "')", "payload")
                .keySet().iterator().next();
    }

    private static long rows(long id) throws SQLException {
        return Database.count("SELECT count(*) FROM it_crash WHERE id = " + id);
    }

    private static long effects(long id) throws SQLException {
        return count(MARIADB, "SELECT count(*) FROM it_crash_effects WHERE row_id = " + id);
    }

    /**
     * @return the prepared branches of the transaction that claimed the row: the PostgreSQL one
     *     holding a lock on {@code it_crash} (the adapter's), and MariaDB's of the same global id
     */
    private static List<String> inDoubt(long id) throws SQLException {
        List<String> branches = new ArrayList<>();
        List<byte[]> globalIds = new ArrayList<>();
        for (Object[] row : Database.rows("SELECT DISTINCT p.gid FROM pg_prepared_xacts p"
                + " JOIN pg_locks x ON x.locktype = 'transactionid' AND x.transactionid = p.transaction"
                + " JOIN pg_locks l ON l.virtualtransaction = x.virtualtransaction"
                + " WHERE l.relation = to_regclass('it_crash')")) {
            String gid = (String) row[0];
            String[] parts = gid.split("_");
            byte[] global = Base64.getDecoder().decode(parts[1]);
            globalIds.add(global);
            branches.add("PostgreSQL " + describe(global, Base64.getDecoder().decode(parts[2])));
        }
        try (Connection c = DriverManager.getConnection(MARIADB, "inbox_sample", "inbox");
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery("XA RECOVER")) {
            while (rs.next()) {
                int globalLength = rs.getInt("gtrid_length");
                byte[] data = rs.getBytes("data");
                byte[] global = Arrays.copyOf(data, globalLength);
                if (globalIds.stream().anyMatch(g -> Arrays.equals(g, global))) {
                    branches.add("MariaDB " + describe(global, Arrays.copyOfRange(data, globalLength, data.length)));
                }
            }
        }
        return branches;
    }

    /**
     * Rolls back what an earlier, failed run left prepared: the MariaDB branches of the
     * transactions whose PostgreSQL branch holds a lock on {@code it_crash}, then those.
     */
    private static void releaseLeftBranches() throws SQLException {
        List<String> left = new ArrayList<>();
        for (Object[] row : Database.rows("SELECT DISTINCT p.gid FROM pg_prepared_xacts p"
                + " JOIN pg_locks x ON x.locktype = 'transactionid' AND x.transactionid = p.transaction"
                + " JOIN pg_locks l ON l.virtualtransaction = x.virtualtransaction"
                + " WHERE l.relation = to_regclass('it_crash')")) {
            left.add(HexFormat.of().formatHex(Base64.getDecoder().decode(((String) row[0]).split("_")[1])));
        }
        try (Connection c = DriverManager.getConnection(MARIADB, "inbox_sample", "inbox"); Statement s = c.createStatement()) {
            List<String> xids = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("XA RECOVER FORMAT='SQL'")) {
                while (rs.next()) {
                    String xid = rs.getString("data");
                    if (left.stream().anyMatch(global -> xid.toLowerCase().startsWith("x'" + global + "'"))) {
                        xids.add(xid);
                    }
                }
            }
            for (String xid : xids) {
                s.execute("XA ROLLBACK " + xid);
            }
        }
        Database.release("it_crash");
    }

    private static String describe(byte[] global, byte[] branch) {
        return "branch (global " + HexFormat.of().formatHex(global) + ", qualifier '"
                + new String(branch, java.nio.charset.StandardCharsets.ISO_8859_1).replaceAll("[^\\x20-\\x7e]", ".") + "')";
    }

    private static void mariadb(String... statements) throws SQLException {
        try (Connection c = DriverManager.getConnection(MARIADB, "inbox_sample", "inbox"); Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    private static long count(String url, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, "inbox_sample", "inbox");
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (Files.exists(root)) {
            try (Stream<Path> paths = Files.walk(root)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
