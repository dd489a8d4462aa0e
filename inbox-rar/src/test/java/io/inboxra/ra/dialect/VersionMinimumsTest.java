package io.inboxra.ra.dialect;

import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.UnsupportedVersionException;
import io.inboxra.dialect.Version;
import io.inboxra.ra.dialect.mysql.MySqlDialect;
import io.inboxra.ra.dialect.postgres.PostgresDialect;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.sql.DatabaseMetaData;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each built-in dialect refuses a version of its database below its minimum, named or detected;
 * a dialect named for a database of another product refuses no version. No database is needed.
 */
class VersionMinimumsTest {

    @Test
    void theMySqlDialectNamedOnMariaDbThroughConnectorJKeepsMariaDbsMinimum() {
        DatabaseMetaData old = metadata("MySQL", "5.5.5-10.5.9-MariaDB", 5, 5);
        UnsupportedVersionException e = assertThrows(UnsupportedVersionException.class,
                () -> new MySqlDialect().requireVersion(old, Form.ROW_LOCK));
        assertEquals("The database is MariaDB 5.5.5-10.5.9-MariaDB: the mysql dialect needs 10.6 or later (the first"
                + " with FOR UPDATE SKIP LOCKED); upgrade the database.", e.getMessage());
    }

    @Test
    void aDetectedMariaDbOlderThanTenSixIsRefusedNamingBothVersions() {
        Dialects.DialectException e = assertThrows(Dialects.DialectException.class,
                () -> Dialects.resolve(Optional.empty(), metadata("MariaDB", "10.5.23-MariaDB", 10, 5), null));
        assertEquals("The database is MariaDB 10.5.23-MariaDB: the mariadb dialect needs 10.6 or later (the first"
                + " with FOR UPDATE SKIP LOCKED); upgrade the database.", e.getMessage());
    }

    @Test
    void aMySqlOlderThanEightZeroOneIsRefused() {
        Dialects.DialectException e = assertThrows(Dialects.DialectException.class,
                () -> Dialects.resolve(Optional.empty(), metadata("MySQL", "8.0.0-dmr", 8, 0), null));
        assertEquals("The database is MySQL 8.0.0-dmr: the mysql dialect needs 8.0.1 or later (the first with"
                + " FOR UPDATE SKIP LOCKED); upgrade the database.", e.getMessage());
    }

    @Test
    void aNamedDialectIsCheckedInItsFormAtActivation() throws Exception {
        Dialects.DialectException e = assertThrows(Dialects.DialectException.class,
                () -> Dialects.requireForm(new H2Dialect(), Form.LEASE, metadata("H2", "2.1.214 (2022-06-13)", 2, 1)));
        assertTrue(e.getMessage().startsWith("The database is H2 2.1.214 (2022-06-13): the h2 dialect needs 2.2.220"),
                e.getMessage());
        Dialects.requireForm(new H2Dialect(), Form.LEASE, metadata("H2", "2.2.220 (2023-07-04)", 2, 2));
    }

    @Test
    void aDialectOnAnotherProductRefusesNoVersion() throws Exception {
        for (Dialect dialect : new Dialect[] {new PostgresDialect(), new MySqlDialect(), new H2Dialect(), new SqliteDialect()}) {
            for (Form form : dialect.forms()) {
                dialect.requireVersion(metadata("SomeOtherDatabase", "1.0", 1, 0), form);
            }
        }
    }

    @Test
    void aVersionIsItsTextsFirstThreeNumbers() {
        assertEquals(Version.of(2, 2, 224), Version.parse("2.2.224 (2023-09-17)"));
        assertEquals(Version.of(10, 11, 6), Version.parse("10.11.6-MariaDB-0+deb12u1"));
        assertEquals(Version.of(15, 0), Version.parse("15"));
        assertEquals("9.5", Version.of(9, 5).toString());
        assertEquals("8.0.1", Version.of(8, 0, 1).toString());
        assertTrue(Version.of(9, 4, 26).isBefore(Version.of(9, 5)));
        assertTrue(Version.of(10, 6).isBefore(Version.of(10, 11, 6)));
    }

    private static DatabaseMetaData metadata(String product, String version, int major, int minor) {
        Map<String, Object> answers = Map.of("getDatabaseProductName", product, "getDatabaseProductVersion", version,
                "getDatabaseMajorVersion", major, "getDatabaseMinorVersion", minor);
        return (DatabaseMetaData) Proxy.newProxyInstance(DatabaseMetaData.class.getClassLoader(),
                new Class<?>[] {DatabaseMetaData.class}, (proxy, method, args) -> {
                    if (!answers.containsKey(method.getName())) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    return answers.get(method.getName());
                });
    }
}
