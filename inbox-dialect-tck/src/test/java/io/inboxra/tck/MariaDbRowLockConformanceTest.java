package io.inboxra.tck;

/** The built-in mariadb dialect passes the kit in the row lock form. */
class MariaDbRowLockConformanceTest extends RowLockConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.MARIADB;
    }
}
