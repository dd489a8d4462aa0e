package io.inboxra.dialect;

/**
 * A dialect whose database must not be asked, from another session, to finish a prepared XA
 * branch while the session that prepared it still exists.
 *
 * <p>When a delivery branch's connection fails in its prepare or second phase, the adapter
 * commits or rolls the branch back from a new connection. MariaDB (10.11) acknowledges an
 * {@code XA COMMIT} or {@code XA ROLLBACK} sent from another session while the failed session is
 * still being torn down, and yet leaves the branch prepared inside InnoDB: no longer listed by
 * {@code XA RECOVER}, unknown to every later {@code XA} statement, holding its rows' locks until
 * the server restarts, and listed again after the restart, when a transaction manager that counts
 * it committed finds no record of it. With this capability the adapter learns each connection's
 * session id when it opens it, and finishes a branch from a new connection only once that session
 * is gone; while it is not, the transaction manager is told to try again ({@code XAER_RMFAIL}) and
 * the adapter keeps looking.
 *
 * <p>Both queries run outside any transaction and bind nothing; {@link #sessionExists} runs on a
 * connection of the same user as the session it asks about.
 *
 * <pre>{@code
 * // MySQL, MariaDB
 * public String sessionId() { return "SELECT CONNECTION_ID()"; }
 * public String sessionExists(long id) {
 *     return "SELECT 1 FROM information_schema.PROCESSLIST WHERE ID = " + id;
 * }
 * }</pre>
 */
public interface BranchSessions extends Dialect {

    /**
     * The current session's id, as {@link #sessionExists} takes it. A dialect with {@link LockWaits} too has one
     * such query, and the adapter asks it once per connection for both.
     *
     * @return a query of one row and one whole number: the session's id
     */
    String sessionId();

    /**
     * Whether a session still exists, asked from another session of the same user.
     *
     * @param id a session's id, as {@link #sessionId()} returned it
     * @return a query that returns a row while that session exists, closing included, and none once it is gone
     */
    String sessionExists(long id);
}
