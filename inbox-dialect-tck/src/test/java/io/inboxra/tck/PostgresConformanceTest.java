package io.inboxra.tck;

import io.inboxra.harness.Postgres;
import io.inboxra.harness.TestDatabase;

/** The built-in postgres dialect on this machine's PostgreSQL. */
class PostgresConformanceTest extends DialectConformance {

    /** The kit's table in PostgreSQL's SQL, for this dialect and the application dialect on PostgreSQL. */
    static final ColumnTypes COLUMNS = new ColumnTypes(TestDatabase.POSTGRES.autoId(), TestDatabase.POSTGRES.text(),
            TestDatabase.POSTGRES.timestamp(), "now() + {ms} * interval '1 millisecond'");

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return DialectUnderTest.of("postgres", Postgres.URL, Postgres.USER, null, COLUMNS);
    }
}
