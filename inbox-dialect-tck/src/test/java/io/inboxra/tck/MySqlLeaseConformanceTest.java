package io.inboxra.tck;

/** The built-in mysql dialect (MySQL Connector/J) passes the kit in the lease form. */
class MySqlLeaseConformanceTest extends LeaseConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.MYSQL;
    }
}
