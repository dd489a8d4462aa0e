package io.inboxra.ra.dialect;

import io.inboxra.ra.dialect.common.EngineRefusal;
import io.inboxra.ra.dialect.common.RefusedEngines;

import io.inboxra.harness.TestDatabase;
import io.inboxra.ra.dialect.mysql.MariaDbDialect;
import io.inboxra.ra.dialect.postgres.PostgresDialect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.sql.Connection;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The engines refused by name at activation (issue 25, point 3), told apart as their drivers report them, by the built-in dialect of their protocol. */
class RefusedEnginesTest {

    private static final String WHERE = "jdbc:mysql://tidb:4000/app";

    private static String refusal(String product, String version, boolean galera) {
        return RefusedEngines.refusal(new RefusedEngines.Engine(product, version, galera), WHERE).orElseThrow();
    }

    @Test
    void tidbIsRefusedByItsVersionStringWithTheReasonAndTheFix() {
        String message = refusal("MySQL", "8.0.11-TiDB-v7.5.0", false);
        assertTrue(message.startsWith("The database at " + WHERE + " is TiDB (MySQL 8.0.11-TiDB-v7.5.0), which the"
                + " adapter refuses: TiDB accepts FOR UPDATE SKIP LOCKED but takes no lock"), message);
        assertTrue(message.contains("several as shards") && message.contains("docs/shards.md"), message);
    }

    @Test
    void yugabyteAndGaleraAreRefusedByName() {
        String yugabyte = refusal("PostgreSQL", "11.2-YB-2.20.0.0-b0", false);
        assertTrue(yugabyte.contains("is YugabyteDB (PostgreSQL 11.2-YB-2.20.0.0-b0)")
                && yugabyte.contains("no PREPARE TRANSACTION"), yugabyte);
        String galera = refusal("MariaDB", "10.11.6-MariaDB", true);
        assertTrue(galera.contains("is a Galera cluster node (MariaDB 10.11.6-MariaDB, wsrep_on = ON)")
                && galera.contains("does not support XA"), galera);
    }

    @Test
    void theSupportedEnginesPass() {
        for (String[] engine : new String[][] {{"PostgreSQL", "15.10 (Debian 15.10-0+deb12u1)"},
                {"MariaDB", "10.11.6-MariaDB-0+deb12u1"}, {"MySQL", "5.5.5-10.11.6-MariaDB"}, {"MySQL", "8.4.3"},
                {"H2", "2.3.232 (2024-08-11)"}, {"SQLite", "3.46.1"}}) {
            assertEquals(Optional.empty(), RefusedEngines.refusal(new RefusedEngines.Engine(engine[0], engine[1], false), WHERE),
                    String.join(" ", engine));
        }
    }

    /** The real servers: MariaDB without Galera reports wsrep_on OFF; neither is refused. */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void theRealDatabasesAreNotRefused(TestDatabase db) throws Exception {
        try (Connection c = db.connect()) {
            RefusedEngines.Engine engine = db == TestDatabase.MARIADB ? RefusedEngines.mysqlFamily(c) : RefusedEngines.byName(c);
            assertFalse(engine.galera(), engine.toString());
            EngineRefusal dialect = db == TestDatabase.MARIADB ? new MariaDbDialect() : new PostgresDialect();
            assertEquals(Optional.empty(), dialect.refusal(c, "here"), engine.toString());
            Dialects.refuseUnworkableEngine(c, "here");
        }
    }
}
