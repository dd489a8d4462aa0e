package io.inboxra.tck;

/** The built-in h2 dialect passes the kit in the lease form (FIFO groups: refused, skipped). */
class H2LeaseConformanceTest extends LeaseConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.H2;
    }
}
