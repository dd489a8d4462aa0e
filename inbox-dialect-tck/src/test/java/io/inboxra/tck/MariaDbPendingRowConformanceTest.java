package io.inboxra.tck;

/** The built-in mariadb dialect's look-up and cancel statements keep their contracts. */
class MariaDbPendingRowConformanceTest extends PendingRowConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.MARIADB;
    }
}
