package io.inboxra.ra.dialect;

import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Form;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every statement each built-in dialect writes, for a set of table descriptions, compared with
 * the files under {@code src/test/resources/golden/<dialect>/<case>.sql} (and those of no table
 * in {@code <dialect>/dialect.sql}): a change of a
 * dialect's SQL shows as a diff of those files. No database is needed.
 *
 * <p>After a change meant to alter the SQL, write the files anew and review the diff:
 *
 * <pre>{@code
 * mvn -B -o -q -pl inbox-rar -am test -Dtest='GoldenSqlTest,SqlServerDialectTest' \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dgolden.write=true
 * git diff inbox-rar/src/test/resources/golden
 * }</pre>
 */
class GoldenSqlTest {

    /** The dialects with golden files; MariaDB's are MySQL's ({@link #mariaDbWritesMySqlsStatements}). */
    static final List<Dialect> DIALECTS = List.of(new PostgresDialect(), new MySqlDialect(), new H2Dialect(),
            new SqliteDialect());

    @TestFactory
    List<DynamicTest> everyStatementOfEveryDialectIsAsWritten() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Dialect dialect : DIALECTS) {
            tests.add(DynamicTest.dynamicTest(dialect.name(), () -> StatementListing.assertGolden(dialect)));
            for (GoldenCase c : GoldenCase.ALL) {
                if (dialect.forms().contains(c.spec().form())) {
                    tests.add(DynamicTest.dynamicTest(dialect.name() + "/" + c.name(),
                            () -> StatementListing.assertGolden(dialect, c)));
                }
            }
        }
        return tests;
    }

    /**
     * But for the advisory claim without FIFO groups and with a payload limit, which reads its rows
     * as last committed and its payloads apart ({@code MySqlAdvisory#readsLatest}), and a batch's
     * settlement, one statement on MariaDB where MySQL's dialect settles row by row (every row
     * lock and advisory case): those cases' listings are golden/mariadb's.
     */
    @TestFactory
    List<DynamicTest> mariaDbWritesMySqlsStatements() {
        List<DynamicTest> tests = new ArrayList<>();
        for (GoldenCase c : GoldenCase.ALL) {
            boolean ownBatchSettlement = c.spec().form() != Form.LEASE;
            if (ownBatchSettlement || c.spec().advisoryLock().isPresent() && new MariaDbDialect().claimReadsLatest(c.spec())) {
                tests.add(DynamicTest.dynamicTest("mariadb/" + c.name(),
                        () -> StatementListing.assertGolden(new MariaDbDialect(), c)));
            } else {
                tests.add(DynamicTest.dynamicTest("mariadb as mysql/" + c.name(), () -> assertEquals(
                        StatementListing.of(new MySqlDialect(), c.spec()).replaceFirst("^-- mysql:", "-- mariadb:"),
                        StatementListing.of(new MariaDbDialect(), c.spec()), c.name())));
            }
        }
        return tests;
    }
}
