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
import org.junit.jupiter.params.provider.ValueSource;
import io.inboxra.ra.config.SettingsReader;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
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

    private static final String FIX = ", continuing on a new session without a word, and the advisory lock form"
            + " holds each row with a lock of the worker's session, which would be gone with the old one: another"
            + " server could take a row still in work. Give a url that names one host without a failover mode or"
            + " autoReconnect (for example jdbc:mariadb://db.example.com/app) and fail over with a proxy or a virtual"
            + " IP, which ends the session visibly, or use the lease form ('lockedUntilColumn') instead of"
            + " 'advisoryLock'.";
    private static final String MARIADB_MODE = "mode reconnects by itself, to the same host or another";
    private static final String RECONNECTS = "the driver reconnects by itself (MySQL Connector/J, MariaDB Connector/J 2)";

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    private Map<String, String> advisory(String name) throws SQLException {
        return TestDatabase.MARIADB.properties(name, tables.inbox(TestDatabase.MARIADB), Form.ADVISORY);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "jdbc:mariadb:sequential://127.0.0.1:3306,127.0.0.1:3307/test | 'jdbc:mariadb:sequential://127.0.0.1:3306,127.0.0.1:3307/test': MariaDB Connector/J's 'sequential' " + MARIADB_MODE,
        "jdbc:mariadb:loadbalance://127.0.0.1:3306/test               | MariaDB Connector/J's 'loadbalance' " + MARIADB_MODE,
        "jdbc:mariadb:load-balance://127.0.0.1:3306/test              | MariaDB Connector/J's 'load-balance' " + MARIADB_MODE,
        "jdbc:mariadb:REPLICATION://127.0.0.1:3306,127.0.0.1:3307/test | MariaDB Connector/J's 'REPLICATION' " + MARIADB_MODE,
        "jdbc:mariadb:sequential//127.0.0.1:3306/test                 | MariaDB Connector/J's 'sequential' " + MARIADB_MODE,
        "jdbc:mysql://bob:s3,cret@db1:3306,db2:3306/app               | 'jdbc:mysql://bob:***@db1:3306,db2:3306/app': MySQL Connector/J fails over between the hosts of a url naming several, by itself",
        "jdbc:mysql://[db1,db2]/app                                    | MySQL Connector/J fails over between the hosts of a url naming several, by itself",
        "jdbc:mysql://address=(host=db1)(sslKey=/k),address=(host=db2)/app | MySQL Connector/J fails over between the hosts of a url naming several, by itself",
        "jdbc:mysql:loadbalance://db1,db2/app                          | the driver reconnects by itself under 'jdbc:mysql:loadbalance:' (MySQL Connector/J's load-balanced, replication and DNS SRV urls, MariaDB Connector/J's failover modes), to the same host or another",
        "jdbc:mysql:sequential://db1/app                               | the driver reconnects by itself under 'jdbc:mysql:sequential:'",
        "jdbc:mysql+srv://_mysql._tcp.example.com/app                  | the driver reconnects by itself under 'jdbc:mysql+srv:'",
        "jdbc:mysql://db1:3306/app?useSSL=false&autoReconnect=yes      | autoReconnect=yes: " + RECONNECTS,
        "jdbc:mysql://(host=db1,port=3306,autoReconnect=true)/app      | autoReconnect=true: " + RECONNECTS,
        "jdbc:mariadb://127.0.0.1:3306/test?autoReconnect              | autoReconnect: " + RECONNECTS,
        "jdbc:mysql://db1/app?dnsSrv=true                              | dnsSrv=true: MySQL Connector/J fails over between the hosts of a DNS SRV record by itself",
    })
    void anAdvisoryLockUrlThatReconnectsByItselfIsRefusedByName(String url, String reason) throws Exception {
        Map<String, String> p = advisory("reconnecting");
        p.put("url", url);
        String refusal = ActivationTable.refusal(InvalidSettingsException.class, p);
        assertTrue(refusal.startsWith("Inbox subscription 'reconnecting' cannot start: Property 'url' is '"), refusal);
        assertTrue(refusal.contains(reason) && refusal.endsWith(FIX), refusal);
        assertFalse(refusal.contains("s3,cret"), "the password is not shown: " + refusal);
    }

    /** What cannot reconnect passes: one host, a mode-less MariaDB url, an option turned off, a comma in a password. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "jdbc:mariadb://127.0.0.1:3306/test",
        "jdbc:mariadb://127.0.0.1:3306,127.0.0.1:3307/test",
        "jdbc:mysql://(host=db1,port=3306)/app",
        "jdbc:mysql://bob:p,q/r@db1:3306/app",
        "jdbc:mysql://[::1]:3306/app?sessionVariables=a=1,b=2",
        "jdbc:mysql://db1/app?autoReconnect=false",
    })
    void aUrlThatCannotReconnectPasses(String url) throws Exception {
        Map<String, String> p = advisory("one-session");
        p.put("url", url);
        assertDoesNotThrow(() -> SettingsReader.read(p, "one-session"));
    }

    /** A url in the data source's properties wins over 'url', so it is checked too, and so are the options there. */
    @Test
    void theDataSourcePropertiesAreCheckedToo() throws Exception {
        Map<String, String> p = advisory("reconnecting-properties");
        p.put("dataSourceClass", "org.mariadb.jdbc.MariaDbDataSource");
        p.put("dataSourceProperties", "url=jdbc:mariadb:sequential://127.0.0.1:3306/test;autoReconnect=1");
        String refusal = ActivationTable.refusal(InvalidSettingsException.class, p);
        assertTrue(refusal.contains("Property 'dataSourceProperties' has url 'jdbc:mariadb:sequential://127.0.0.1:3306/test':"
                + " MariaDB Connector/J's 'sequential' " + MARIADB_MODE + FIX), refusal);
        assertTrue(refusal.contains("Property 'dataSourceProperties' has autoReconnect=1: " + RECONNECTS + FIX), refusal);
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
