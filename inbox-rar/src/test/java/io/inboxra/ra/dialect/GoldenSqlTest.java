package io.inboxra.ra.dialect;

import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.TableSpec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every statement each built-in dialect writes, for a set of table descriptions, compared with
 * the files under {@code src/test/resources/golden/<dialect>/<case>.sql}: a change of a
 * dialect's SQL shows as a diff of those files. No database is needed.
 *
 * <p>After a change meant to alter the SQL, write the files anew and review the diff:
 *
 * <pre>{@code
 * mvn -B -o -q -pl inbox-rar -am test -Dtest=GoldenSqlTest -Dsurefire.failIfNoSpecifiedTests=false -Dgolden.write=true
 * git diff inbox-rar/src/test/resources/golden
 * }</pre>
 */
class GoldenSqlTest {

    /** The system property that writes the files instead of comparing with them. */
    static final String WRITE = "golden.write";

    static final Path ROOT = Path.of("src/test/resources/golden");

    static final List<Dialect> DIALECTS = List.of(new PostgresDialect(), new MySqlDialect(), new MariaDbDialect(),
            new H2Dialect(), new SqliteDialect());

    @TestFactory
    List<DynamicTest> everyStatementOfEveryDialectIsAsWritten() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Dialect dialect : DIALECTS) {
            for (GoldenCase c : GoldenCase.ALL) {
                if (dialect.forms().contains(c.spec().form())) {
                    tests.add(DynamicTest.dynamicTest(dialect.name() + "/" + c.name(),
                            () -> compare(ROOT.resolve(dialect.name()).resolve(c.name() + ".sql"),
                                    StatementListing.of(dialect, c.spec()))));
                }
            }
        }
        return tests;
    }

    /** Compares the listing with the file, or writes the file under {@value #WRITE}. */
    static void compare(Path file, String listing) throws IOException {
        if (Boolean.getBoolean(WRITE)) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, listing, StandardCharsets.UTF_8);
            return;
        }
        if (!Files.exists(file)) {
            throw new AssertionError(file + " does not exist; write it with -D" + WRITE + "=true and review it");
        }
        assertEquals(Files.readString(file, StandardCharsets.UTF_8), listing,
                file + " differs; if the change is meant, write it anew with -D" + WRITE + "=true and review the diff");
    }

    /** A table description the golden files are written for. */
    record GoldenCase(String name, TableSpec spec) {

        static final List<GoldenCase> ALL = List.of(
                new GoldenCase("row-lock-plain", TableSpec.builder("jobs").build()),
                new GoldenCase("row-lock-queue-due-priority", TableSpec.builder("jobs").queueColumn("queue")
                        .dueColumn("due_at").priorityColumn("priority").attemptColumn("attempts")
                        .deadLetterTable("dead_jobs").build()),
                new GoldenCase("row-lock-processed-at", TableSpec.builder("jobs").dueColumn("due_at")
                        .attemptColumn("attempts").processedAtColumn("processed_at").build()),
                new GoldenCase("row-lock-dead-at", TableSpec.builder("jobs").dueColumn("due_at")
                        .attemptColumn("attempts").deadAtColumn("dead_at").build()),
                new GoldenCase("row-lock-fifo", TableSpec.builder("jobs").queueColumn("queue").dueColumn("due_at")
                        .priorityColumn("priority").processedAtColumn("processed_at").deadAtColumn("dead_at")
                        .fifoColumn("grp").build()),
                new GoldenCase("row-lock-schema", TableSpec.builder("app.jobs").idColumn("job_id")
                        .payloadColumn("body").dueColumn("due_at").deadLetterTable("app.dead_jobs")
                        .queueColumn("queue").build()),
                new GoldenCase("lease-plain", TableSpec.builder("jobs").lockedUntilColumn("locked_until").build()),
                new GoldenCase("lease-full", TableSpec.builder("jobs").lockedUntilColumn("locked_until")
                        .queueColumn("queue").dueColumn("due_at").priorityColumn("priority").attemptColumn("attempts")
                        .processedAtColumn("processed_at").deadAtColumn("dead_at").build()),
                new GoldenCase("lease-dead-letter-table", TableSpec.builder("jobs").lockedUntilColumn("locked_until")
                        .queueColumn("queue").dueColumn("due_at").attemptColumn("attempts")
                        .deadLetterTable("dead_jobs").build()),
                new GoldenCase("lease-fifo", TableSpec.builder("jobs").lockedUntilColumn("locked_until")
                        .priorityColumn("priority").dueColumn("due_at").processedAtColumn("processed_at")
                        .fifoColumn("grp").build()),
                new GoldenCase("advisory-plain", TableSpec.builder("jobs").advisoryLock("id").build()),
                new GoldenCase("advisory-expression", TableSpec.builder("jobs").advisoryLock("tenant_id * 7")
                        .queueColumn("queue").dueColumn("due_at").priorityColumn("priority").attemptColumn("attempts")
                        .processedAtColumn("processed_at").deadAtColumn("dead_at").build()),
                new GoldenCase("advisory-fifo", TableSpec.builder("jobs").advisoryLock("id").fifoColumn("grp")
                        .priorityColumn("priority").deadLetterTable("dead_jobs").build()));
    }
}
