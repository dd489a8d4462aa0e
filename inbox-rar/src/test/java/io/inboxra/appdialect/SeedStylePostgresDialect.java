package io.inboxra.appdialect;

import io.inboxra.dialect.Label;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.RowLock;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;

/**
 * A dialect an application brings, written the way the seeds write their SQL Server dialect:
 * PostgreSQL, row lock form only, no FIFO groups, no queues or due times.
 */
public class SeedStylePostgresDialect implements RowLock {

    @Override
    public String name() {
        return "seed-style-postgres";
    }

    @Override
    public Statement lockClaim(TableSpec spec) throws StatementException {
        // This claim keeps no group in order.
        if (spec.isFifo()) {
            throw new StatementException(StatementException.Kind.UNSUPPORTED_FIFO, name(),
                    "this dialect keeps no FIFO groups; remove 'fifoColumn'");
        }
        return Statement.of("SELECT " + quote(spec.idColumn()) + " AS " + Label.ID + ", "
                + quote(spec.payloadColumn()) + " AS " + Label.PAYLOAD + " FROM " + table(spec)
                + " ORDER BY " + quote(spec.idColumn()) + " LIMIT ? FOR UPDATE SKIP LOCKED", Param.LIMIT);
    }
}
