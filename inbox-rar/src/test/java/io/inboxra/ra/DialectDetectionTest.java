package io.inboxra.ra;

import io.inboxra.harness.Postgres;
import io.inboxra.ra.dialect.Dialects;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The dialect is detected from the database's metadata, and a database too old for the claims is refused. */
class DialectDetectionTest {

    @Test
    void theRealDatabasesAreDetected() throws Exception {
        try (Connection pg = Postgres.connect();
             Connection h2 = DriverManager.getConnection("jdbc:h2:mem:detect", "sa", "");
             Connection sqlite = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            assertEquals("postgres", Dialects.resolve(Optional.empty(), pg.getMetaData(), null).name());
            assertEquals("h2", Dialects.resolve(Optional.empty(), h2.getMetaData(), null).name());
            assertEquals("sqlite", Dialects.resolve(Optional.empty(), sqlite.getMetaData(), null).name());
        }
    }

    @Test
    void aPostgresOlderThanNineFiveIsRefusedNamingBothVersions() {
        Dialects.DialectException e = assertThrows(Dialects.DialectException.class,
                () -> Dialects.resolve(Optional.empty(), metadata("PostgreSQL", "9.4.26", 9, 4), null));
        assertEquals("The database is PostgreSQL 9.4.26: the postgres dialect needs 9.5 or later (the first with"
                + " FOR UPDATE SKIP LOCKED); upgrade the database.", e.getMessage());
    }

    @Test
    void anH2OlderThan2_2_220IsRefusedNamingBothVersions() {
        Dialects.DialectException e = assertThrows(Dialects.DialectException.class,
                () -> Dialects.resolve(Optional.empty(), metadata("H2", "2.1.214 (2022-06-13)", 2, 1), null));
        assertEquals("The database is H2 2.1.214 (2022-06-13): the h2 dialect needs 2.2.220 or later (the first with"
                + " FOR UPDATE SKIP LOCKED); upgrade the database.", e.getMessage());
    }

    @Test
    void anSqliteWithoutReturningIsRefusedNamingBothVersions() {
        Dialects.DialectException e = assertThrows(Dialects.DialectException.class,
                () -> Dialects.resolve(Optional.empty(), metadata("SQLite", "3.34.1", 3, 34), null));
        assertEquals("The database is SQLite 3.34.1: the sqlite dialect needs 3.35 or later (the first with"
                + " UPDATE ... RETURNING); upgrade the database.", e.getMessage());
    }

    @Test
    void aDatabaseNoBuiltInDialectServesIsNamed() {
        Dialects.DialectException e = assertThrows(Dialects.DialectException.class,
                () -> Dialects.resolve(Optional.empty(), metadata("Oracle", "23.4", 23, 4), null));
        assertEquals("The database is Oracle 23.4, which no built-in dialect serves: set 'dialect' to the class name"
                + " of your own io.inboxra.dialect.Dialect.", e.getMessage());
    }

    /** The metadata of a database this machine does not run: only what detection reads. */
    /** PostgreSQL's lease claim uses WITH ... AS MATERIALIZED: the lease form is refused below 12, by name. */
    @Test
    void postgresLeaseFormIsRefusedBelowTwelveAndTheOtherFormsAreNot() throws Exception {
        DatabaseMetaData eleven = metadata("PostgreSQL", "11.22", 11, 22);
        io.inboxra.dialect.Dialect postgres = Dialects.resolve(Optional.empty(), eleven, null);
        Dialects.DialectException e = assertThrows(Dialects.DialectException.class,
                () -> Dialects.requireForm(postgres, io.inboxra.dialect.Form.LEASE, eleven));
        assertEquals("The database is PostgreSQL 11.22: the postgres dialect's LEASE form (selected by"
                + " 'lockedUntilColumn') needs PostgreSQL 12 or later (its claim uses WITH ... AS MATERIALIZED);"
                + " upgrade the database, or claim in the ROW_LOCK form (remove 'lockedUntilColumn') or the ADVISORY"
                + " form ('advisoryLock'), which need PostgreSQL 9.5.", e.getMessage());
        Dialects.requireForm(postgres, io.inboxra.dialect.Form.ROW_LOCK, eleven);
        Dialects.requireForm(postgres, io.inboxra.dialect.Form.ADVISORY, eleven);
        Dialects.requireForm(postgres, io.inboxra.dialect.Form.LEASE, metadata("PostgreSQL", "12.0", 12, 0));
        try (Connection pg = Postgres.connect()) {
            // The real server (15 here) takes every form.
            for (io.inboxra.dialect.Form form : io.inboxra.dialect.Form.values()) {
                Dialects.requireForm(Dialects.resolve(Optional.empty(), pg.getMetaData(), null), form, pg.getMetaData());
            }
        }
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
