package io.inboxra.tck;

/** The built-in mysql dialect (MySQL Connector/J) passes the kit in the row lock form. */
class MySqlRowLockConformanceTest extends RowLockConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.MYSQL;
    }
}
