package io.inboxra.appdialect;

import io.inboxra.dialect.ClaimClauses;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.dialect.postgres.PostgresDialect;

/**
 * PostgreSQL whose row lock claim takes no lock, as TiDB's {@code FOR UPDATE SKIP LOCKED} does:
 * the claim selects the claimable rows and locks nothing, so a second claim takes the same row.
 */
public class NotLockingPostgresDialect extends PostgresDialect {

    @Override
    public String name() {
        return "not-locking-postgres";
    }

    @Override
    public Statement lockClaim(TableSpec spec) {
        ClaimClauses clauses = clauses(spec);
        return new Statement("SELECT " + clauses.columns() + clauses.group() + " FROM " + table(spec) + " h"
                + clauses.where() + clauses.orderBy() + " LIMIT ?", clauses.params(Param.LIMIT));
    }
}
