package io.inboxra.tck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The built-in sqlite dialect on a database file of its own, in WAL mode as the README advises. */
class SqliteConformanceTest extends DialectConformance {

    private static final Path FILE = file();

    private static Path file() {
        try {
            Path directory = Files.createTempDirectory("inbox-tck-sqlite");
            directory.toFile().deleteOnExit();
            return directory.resolve("inbox.db");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return DialectUnderTest.of("sqlite", "jdbc:sqlite:" + FILE + "?journal_mode=WAL&busy_timeout=10000", null, null,
                new ColumnTypes("INTEGER PRIMARY KEY AUTOINCREMENT", "TEXT", "TEXT",
                        "strftime('%Y-%m-%d %H:%M:%f', 'now', ({ms} / 1000.0) || ' seconds')"));
    }
}
