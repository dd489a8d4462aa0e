package io.inboxra.tck;

/** The built-in postgres dialect passes the kit in the advisory lock form. */
class PostgresAdvisoryConformanceTest extends AdvisoryConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.POSTGRES;
    }
}
