package io.inboxra.ra.dialect.postgres;

import io.inboxra.dialect.ClaimClauses;
import io.inboxra.dialect.Label;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;

/**
 * PostgreSQL's advisory lock form: session locks of two keys, the table's
 * ({@link PostgresSpelling#lockSpace}) and a row's ({@link #claimKey}), taken by the claim and by an
 * operator's cancel alike, and let go one by one or all at once.
 */
final class PostgresAdvisory {

    private PostgresAdvisory() {
    }

    /**
     * What the claim locks for a row, and so what a cancel tries: with FIFO groups one row at a
     * time, the group's, whatever the row's key; above one, the row's own, and the group's slots
     * keep the limit ({@link PostgresGroups#slotLock}).
     */
    private static String claimKey(PostgresDialect dialect, TableSpec spec) {
        return spec.fifoColumn().filter(g -> spec.groupConcurrency() == 1).map(dialect::quote)
                .orElseGet(() -> dialect.clauses(spec).advisoryKey());
    }

    static Statement claim(PostgresDialect dialect, TableSpec spec) {
        ClaimClauses clauses = dialect.clauses(spec);
        // The candidates come from a LIMIT subquery, which the planner never merges into the outer
        // query, and the outer LIMIT stops at the first rows locked: the lock function runs only
        // on rows the claim returns or skips because another session holds them, so no lock leaks.
        return new Statement("SELECT * FROM (SELECT " + clauses.columns() + clauses.group() + ", hashtext(("
                + claimKey(dialect, spec) + ")::text) AS " + Label.KEY + " FROM " + dialect.table(spec) + " h"
                + clauses.where() + clauses.orderBy() + " LIMIT ?) candidates WHERE pg_try_advisory_lock("
                + PostgresSpelling.lockSpace(spec) + ", " + Label.KEY + ") LIMIT ?",
                clauses.params(Param.CANDIDATES, Param.LIMIT));
    }

    /** The claim's lock of one row, tried on that row alone (a LIMIT subquery is never merged). */
    static Statement tryLock(PostgresDialect dialect, TableSpec spec) {
        String id = dialect.quote(spec.idColumn());
        return Statement.of("SELECT * FROM (SELECT h." + id + " AS " + Label.ID + ", hashtext(("
                + claimKey(dialect, spec) + ")::text) AS " + Label.KEY + " FROM " + dialect.table(spec) + " h WHERE h."
                + id + " = ? LIMIT 1) candidate WHERE pg_try_advisory_lock(" + PostgresSpelling.lockSpace(spec) + ", "
                + Label.KEY + ")", Param.ID);
    }

    static Statement unlock(TableSpec spec) {
        return Statement.of("SELECT pg_advisory_unlock(" + PostgresSpelling.lockSpace(spec) + ", ?)", Param.KEY);
    }

    static Statement unlockAll() {
        return Statement.of("SELECT pg_advisory_unlock_all()");
    }
}
