package io.inboxra.appdialect;

import io.inboxra.dialect.RowLimit;
import io.inboxra.dialect.RowLocking;
import io.inboxra.dialect.StandardRowLock;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;

/** SQL Server in the row lock form: the standard claim rules, in SQL Server's spelling. */
public class SqlServerDialect extends StandardRowLock {

    @Override public String name() { return "sqlserver"; }

    @Override public String quote(String identifier) { return "[" + identifier + "]"; }

    // SELECT TOP (?) ..., not ... LIMIT ?
    @Override protected RowLimit rowLimit() { return RowLimit.TOP; }

    // UPDLOCK keeps two claims apart until the transaction ends, READPAST skips the rows
    // another claim holds, ROWLOCK keeps the lock to the rows themselves.
    @Override protected RowLocking rowLocking(TableSpec spec) {
        return RowLocking.tableHints(" WITH (UPDLOCK, READPAST, ROWLOCK)");
    }

    // A retry's due time: now plus the delay in milliseconds (DATEADD takes an int: up to 24 days).
    @Override protected String later() { return "DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP)"; }

    @Override public Statement claimSavepoint() { return Statement.of("SAVE TRANSACTION inbox_claimed"); }

    @Override public Statement rollbackToClaimSavepoint() {
        return Statement.of("ROLLBACK TRANSACTION inbox_claimed");
    }
}
