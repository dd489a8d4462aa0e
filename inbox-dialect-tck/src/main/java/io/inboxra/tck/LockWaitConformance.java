package io.inboxra.tck;

import io.inboxra.dialect.LockWaits;
import io.inboxra.tck.KitInbox.Row;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** Checks {@link LockWaits}: a session waiting for a row's lock is seen waiting from another session, and only then. */
abstract class LockWaitConformance extends BranchSessionConformance {

    /** How often the kit asks whether a session waits ({@link LockWaits#waiting}). */
    private static final long LOOK_EVERY_MILLIS = 150;

    /**
     * A session whose statement waits for a row lock another transaction holds is seen waiting,
     * from a third session; before its statement, and once it has the lock, it is not; nor is the
     * session that holds the lock. The query is asked every {@value #LOOK_EVERY_MILLIS} ms, each
     * answer within {@link #BOUND}: InnoDB refreshes {@code INNODB_TRX} only when it has not been
     * read for 0.1 s, so a query asked more often sees the state of its first read for ever.
     */
    @Test
    void aSessionWaitingForARowLockIsSeenWaitingAndOtherwiseNot() throws Exception {
        LockWaits waits = capability(LockWaits.class);
        inbox.insert(Row.of("locked"));
        Object id = inbox.keys("1 = 1").get(0);
        Connection holder = transaction();
        long holding = number(holder, waits.sessionId());
        assertEquals(1, lockRow(holder, id), "the kit's UPDATE takes the row's lock");
        Connection waiter = transaction();
        long session = number(waiter, waits.sessionId());
        Connection watcher = connection();
        assertFalse(returnsRow(watcher, waits.waiting(session)),
                "waiting(" + session + ") returns a row for a session that runs no statement: " + waits.waiting(session));
        Future<Integer> blocked = background.submit(() -> lockRow(waiter, id));
        awaitTrue("waiting(" + session + ") returns a row while that session's UPDATE waits for the row's lock: "
                + waits.waiting(session), LOOK_EVERY_MILLIS,
                () -> blocked.isDone() || returnsRow(watcher, waits.waiting(session)));
        assertFalse(blocked.isDone(), "the kit's second UPDATE of the row did not wait for the first one's lock");
        Thread.sleep(LOOK_EVERY_MILLIS);
        assertFalse(returnsRow(watcher, waits.waiting(holding)),
                "waiting(" + holding + ") returns a row for the session that holds the lock, waiting for nothing");
        holder.rollback();
        assertEquals(1, blocked.get(BOUND.toMillis(), TimeUnit.MILLISECONDS), "the waiting UPDATE ran once the lock was free");
        awaitTrue("waiting(" + session + ") returns no row once the session holds the lock", LOOK_EVERY_MILLIS,
                () -> !returnsRow(watcher, waits.waiting(session)));
    }

    /** The kit's own lock on a row: an UPDATE that changes nothing but takes the row's lock. */
    private int lockRow(Connection c, Object id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE " + inbox.name() + " SET attempts = attempts WHERE id = ?")) {
            ps.setObject(1, id);
            return ps.executeUpdate();
        }
    }

    private static boolean returnsRow(Connection c, String sql) throws SQLException {
        try (java.sql.Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rs.next();
        }
    }

    private static void awaitTrue(String what, long everyMillis, Callable<Boolean> condition) throws Exception {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (!condition.call()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + BOUND + ": " + what);
            }
            Thread.sleep(everyMillis);
        }
    }
}
