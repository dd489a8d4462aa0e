package io.inboxra.tck;

import io.inboxra.harness.TestDatabase;

/** The built-in mariadb dialect on this machine's MariaDB, through MariaDB Connector/J. */
class MariaDbConformanceTest extends DialectConformance {

    /** The kit's table in MariaDB's (and MySQL's) SQL. */
    static final ColumnTypes COLUMNS = new ColumnTypes(TestDatabase.MARIADB.autoId(), TestDatabase.MARIADB.text(),
            TestDatabase.MARIADB.timestamp(), "TIMESTAMPADD(MICROSECOND, {ms} * 1000, NOW(6))");

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return DialectUnderTest.of("mariadb", "jdbc:mariadb://127.0.0.1:3306/test", "root", null, COLUMNS);
    }
}
