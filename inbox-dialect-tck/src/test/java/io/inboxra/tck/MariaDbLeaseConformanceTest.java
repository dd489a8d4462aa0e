package io.inboxra.tck;

/** The built-in mariadb dialect passes the kit in the lease form. */
class MariaDbLeaseConformanceTest extends LeaseConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.MARIADB;
    }
}
