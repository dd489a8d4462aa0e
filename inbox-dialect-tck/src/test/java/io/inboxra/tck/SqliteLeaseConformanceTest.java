package io.inboxra.tck;

/** The built-in sqlite dialect passes the kit in the lease form, its only one. */
class SqliteLeaseConformanceTest extends LeaseConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.SQLITE;
    }
}
