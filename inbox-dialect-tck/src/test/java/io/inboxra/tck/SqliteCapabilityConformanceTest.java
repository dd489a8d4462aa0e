package io.inboxra.tck;

/** The built-in sqlite dialect keeps the contract of each capability it has; the others are skipped. */
class SqliteCapabilityConformanceTest extends CapabilityConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.SQLITE;
    }
}
