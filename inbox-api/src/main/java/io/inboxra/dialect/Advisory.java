package io.inboxra.dialect;

import java.util.Optional;

/**
 * The advisory lock form of a dialect: a session-level lock on each row's key, held by the
 * connection of the message in work, with no transaction open while the handler runs.
 *
 * <p>Selected by {@code advisoryLock}: a column, or an expression over the row, that gives the
 * key. The claim must take locks on exactly the rows it returns: a lock function evaluated on
 * rows the query then discards would leak locks.
 */
public interface Advisory extends Dialect {

    /**
     * Takes the advisory lock of, and returns, up to {@link Param#LIMIT} claimable rows in claim
     * order, skipping rows whose lock another session holds; each returned row carries its key
     * ({@link Label#KEY}), its columns labelled as {@link ClaimClauses#columns()} labels them, and
     * the group ({@link Label#GROUP}) in a table with FIFO groups. With FIFO groups the key is the
     * group's (one row of a group in work); with a {@link TableSpec#groupConcurrency()} above 1 it is
     * the row's own, and the group's slots ({@link #fifoSlotLock}) keep the limit.
     *
     * @param spec the table
     * @return the claim
     * @throws StatementException {@link StatementException.Kind#FORM_MISMATCH} for a table in another form
     */
    Statement advisoryClaim(TableSpec spec) throws StatementException;

    /**
     * Reads the row {@link Param#ID} afresh, as {@link #advisoryClaim} labels it (without the key),
     * and only while it is still claimable: the snapshot that found it may be older than another
     * session's settlement or failure record. Binds what the claim's conditions bind, then ID.
     *
     * @param spec the table
     * @return the statement
     */
    Statement recheck(TableSpec spec);

    /**
     * Whether {@link #advisoryClaim} reads each row it returns as it is once its lock is taken, so
     * that the adapter need not read it again ({@link #recheck}): a locking read of the candidates
     * (MariaDB's {@code LOCK IN SHARE MODE SKIP LOCKED}), whose row locks last until the lock
     * function has run, keeps another session's settlement or failure record from committing
     * between the read and the lock. Prove it on the database: a row deleted, committed and its
     * lock let go while the claim runs must not be returned.
     * A claim that reads a snapshot, then locks, answers false (the default): a row settled in
     * between would be delivered again without the re-read.
     *
     * @param spec the table
     * @return whether the claim's rows need no re-read
     */
    default boolean claimReadsLatest(TableSpec spec) {
        return false;
    }

    /**
     * Releases the advisory lock of {@link Param#KEY}.
     *
     * @param spec the table
     * @return the statement
     */
    Statement unlock(TableSpec spec);

    /**
     * Reads the rows of a batch afresh in one statement, as {@link #recheck} reads one: binds
     * what the claim's conditions bind, then {@link Param#ID} once per row, each the next row's.
     *
     * <pre>{@code
     * SELECT "id" AS inbox_id, "payload" AS inbox_payload FROM "jobs" h WHERE h."id" IN (?, ?, ?)
     * }</pre>
     *
     * @param spec the table
     * @param rows how many rows the statement reads
     * @return the statement, or empty: the rows are then read one by one
     */
    default Optional<Statement> recheckAll(TableSpec spec, int rows) {
        return Optional.empty();
    }

    /**
     * With a {@link TableSpec#groupConcurrency()} above 1: takes the session lock of the slot
     * {@link Param#SLOT} of the group {@link Param#GROUP}, never waiting, and returns one row with
     * {@code true} when it did. The claim ({@link #advisoryClaim}) then locks each row by its own key,
     * as without groups, and a row is delivered only with one of its group's slots, so no more rows
     * of a group are in work at once, across workers and servers. Held until {@link #fifoSlotUnlock}
     * or {@link #unlockAll}; the adapter never takes a slot its session holds already.
     *
     * @param spec the table, with FIFO groups
     * @return the statement, or empty: the activation then refuses a {@code groupConcurrency} above 1
     */
    default Optional<Statement> fifoSlotLock(TableSpec spec) {
        return Optional.empty();
    }

    /**
     * Releases the session lock of the slot {@link Param#SLOT} of the group {@link Param#GROUP}
     * ({@link #fifoSlotLock}).
     *
     * @param spec the table, with FIFO groups
     * @return the statement; present where {@link #fifoSlotLock} is
     */
    default Optional<Statement> fifoSlotUnlock(TableSpec spec) {
        return Optional.empty();
    }

    /**
     * Releases every advisory lock the session holds, in one statement. A worker's session holds
     * only the locks of the rows it claimed, so once a batch has ended this frees them all.
     *
     * @param spec the table
     * @return the statement, or empty: the locks are then released one by one
     */
    default Optional<Statement> unlockAll(TableSpec spec) {
        return Optional.empty();
    }

    /**
     * The operator's cancel of a pending row: takes, <em>without waiting</em>, the advisory lock
     * that the claims take for the row {@link Param#ID} (its key, or its FIFO group's), as the
     * claims take it (a session lock, released by {@link #unlock}), and returns one row, labelled
     * as the claims label them: its id ({@link Label#ID}) and the key as {@link #unlock} binds it
     * ({@link Label#KEY}). No row while another session holds the lock (a delivery of the row in
     * work, or of its group's) or where there is no such row. The lock function must run on that
     * one row only, as in the claim. Binds ID.
     *
     * <pre>{@code
     * SELECT * FROM (SELECT h."id" AS inbox_id, hashtext(("id")::text) AS inbox_key FROM "jobs" h
     *     WHERE h."id" = ? LIMIT 1) candidate WHERE pg_try_advisory_lock(hashtext('jobs'), inbox_key)
     * }</pre>
     *
     * @param spec the table
     * @return the statement, or empty (the default): the cancel is then refused in the advisory form
     */
    default Optional<Statement> tryLock(TableSpec spec) {
        return Optional.empty();
    }
}
