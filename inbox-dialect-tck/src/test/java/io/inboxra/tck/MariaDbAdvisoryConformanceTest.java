package io.inboxra.tck;

/** The built-in mariadb dialect passes the kit in the advisory lock form. */
class MariaDbAdvisoryConformanceTest extends AdvisoryConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.MARIADB;
    }
}
