package io.inboxra.dialect;

/**
 * A dialect that can see, from another session, that a session waits for a row lock.
 *
 * <p>The adapter uses it when a prepared row lock branch must roll back (another resource of the
 * transaction failed its prepare): the failure's record is sent from a connection of its own and
 * must be queued on the row's lock before the branch rolls back, so that the lock passes to the
 * record and not to another claim. With this capability the adapter rolls back as soon as it sees
 * the record waiting; without it, it allows the record a short time (150 ms) and rolls back
 * hoping it queued by then.
 *
 * <p>Both queries run outside any transaction and bind nothing. {@link #waiting} is asked
 * again and again while the adapter waits for the record to queue; a view the database refreshes
 * only between reads must be asked at a pace it follows (InnoDB's {@code INNODB_TRX} is refreshed
 * only when it has not been read for 0.1 s: the conformance kit asks every 150 ms).
 *
 * <pre>{@code
 * // SQL Server
 * public String sessionId() { return "SELECT @@SPID"; }
 * public String waiting(long id) {
 *     return "SELECT 1 FROM sys.dm_exec_requests WHERE session_id = " + id + " AND blocking_session_id <> 0";
 * }
 * }</pre>
 */
public interface LockWaits extends Dialect {

    /**
     * The current session's id, as {@link #waiting} takes it. A dialect with {@link BranchSessions} too has one
     * such query, and the adapter asks it once per connection for both.
     *
     * @return a query of one row and one whole number: the session's id
     *         ({@code SELECT pg_backend_pid()}, {@code SELECT CONNECTION_ID()})
     */
    String sessionId();

    /**
     * Whether a session waits for a lock, asked from another session.
     *
     * @param id a session's id, as {@link #sessionId()} returned it
     * @return a query that returns a row while that session waits for a lock, and none while it runs,
     *         is idle, or holds its locks without waiting
     */
    String waiting(long id);
}
