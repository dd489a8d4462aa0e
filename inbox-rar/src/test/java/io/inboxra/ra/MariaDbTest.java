package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.LogCapture;
import io.inboxra.harness.TestDatabase;
import io.inboxra.ra.dialect.Dialects;
import io.inboxra.ra.dialect.mysql.MariaDbDialect;
import io.inboxra.ra.recovery.RecoveryResource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.XAConnection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What only MySQL and MariaDB need: claims that block no producer, branches never joined, MySQL Connector/J. */
class MariaDbTest {

    private static final TestDatabase DB = TestDatabase.MARIADB;
    private static final String CONNECTOR_J_URL = "jdbc:mysql://127.0.0.1:3306/test";

    private final List<String> tables = new ArrayList<>();

    @AfterEach
    void dropTables() throws SQLException {
        for (String table : tables) {
            DB.execute("DROP TABLE IF EXISTS " + table);
        }
    }

    private String inbox() throws SQLException {
        String table = DB.newInbox();
        tables.add(table);
        return table;
    }

    @Test
    void anEmptyClaimHeldOpenBlocksNoProducer() throws Exception {
        String table = inbox();
        Statement claim = new MariaDbDialect().lockClaim(TableSpec.builder(table).queueColumn("queue")
                .dueColumn("due_at").priorityColumn("priority").build());
        try (Connection claimer = DB.connect(); Connection producer = DB.connect()) {
            claimer.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            claimer.setAutoCommit(false);
            try (PreparedStatement ps = claimer.prepareStatement(claim.sql())) {
                ps.setString(1, "invoices");
                ps.setInt(2, 1);
                assertFalse(ps.executeQuery().next(), "the claim finds nothing, and its transaction stays open");
            }
            producer.createStatement().execute("SET SESSION innodb_lock_wait_timeout = 2");
            long started = System.nanoTime();
            producer.createStatement().execute("INSERT INTO " + table + " (payload, queue) VALUES ('new', 'invoices')");
            long waited = Duration.ofNanos(System.nanoTime() - started).toMillis();
            assertTrue(waited < 1000, "the producer waited " + waited + " ms for the claim's locks");
            claimer.rollback();
        }
    }

    @Test
    void theAdaptersResourceIsNeverTheSameResourceManagerAsAnotherConnection() throws Exception {
        XAConnection one = DB.xaDataSource().getXAConnection();
        XAConnection two = DB.xaDataSource().getXAConnection();
        try {
            RecoveryResource first = new RecoveryResource(one.getXAResource());
            RecoveryResource second = new RecoveryResource(two.getXAResource());
            assertTrue(first.isSameRM(first));
            assertFalse(first.isSameRM(second), "two workers' branches are never joined");
            assertFalse(first.isSameRM(two.getXAResource()), "nor an MDB's own branch on the same server");
        } finally {
            one.close();
            two.close();
        }
    }

    @Test
    void mySqlConnectorJOnMariaDbIsDetectedAsMariaDb() throws Exception {
        try (Connection c = DriverManager.getConnection(CONNECTOR_J_URL, "root", "")) {
            assertEquals("MySQL", c.getMetaData().getDatabaseProductName(), "Connector/J names MariaDB MySQL");
            assertEquals("mariadb", Dialects.resolve(Optional.empty(), c.getMetaData(), null).name());
        }
    }

    @ParameterizedTest
    @EnumSource(Form.class)
    void theMySqlDialectThroughConnectorJDeliversEveryRowOnce(Form form) throws Exception {
        String table = inbox();
        DB.insertRows(table, 300);
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(DB, form, "connector-j", table);
            p.put("url", CONNECTOR_J_URL);
            p.put("dialect", "mysql");
            p.put("workers", "4");
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            Await.until("every row is settled", Duration.ofSeconds(60),
                    () -> DB.count("SELECT count(*) FROM " + table) == 0 && mdb.log().committed().size() >= 300);
            assertEquals(300, mdb.log().committedCounts().size());
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce(), "no row twice");
        }
    }

    @Test
    void aTableWithoutAnIndexForTheClaimOrderIsWarnedAboutNamingTheIndex() throws Exception {
        String table = DB.newTable("noindex", DB.inboxColumns());
        tables.add(table);
        List<String> warnings = warningsOfActivation(table);
        assertEquals(List.of("Inbox subscription 'unindexed': no index of table '" + table + "' serves the claim"
                + " order (queue, due_at, id); every claim will lock all the rows it scans and claims will wait for"
                + " each other. Create one: CREATE INDEX " + table + "_claim ON `" + table + "` (`queue`, `due_at`,"
                + " `id`)"), warnings);
    }

    /** Settlements look rows up by id: an id column that leads no index would make each scan and lock the table. */
    @Test
    void aTableWhoseIdColumnLeadsNoIndexIsWarnedAbout() throws Exception {
        String table = DB.newTable("noidindex", "pk BIGINT AUTO_INCREMENT PRIMARY KEY, id BIGINT NOT NULL,"
                + " payload TEXT NOT NULL, queue TEXT, due_at DATETIME(6)");
        tables.add(table);
        DB.execute("CREATE INDEX " + table + "_claim ON " + table + " (queue(32), due_at, id)");
        assertEquals(List.of("Inbox subscription 'unindexed': no index of table '" + table + "' starts with its id"
                + " column 'id'; every settlement will scan and lock the whole table. Make 'id' the primary key, or"
                + " give it a unique index of its own."), warningsOfActivation(table));
    }

    private List<String> warningsOfActivation(String table) throws Exception {
        try (LogCapture warnings = LogCapture.of("io.inboxra.ra.subscription.check.ClaimIndexCheck");
             Harness server = Harness.start()) {
            Map<String, String> p = DB.properties("unindexed", table);
            p.put("queueColumn", "queue");
            p.put("queue", "invoices");
            p.put("dueColumn", "due_at");
            server.activate(message -> Outcome.ack(), p);
            return warnings.messages();
        }
    }
}
