package io.inboxra.tck;

/** The built-in postgres dialect's look-up and cancel statements keep their contracts. */
class PostgresPendingRowConformanceTest extends PendingRowConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.POSTGRES;
    }
}
