package io.inboxra.ra.dialect;

import io.inboxra.dialect.Dialect;
import io.inboxra.ra.dialect.mysql.MariaDbDialect;
import io.inboxra.ra.dialect.mysql.MySqlDialect;
import io.inboxra.ra.dialect.postgres.PostgresDialect;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
     * as last committed and its payloads apart ({@code MySqlAdvisory#readsLatest}): that case's
     * listing is golden/mariadb's. And a batch's settlement, one statement on MariaDB where MySQL's
     * dialect settles row by row: MariaDB's listings are MySQL's but for that statement, and its
     * statements, one for each shape the cases give it, are golden/mariadb/settle-all.sql.
     */
    @TestFactory
    List<DynamicTest> mariaDbWritesMySqlsStatements() {
        List<DynamicTest> tests = new ArrayList<>();
        Map<String, String> settleAll = new LinkedHashMap<>();
        for (GoldenCase c : GoldenCase.ALL) {
            String mariaDb = StatementListing.of(new MariaDbDialect(), c.spec());
            if (c.spec().advisoryLock().isPresent() && new MariaDbDialect().claimReadsLatest(c.spec())) {
                tests.add(DynamicTest.dynamicTest("mariadb/" + c.name(),
                        () -> StatementListing.assertGolden(new MariaDbDialect(), c)));
            } else {
                settleAll.putIfAbsent(StatementListing.settleAll(mariaDb), c.name());
                tests.add(DynamicTest.dynamicTest("mariadb as mysql/" + c.name(), () -> assertEquals(
                        StatementListing.of(new MySqlDialect(), c.spec()).replaceFirst("^-- mysql:", "-- mariadb:"),
                        StatementListing.withoutSettleAll(mariaDb), c.name())));
            }
        }
        settleAll.remove("");
        StringBuilder shapes = new StringBuilder();
        settleAll.forEach((statement, name) -> shapes.append("-- as in ").append(name).append('\n').append(statement));
        tests.add(DynamicTest.dynamicTest("mariadb/settle-all",
                () -> StatementListing.assertGolden(new MariaDbDialect(), "settle-all", shapes.toString())));
        return tests;
    }
}
