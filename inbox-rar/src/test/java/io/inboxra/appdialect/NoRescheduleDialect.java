package io.inboxra.appdialect;

import io.inboxra.dialect.Label;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.RowLock;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;

/**
 * A dialect an application brings without {@code reschedule}: PostgreSQL, row lock form, for a
 * table with a due column and nothing else of the claim rules.
 */
public class NoRescheduleDialect implements RowLock {

    @Override
    public String name() {
        return "no-reschedule";
    }

    @Override
    public Statement lockClaim(TableSpec spec) {
        String due = quote(spec.dueColumn().orElseThrow());
        return Statement.of("SELECT " + quote(spec.idColumn()) + " AS " + Label.ID + ", " + quote(spec.payloadColumn())
                + " AS " + Label.PAYLOAD + " FROM " + table(spec) + " WHERE " + due + " IS NULL OR " + due
                + " <= CURRENT_TIMESTAMP ORDER BY " + quote(spec.idColumn()) + " LIMIT ? FOR UPDATE SKIP LOCKED",
                Param.LIMIT);
    }
}
