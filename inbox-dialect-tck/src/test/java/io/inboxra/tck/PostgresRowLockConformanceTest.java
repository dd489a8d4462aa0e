package io.inboxra.tck;

/** The built-in postgres dialect passes the kit in the row lock form. */
class PostgresRowLockConformanceTest extends RowLockConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.POSTGRES;
    }
}
