package io.inboxra.tck;

import io.inboxra.dialect.BranchSessions;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Checks {@link BranchSessions}: an open session is seen from another session of the same user, and a closed one is not. */
abstract class BranchSessionConformance extends CapabilityCase {

    /**
     * Two sessions have different ids; each is seen to exist from the other while open, and
     * {@link BranchSessions#sessionExists} returns no row within {@link #BOUND} once the session is closed.
     */
    @Test
    void anOpenSessionIsSeenAndAClosedOneIsNot() throws Exception {
        BranchSessions sessions = capability(BranchSessions.class);
        Connection watcher = connection();
        Connection watched = connection();
        long id = number(watched, sessions.sessionId());
        assertNotEquals(number(watcher, sessions.sessionId()), id, "two sessions have two ids: " + sessions.sessionId());
        assertTrue(returnsRow(watcher, sessions.sessionExists(id)),
                "sessionExists(" + id + ") returns a row while the session is open: " + sessions.sessionExists(id));
        watched.close();
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (returnsRow(watcher, sessions.sessionExists(id))) {
            assertFalse(System.nanoTime() > deadline, "sessionExists(" + id + ") still returns a row " + BOUND
                    + " after the session closed: " + sessions.sessionExists(id));
            Thread.sleep(20);
        }
    }

    private static boolean returnsRow(Connection c, String sql) throws SQLException {
        try (java.sql.Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rs.next();
        }
    }
}
