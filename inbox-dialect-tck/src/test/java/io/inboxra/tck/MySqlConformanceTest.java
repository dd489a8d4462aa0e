package io.inboxra.tck;

/**
 * The built-in mysql dialect through MySQL Connector/J; this machine has no MySQL server, so it
 * runs on the MariaDB server, as MariaDbTest runs that dialect and driver.
 */
class MySqlConformanceTest extends DialectConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return DialectUnderTest.of("mysql", "jdbc:mysql://127.0.0.1:3306/test", "root", null,
                MariaDbConformanceTest.COLUMNS);
    }
}
