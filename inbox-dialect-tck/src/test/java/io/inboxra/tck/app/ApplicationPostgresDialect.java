package io.inboxra.tck.app;

import io.inboxra.dialect.KeyedInsert;
import io.inboxra.dialect.StandardRowLock;

/**
 * A dialect as an application writes one, from outside the adapter: PostgreSQL in the row
 * lock form on the standard claim rules, giving only its name, its clock arithmetic and its
 * insert of a key only where absent (the standard {@code MERGE} of the default raises a unique
 * violation on PostgreSQL when a concurrent insert of the key commits first, which dooms the
 * transaction: the conformance kit refuses it).
 */
public class ApplicationPostgresDialect extends StandardRowLock {

    @Override
    public String name() {
        return "app-postgres";
    }

    @Override
    public String insertIfAbsent(KeyedInsert insert) {
        return "INSERT INTO " + insert.table() + " (" + insert.columnList() + ") VALUES (" + insert.placeholders()
                + ") ON CONFLICT (" + insert.keyColumn() + ") DO NOTHING";
    }

    @Override
    protected String later() {
        return "clock_timestamp() + ? * interval '1 millisecond'";
    }
}
