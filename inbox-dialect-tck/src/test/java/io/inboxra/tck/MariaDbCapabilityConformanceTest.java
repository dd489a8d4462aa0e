package io.inboxra.tck;

/** The built-in mariadb dialect keeps the contract of each capability it has; the others are skipped. */
class MariaDbCapabilityConformanceTest extends CapabilityConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.MARIADB;
    }
}
