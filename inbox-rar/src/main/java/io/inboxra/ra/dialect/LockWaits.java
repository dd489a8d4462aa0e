package io.inboxra.ra.dialect;

/**
 * How a built-in dialect sees that a session waits for a row lock. The adapter uses it to count
 * a failure before a prepared branch lets its row go: the record's statement must be queued on
 * the row's lock before the rollback, so that the lock passes to it and not to another claim.
 */
public interface LockWaits {

    /** @return a query of one number: the current session's id */
    String sessionId();

    /** @return a query that returns a row while the session {@code id} waits for a lock */
    String waiting(long id);
}
