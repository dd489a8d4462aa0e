package io.inboxra.tck;

/** The built-in postgres dialect keeps the contract of each capability it has; the others are skipped. */
class PostgresCapabilityConformanceTest extends CapabilityConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.POSTGRES;
    }
}
