package io.inboxra.tck.app;

import io.inboxra.dialect.StandardRowLock;

/**
 * A dialect as an application writes one, from outside the adapter: PostgreSQL in the row
 * lock form on the standard claim rules, giving only its name and its clock arithmetic.
 */
public class ApplicationPostgresDialect extends StandardRowLock {

    @Override
    public String name() {
        return "app-postgres";
    }

    @Override
    protected String later() {
        return "clock_timestamp() + ? * interval '1 millisecond'";
    }
}
