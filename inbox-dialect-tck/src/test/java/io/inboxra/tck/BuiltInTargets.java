package io.inboxra.tck;

import io.inboxra.harness.Postgres;
import io.inboxra.harness.TestDatabase;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The built-in dialects on this machine's databases, as the kit's own tests check them. */
final class BuiltInTargets {

    static final ColumnTypes POSTGRES_COLUMNS = new ColumnTypes(TestDatabase.POSTGRES.autoId(),
            TestDatabase.POSTGRES.text(), TestDatabase.POSTGRES.timestamp(), "now() + {ms} * interval '1 millisecond'");

    private static final ColumnTypes MARIADB_COLUMNS = new ColumnTypes(TestDatabase.MARIADB.autoId(),
            TestDatabase.MARIADB.text(), TestDatabase.MARIADB.timestamp(), "TIMESTAMPADD(MICROSECOND, {ms} * 1000, NOW(6))");

    static final DialectUnderTest POSTGRES = DialectUnderTest.of("postgres", Postgres.URL, Postgres.USER, null,
            POSTGRES_COLUMNS);

    static final DialectUnderTest MARIADB = DialectUnderTest.of("mariadb", "jdbc:mariadb://127.0.0.1:3306/test", "root",
            null, MARIADB_COLUMNS);

    /**
     * The mysql dialect through MySQL Connector/J. This machine has no MySQL server: it runs on the
     * MariaDB server, as MariaDbTest runs this dialect and driver.
     */
    static final DialectUnderTest MYSQL = DialectUnderTest.of("mysql", "jdbc:mysql://127.0.0.1:3306/test", "root", null,
            MARIADB_COLUMNS);

    /** In memory, kept for the JVM's life. */
    static final DialectUnderTest H2 = DialectUnderTest.of("h2", "jdbc:h2:mem:inbox_tck;DB_CLOSE_DELAY=-1", "sa", "",
            new ColumnTypes("BIGINT AUTO_INCREMENT PRIMARY KEY", "VARCHAR(255)", "TIMESTAMP WITH TIME ZONE",
                    "DATEADD(MILLISECOND, {ms}, CURRENT_TIMESTAMP)"));

    /** A database file of its own, in WAL mode as the README advises. */
    static final DialectUnderTest SQLITE = DialectUnderTest.of("sqlite",
            "jdbc:sqlite:" + sqliteFile() + "?journal_mode=WAL&busy_timeout=10000", null, null,
            new ColumnTypes("INTEGER PRIMARY KEY AUTOINCREMENT", "TEXT", "TEXT",
                    "strftime('%Y-%m-%d %H:%M:%f', 'now', ({ms} / 1000.0) || ' seconds')"));

    private BuiltInTargets() {
    }

    private static Path sqliteFile() {
        try {
            Path directory = Files.createTempDirectory("inbox-tck-sqlite");
            directory.toFile().deleteOnExit();
            return directory.resolve("inbox.db");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
