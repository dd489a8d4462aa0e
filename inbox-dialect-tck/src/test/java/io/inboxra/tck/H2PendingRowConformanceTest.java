package io.inboxra.tck;

/** The built-in h2 dialect's look-up and cancel statements keep their contracts. */
class H2PendingRowConformanceTest extends PendingRowConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.H2;
    }
}
