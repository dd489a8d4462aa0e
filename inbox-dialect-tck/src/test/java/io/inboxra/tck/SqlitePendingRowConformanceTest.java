package io.inboxra.tck;

/** The built-in sqlite dialect's look-up and cancel statements keep their contracts. */
class SqlitePendingRowConformanceTest extends PendingRowConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.SQLITE;
    }
}
