package io.inboxra.appdialect;

import io.inboxra.dialect.Form;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.dialect.GoldenCase;
import io.inboxra.ra.dialect.StatementListing;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's SQL Server dialect: the README shows this class as it is compiled here, its
 * statements are the golden files {@code golden/sqlserver/<case>.sql} (see
 * {@link io.inboxra.ra.dialect.GoldenSqlTest} to write them anew), and H2 in its SQL Server mode
 * runs them and claims by the rules. No SQL Server runs here: H2 checks the brackets, {@code TOP}
 * and the table hints' syntax (it ignores the hints), not SQL Server's locking; it has no
 * {@code SAVE TRANSACTION}, so the savepoints are checked by their golden text only.
 */
class SqlServerDialectTest {

    private final SqlServerDialect dialect = new SqlServerDialect();

    @Test
    void theReadmeShowsTheClassAsCompiled() throws Exception {
        String source = Files.readString(Path.of("src/test/java/io/inboxra/appdialect/SqlServerDialect.java"),
                StandardCharsets.UTF_8);
        String shown = source.replace("package io.inboxra.appdialect;", "package com.example.billing;");
        String readme = Files.readString(Path.of("../docs/dialects.md"), StandardCharsets.UTF_8);
        assertTrue(readme.contains("```java\n" + shown + "```\n"),
                "README.md shows SqlServerDialect as in src/test/java/io/inboxra/appdialect/SqlServerDialect.java"
                        + " (package com.example.billing); copy the class into the README");
    }

    @Test
    void theStatementsOfNoTableAreAsWritten() throws Exception {
        StatementListing.assertGolden(dialect);
    }

    @TestFactory
    List<DynamicTest> everyStatementIsAsWritten() {
        return rowLockCases().stream().map(c -> DynamicTest.dynamicTest(c.name(),
                () -> StatementListing.assertGolden(dialect, c))).toList();
    }

    @TestFactory
    List<DynamicTest> h2InSqlServerModeRunsEveryStatement() {
        return rowLockCases().stream().filter(c -> !c.spec().isFifo()).map(c -> DynamicTest.dynamicTest(c.name(),
                () -> {
                    try (Connection db = sqlServerMode()) {
                        for (Statement s : statements(c.spec())) {
                            run(db, s);
                        }
                    }
                })).toList();
    }

    @Test
    void theClaimTakesOnlyClaimableRowsInClaimOrder() throws Exception {
        TableSpec spec = TableSpec.builder("jobs").queueColumn("queue").dueColumn("due_at").priorityColumn("priority")
                .attemptColumn("attempts").processedAtColumn("processed_at").deadAtColumn("dead_at").build();
        try (Connection db = sqlServerMode()) {
            db.createStatement().execute("INSERT INTO [jobs] ([id], [payload], [queue], [due_at], [priority]) VALUES"
                    + " (1, 'a', 'q', DATEADD(SECOND, -5, CURRENT_TIMESTAMP), 2), (2, 'b', 'q', NULL, 1),"
                    + " (3, 'c', 'q', DATEADD(HOUR, 1, CURRENT_TIMESTAMP), 0), (4, 'd', 'other', NULL, 0)");
            db.createStatement().execute("INSERT INTO [jobs] ([id], [payload], [queue], [priority], [processed_at],"
                    + " [dead_at]) VALUES (5, 'e', 'q', 0, CURRENT_TIMESTAMP, NULL), (6, 'f', 'q', 0, NULL, CURRENT_TIMESTAMP)");
            assertEquals(List.of(2L, 1L), ids(db, dialect.lockClaim(spec)), "due, unmarked rows of the queue, by priority");
            run(db, dialect.reschedule(spec));
            assertEquals(List.of(1L), ids(db, dialect.lockClaim(spec)), "row 2, rescheduled, waits for its due time");
        }
    }

    @Test
    void fifoGroupsAreRefused() {
        StatementException e = assertThrows(StatementException.class,
                () -> dialect.lockClaim(TableSpec.builder("jobs").fifoColumn("grp").build()));
        assertEquals(StatementException.Kind.UNSUPPORTED_FIFO, e.kind());
    }

    private static List<GoldenCase> rowLockCases() {
        return GoldenCase.ALL.stream().filter(c -> c.spec().form() == Form.ROW_LOCK).toList();
    }

    /** What a row lock subscription of the table runs, but the savepoints (H2 has no SAVE TRANSACTION). */
    private List<Statement> statements(TableSpec spec) throws StatementException {
        List<Statement> statements = new ArrayList<>(List.of(dialect.lockClaim(spec), dialect.probe(spec).orElseThrow(),
                dialect.settle(spec)));
        if (spec.dueColumn().isPresent()) {
            statements.add(dialect.reschedule(spec));
        }
        if (spec.deadAtColumn().isPresent() || spec.deadLetterTable().isPresent()) {
            statements.addAll(dialect.deadLetter(spec));
        }
        return statements;
    }

    private static Connection sqlServerMode() throws SQLException {
        Connection db = DriverManager.getConnection("jdbc:h2:mem:;MODE=MSSQLServer");
        for (String schema : List.of("", "[app].")) {
            boolean app = !schema.isEmpty();
            if (app) {
                db.createStatement().execute("CREATE SCHEMA [app]");
            }
            db.createStatement().execute("CREATE TABLE " + schema + "[jobs] (" + (app ? "[job_id]" : "[id]")
                    + " BIGINT PRIMARY KEY, " + (app ? "[body]" : "[payload]") + " VARCHAR(100), [queue] VARCHAR(20),"
                    + " [due_at] DATETIME2, [priority] INT, [attempts] INT DEFAULT 0, [processed_at] DATETIME2,"
                    + " [dead_at] DATETIME2, [grp] VARCHAR(20))");
            db.createStatement().execute("CREATE TABLE " + schema + "[dead_jobs] ([id] BIGINT PRIMARY KEY,"
                    + " [queue] VARCHAR(20), [payload] VARCHAR(100), [attempts] INT, [reason] VARCHAR(200),"
                    + " [dead_at] DATETIME2)");
        }
        return db;
    }

    private static void run(Connection db, Statement statement) throws SQLException {
        try (PreparedStatement ps = db.prepareStatement(statement.sql())) {
            bind(ps, statement);
            ps.execute();
        }
    }

    private static List<Long> ids(Connection db, Statement claim) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (PreparedStatement ps = db.prepareStatement(claim.sql())) {
            bind(ps, claim);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getLong("inbox_id"));
                }
            }
        }
        return ids;
    }

    /** Binds a delivery of row 2 of queue 'q'. */
    private static void bind(PreparedStatement ps, Statement statement) throws SQLException {
        for (int i = 0; i < statement.params().size(); i++) {
            Param param = statement.params().get(i);
            switch (param) {
                case QUEUE -> ps.setString(i + 1, "q");
                case LIMIT -> ps.setInt(i + 1, 10);
                case ID -> ps.setLong(i + 1, 2);
                case SET_ASIDE -> ps.setLong(i + 1, 99);
                case DELAY -> ps.setLong(i + 1, 60_000);
                case ATTEMPT -> ps.setInt(i + 1, 1);
                case REASON -> ps.setString(i + 1, "a reason");
                default -> throw new IllegalArgumentException("a row lock subscription binds no " + param);
            }
        }
    }
}
