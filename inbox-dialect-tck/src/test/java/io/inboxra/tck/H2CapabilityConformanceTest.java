package io.inboxra.tck;

/** The built-in h2 dialect keeps the contract of each capability it has; the others are skipped. */
class H2CapabilityConformanceTest extends CapabilityConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.H2;
    }
}
