package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.ra.config.InvalidSettingsException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The advisory lock form holds each row with a lock of the worker's session: a driver that fails
 * over or reconnects by itself would drop those locks without a word, so such a url is refused at
 * activation by name, before any row moves. The other forms hold their rows in the transaction or
 * in the row, and keep working through the same url.
 */
class SilentReconnectRefusalTest {

    private static final String FIX = ", opening a new session without a word, and the advisory lock form holds"
            + " each row with a lock of the worker's session, which would be gone with the old one: another server"
            + " could take a row still in work. Give a single-host url without a failover mode or autoReconnect (for"
            + " example jdbc:mariadb://db.example.com/app) and fail over with a proxy or a virtual IP, which ends the"
            + " session visibly, or use the lease form ('lockedUntilColumn') instead of 'advisoryLock'.";

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "jdbc:mariadb:sequential://127.0.0.1:3306,127.0.0.1:3307/test | Property 'url' is 'jdbc:mariadb:sequential://127.0.0.1:3306,127.0.0.1:3307/test': MariaDB Connector/J's 'sequential' mode fails over to another host by itself",
        "jdbc:mariadb:loadbalance://127.0.0.1:3306/test               | Property 'url' is 'jdbc:mariadb:loadbalance://127.0.0.1:3306/test': MariaDB Connector/J's 'loadbalance' mode fails over to another host by itself",
        "jdbc:mariadb:replication://127.0.0.1:3306,127.0.0.1:3307/test | MariaDB Connector/J's 'replication' mode fails over to another host by itself",
        "jdbc:mysql://bob:s3,cret@db1:3306,db2:3306/app               | Property 'url' is 'jdbc:mysql://bob:***@db1:3306,db2:3306/app': MySQL Connector/J fails over between the hosts of a url naming several by itself",
        "jdbc:mysql:loadbalance://db1,db2/app                          | MySQL Connector/J fails over between the hosts of a load-balanced, replication or DNS SRV url by itself",
        "jdbc:mysql+srv://_mysql._tcp.example.com/app                  | MySQL Connector/J fails over between the hosts of a load-balanced, replication or DNS SRV url by itself",
        "jdbc:mysql://db1:3306/app?useSSL=false&autoReconnect=true     | autoReconnect=true has the driver reconnect by itself",
    })
    void anAdvisoryLockUrlThatReconnectsByItselfIsRefusedByName(String url, String reason) throws Exception {
        String table = tables.inbox(TestDatabase.MARIADB);
        Map<String, String> p = TestDatabase.MARIADB.properties("reconnecting", table, Form.ADVISORY);
        p.put("url", url);
        String refusal = ActivationTable.refusal(InvalidSettingsException.class, p);
        assertTrue(refusal.startsWith("Inbox subscription 'reconnecting' cannot start: "), refusal);
        assertTrue(refusal.contains(reason + FIX), refusal);
        assertFalse(refusal.contains("s3,cret"), "the password is not shown: " + refusal);
    }

    @Test
    void autoReconnectInTheDataSourcePropertiesIsRefusedToo() throws Exception {
        String table = tables.inbox(TestDatabase.MARIADB);
        Map<String, String> p = TestDatabase.MARIADB.properties("reconnecting-properties", table, Form.ADVISORY);
        p.remove("url");
        p.put("dataSourceClass", "org.mariadb.jdbc.MariaDbDataSource");
        p.put("dataSourceProperties", "url=jdbc:mariadb://127.0.0.1:3306/test;autoReconnect=true");
        assertEquals("Inbox subscription 'reconnecting-properties' cannot start: Property 'dataSourceProperties' sets"
                + " autoReconnect=true: the driver reconnects by itself" + FIX,
                ActivationTable.refusal(InvalidSettingsException.class, p));
    }

    /** A failover url is fine where the rows are held in the transaction or in the row: it delivers on the real MariaDB. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"ROW_LOCK", "LEASE"})
    void theOtherFormsTakeAFailoverUrlAndDeliver(Form form) throws Exception {
        TestDatabase db = TestDatabase.MARIADB;
        String table = tables.inbox(db);
        db.insertRows(table, 3);
        Map<String, String> p = db.properties("failover-" + form, table, form);
        p.put("url", p.get("url").replace("jdbc:mariadb://", "jdbc:mariadb:sequential://"));
        List<Object> delivered = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Harness.Activation activation = server.activate(message -> {
                delivered.add(message.id());
                return Outcome.ack();
            }, p);
            Await.until("every row is settled", Duration.ofSeconds(30),
                    () -> db.count("SELECT count(*) FROM " + table) == 0 && activation.log().committed().size() == 3);
            assertEquals(3, delivered.size(), "each row once");
        }
    }
}
