package io.inboxra.tck;

/** The built-in mysql dialect (MySQL Connector/J, on the MariaDB server) keeps the contract of each capability it has; the others are skipped. */
class MySqlCapabilityConformanceTest extends CapabilityConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.MYSQL;
    }
}
