package io.inboxra.tck;

/** The built-in postgres dialect passes the kit in the lease form. */
class PostgresLeaseConformanceTest extends LeaseConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.POSTGRES;
    }
}
