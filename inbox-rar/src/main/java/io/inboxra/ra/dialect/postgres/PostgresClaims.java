package io.inboxra.ra.dialect.postgres;

import io.inboxra.dialect.ClaimClauses;
import io.inboxra.dialect.Label;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;

/**
 * PostgreSQL's claims of the row lock and lease forms, and the row lock form's guard of a row.
 * (The advisory lock form's: {@link PostgresAdvisory}.)
 */
final class PostgresClaims {

    private PostgresClaims() {
    }

    static Statement rowLock(PostgresDialect dialect, TableSpec spec) {
        ClaimClauses clauses = dialect.clauses(spec);
        // The LIMIT subquery locks first (the claimed table's rows only, never a FIFO group's subquery);
        // the guard is tried only on the rows it returns (a try never waits).
        return new Statement("SELECT * FROM (SELECT " + clauses.columns() + clauses.group() + " FROM "
                + dialect.table(spec) + " h" + clauses.where() + clauses.orderBy() + " LIMIT ? FOR UPDATE"
                + (spec.isFifo() ? " OF h" : "") + " SKIP LOCKED) claimed WHERE pg_try_advisory_xact_lock("
                + rowSpace(spec) + ", hashtext((claimed." + Label.ID + ")::text))", clauses.params(Param.LIMIT));
    }

    /** The row lock claim's guard of one row, waited for: held by the claim's transaction until it ends. */
    static Statement rowGuard(TableSpec spec) {
        return Statement.of("SELECT pg_advisory_xact_lock(" + rowSpace(spec) + ", hashtext(?::text))", Param.ID);
    }

    /** @param later the lease's end, {@code ?} milliseconds from now */
    static Statement lease(PostgresDialect dialect, TableSpec spec, String later) {
        ClaimClauses clauses = dialect.clauses(spec);
        String table = dialect.table(spec);
        String lockedUntil = dialect.quote(spec.lockedUntilColumn().orElseThrow());
        String id = dialect.quote(spec.idColumn());
        // MATERIALIZED: the planner may not run the LIMIT subquery twice and claim more than asked.
        return new Statement("WITH claimable AS MATERIALIZED (SELECT " + id + " FROM " + table + " h" + clauses.where()
                + clauses.orderBy() + " LIMIT ? FOR UPDATE OF h SKIP LOCKED),"
                + " claimed AS (UPDATE " + table + " SET " + lockedUntil + " = " + later + " WHERE " + id
                + " IN (SELECT " + id + " FROM claimable) RETURNING *)"
                + " SELECT " + clauses.columns() + clauses.group() + ", " + lockedUntil + " AS " + Label.TOKEN
                + " FROM claimed CROSS JOIN " + CLAIM_COMMITS_WITHOUT_FLUSH + clauses.orderBy(),
                clauses.params(Param.LIMIT, Param.LEASE));
    }

    /**
     * The lease claim's own transaction commits without waiting for its log to reach the disk
     * ({@code synchronous_commit} off for that transaction alone: {@code set_config}'s third
     * argument). Visible to other sessions at once as ever, it is made durable by the next write that
     * waits for the log: the delivery's heartbeat, its settlement's commit or prepare, which the
     * database flushes past the claim. A claim lost in a crash before that only returns the row: the
     * delivery cannot settle (no lease matches its token), so its transaction rolls back and the row
     * is delivered again, never twice. The flush it saves is most of a claim's time on a disk that
     * syncs (3.3 times as many such commits a second here, pgbench, 4 clients).
     */
    private static final String CLAIM_COMMITS_WITHOUT_FLUSH =
            "(SELECT set_config('synchronous_commit', 'off', true) AS synchronous_commit) AS claim_commit";

    /** The first key of the row lock claims' guards: apart from the FIFO groups' and the advisory form's keys. */
    private static String rowSpace(TableSpec spec) {
        return "hashtext('" + spec.table().replace("'", "''") + ":row')";
    }
}
