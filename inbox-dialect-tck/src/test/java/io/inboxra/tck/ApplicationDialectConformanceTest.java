package io.inboxra.tck;

import io.inboxra.harness.Postgres;
import io.inboxra.tck.app.ApplicationPostgresDialect;

/**
 * An application's own dialect, named by class, passes the kit in the row lock form (its FIFO
 * case is skipped: a dialect without a group guard refuses FIFO tables).
 */
class ApplicationDialectConformanceTest extends RowLockConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return DialectUnderTest.of(ApplicationPostgresDialect.class.getName(), Postgres.URL, Postgres.USER, null,
                BuiltInTargets.POSTGRES_COLUMNS);
    }
}
