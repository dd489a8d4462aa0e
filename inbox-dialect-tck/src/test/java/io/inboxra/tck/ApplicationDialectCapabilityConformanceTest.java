package io.inboxra.tck;

import io.inboxra.harness.Postgres;
import io.inboxra.tck.app.ApplicationPostgresWakeUpDialect;

/**
 * An application's own dialect, named by class, keeps the contracts of the capabilities it takes
 * from the public SPI (lock waits, wake-up, the batch settlement of the standard SQL); the
 * others (the row claim guard, the claim index advice, the version minimums) are skipped.
 */
class ApplicationDialectCapabilityConformanceTest extends CapabilityConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return DialectUnderTest.of(ApplicationPostgresWakeUpDialect.class.getName(), Postgres.URL, Postgres.USER, null,
                BuiltInTargets.POSTGRES_COLUMNS);
    }
}
