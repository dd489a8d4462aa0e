package io.inboxra.tck;

/** The built-in mysql dialect (MySQL Connector/J) passes the kit in the advisory lock form. */
class MySqlAdvisoryConformanceTest extends AdvisoryConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.MYSQL;
    }
}
