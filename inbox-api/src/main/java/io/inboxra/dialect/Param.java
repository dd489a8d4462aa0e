package io.inboxra.dialect;

/**
 * A value a {@link Statement} binds, in the order its placeholders ({@code ?}) appear.
 *
 * <p>The adapter binds each one from the delivery at hand; a dialect only says which it needs.
 */
public enum Param {
    /** The subscription's queue (the {@code queue} property; the seeds call it the group). */
    QUEUE,
    /** The JVM's current time as a {@code java.sql.Timestamp}. Built-in dialects use the database's clock instead. */
    NOW,
    /** How many rows a claim may take at most. */
    LIMIT,
    /**
     * How many claimable rows, in claim order, an advisory lock claim looks at for rows whose lock
     * it can take: enough for every worker of the subscription to lock a whole claim while the
     * others hold theirs.
     */
    CANDIDATES,
    /**
     * The claimed row's id. In a statement that settles a batch ({@link Dialect#settleAll}), each
     * occurrence binds the next row's id, in the batch's order.
     */
    ID,
    /**
     * The ids of a batch's rows as one value, bound by the dialect ({@link Dialect#bindIds}: on
     * PostgreSQL a {@code java.sql.Array} of the ids' SQL type, {@code bigint}, {@code integer},
     * {@code text}, {@code uuid}), for databases that compare with an array: {@code "id" = ANY(?)}
     * on PostgreSQL ({@link Dialect#settleAll}).
     */
    IDS,
    /** The claim's fencing token (the lease form's {@code locked_until} value, as the claim returned it). */
    TOKEN,
    /** The lease length in milliseconds, as a {@code long}: the database adds it to its own clock. */
    LEASE,
    /** The advisory lock key the claim returned ({@link Label#KEY}). */
    KEY,
    /** An age in milliseconds, as a {@code long} (how old an in-doubt branch, or a retained row, must be). */
    AGE,
    /** A delay in milliseconds, as a {@code long}: the database adds it to its own clock (a retry's due time). */
    DELAY,
    /** Why a row is dead-lettered: the listener's reason or the last error, as text. */
    REASON,
    /** A FIFO group's value, as the claim returned it ({@link Label#GROUP}). */
    GROUP,
    /**
     * One of a FIFO group's slots, 0 to {@link TableSpec#groupConcurrency()} - 1, as an {@code int}: with
     * {@link Param#GROUP}, what {@link Dialect#fifoSlotGuard} takes.
     */
    SLOT,
    /** Which delivery of the row this is, counting from 1, as an {@code int}. */
    ATTEMPT,
    /**
     * An id the claim passes over: a row whose delivery failed lately and is set aside until its
     * backoff ends ({@link TableSpec#setAsideIds()}). Each occurrence binds the next id; a list
     * longer than the ids set aside repeats the last one.
     */
    SET_ASIDE,
    /**
     * A message's key, as text, as a producer's {@code SendOptions.key} wrote it into the
     * {@code keyColumn}: an operator's look-up by key ({@link OperatorQueries#inboxRow}).
     */
    MESSAGE_KEY
}
