package io.inboxra.ra.dialect.mysql;

import io.inboxra.dialect.ClaimClauses;
import io.inboxra.dialect.Label;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;

/**
 * MySQL's and MariaDB's advisory lock form: named locks ({@code GET_LOCK}, the session's), named
 * for a row by {@link #claimKey}, taken by the claim and by an operator's cancel alike, and let go
 * one by one or all at once.
 */
final class MySqlAdvisory {

    private MySqlAdvisory() {
    }

    /**
     * A row's lock name, in the claim and in a cancel: the group's where a group is one row at a
     * time; otherwise (above one, the group's slots keep the limit) the row's own.
     */
    private static String claimKey(MySqlDialect dialect, TableSpec spec) {
        return spec.fifoColumn().filter(g -> spec.groupConcurrency() == 1)
                .map(g -> MySqlNamedLocks.of(spec, "g", dialect.quote(g)))
                .orElseGet(() -> MySqlNamedLocks.of(spec, "k", dialect.clauses(spec).advisoryKey()));
    }

    static Statement claim(MySqlDialect dialect, TableSpec spec) {
        ClaimClauses clauses = dialect.clauses(spec);
        // The candidates are a LIMIT subquery, which MySQL materializes; the outer LIMIT stops at the
        // first rows locked, so GET_LOCK runs only on rows the claim returns or finds held.
        if (dialect.claimReadsLatest(spec)) {
            return claimReadingLatest(dialect, spec, clauses);
        }
        return new Statement("SELECT * FROM (SELECT " + clauses.columns() + clauses.group() + ", "
                + claimKey(dialect, spec) + " AS " + Label.KEY + " FROM " + dialect.table(spec) + " h" + clauses.where()
                + clauses.orderBy() + " LIMIT ?) candidates WHERE GET_LOCK(" + Label.KEY + ", 0) = 1 LIMIT ?",
                clauses.params(Param.CANDIDATES, Param.LIMIT));
    }

    /**
     * MariaDB's claim without FIFO groups ({@link #readsLatest}). The payload is not among the
     * materialized candidates: a TEXT column makes MariaDB write them to an on-disk temporary table,
     * hundreds of payloads for the one row returned. It is read for the rows returned only, by a
     * subquery on the row's id, evaluated only for rows past GET_LOCK. That subquery is a locking
     * read too, of a row the candidates' read holds share-locked (their payload size is read from
     * the row itself, not an index: {@link #readsLatest}), so it reads the row the candidates found,
     * as last committed, and is granted at once.
     */
    private static Statement claimReadingLatest(MySqlDialect dialect, TableSpec spec, ClaimClauses clauses) {
        return new Statement("SELECT candidates.*, (SELECT " + clauses.payloadValue() + " FROM " + dialect.table(spec)
                + " p WHERE p." + dialect.quote(spec.idColumn()) + " = candidates." + Label.ID + " LOCK IN SHARE MODE) AS "
                + Label.PAYLOAD + " FROM (SELECT " + clauses.columnsButPayload() + ", " + claimKey(dialect, spec) + " AS "
                + Label.KEY + " FROM " + dialect.table(spec) + " h" + clauses.where() + clauses.orderBy()
                + " LIMIT ? LOCK IN SHARE MODE SKIP LOCKED) candidates WHERE GET_LOCK(" + Label.KEY + ", 0) = 1 LIMIT ?",
                clauses.params(Param.CANDIDATES, Param.LIMIT));
    }

    /**
     * MariaDB's claim without FIFO groups: the candidates are a locking read, each read as last
     * committed and share-locked until the statement ends, past its GET_LOCK, so no settlement or
     * failure record of another session (which write-lock the row) commits in between, and the
     * claim needs no re-read. Share locks, so that claims running at once do not pass over each
     * other's candidates; rows whose settlement is not yet committed are passed over (SKIP LOCKED),
     * never waited for. With groups, the head-of-group subquery reads a snapshot (a subquery of a
     * locking read takes no locks), so those claims are re-read. MySQL's claim stays a snapshot
     * read, re-read: its share lock is spelled {@code FOR SHARE SKIP LOCKED}, which MariaDB refuses,
     * and no MySQL server is at hand to prove it on. Only with a payload limit (the adapter always
     * sets one): the candidates then read each payload's size from the row itself, so they lock the
     * row, not an index entry alone, and the payload subquery never waits on a row another
     * transaction writes (a row read from an index alone is passed over only if that entry is locked).
     */
    static boolean readsLatest(TableSpec spec) {
        return spec.fifoColumn().isEmpty() && spec.maxPayloadBytes().isPresent();
    }

    /** The claim's named lock of one row, tried on that row alone (a LIMIT subquery, materialized). */
    static Statement tryLock(MySqlDialect dialect, TableSpec spec) {
        String id = dialect.quote(spec.idColumn());
        return Statement.of("SELECT * FROM (SELECT h." + id + " AS " + Label.ID + ", " + claimKey(dialect, spec)
                + " AS " + Label.KEY + " FROM " + dialect.table(spec) + " h WHERE h." + id
                + " = ? LIMIT 1) candidate WHERE GET_LOCK(" + Label.KEY + ", 0) = 1", Param.ID);
    }

    static Statement unlock() {
        return Statement.of("SELECT RELEASE_LOCK(?)", Param.KEY);
    }

    /** MySQL 5.7 and MariaDB 10.5 and later. */
    static Statement unlockAll() {
        return Statement.of("SELECT RELEASE_ALL_LOCKS()");
    }
}
