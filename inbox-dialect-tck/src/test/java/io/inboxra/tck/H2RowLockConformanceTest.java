package io.inboxra.tck;

/** The built-in h2 dialect passes the kit in the row lock form (FIFO groups: refused, skipped). */
class H2RowLockConformanceTest extends RowLockConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.H2;
    }
}
