package io.inboxra.ra.recovery;

import io.inboxra.dialect.BranchSessions;
import io.inboxra.dialect.Dialect;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.OptionalLong;
import javax.sql.XAConnection;

/**
 * Whether the session of a delivery branch's failed connection is gone, asked on the new
 * connection that would finish the branch, where the dialect can ask ({@link BranchSessions}): a
 * branch is finished from another session only once its own has let go of it.
 */
final class LostSessions {

    private static final Logger LOG = System.getLogger(LostSessions.class.getName());
    private static final Duration LOOK_EVERY = Duration.ofMillis(20);

    /** Null where the dialect cannot ask. */
    private final BranchSessions sessions;

    LostSessions(Dialect dialect) {
        this.sessions = dialect instanceof BranchSessions s ? s : null;
    }

    /**
     * @param connection a new connection of the subscription's user, not the lost one: it asks (its
     *        {@code getConnection} is called only where there is a session to ask about)
     * @param wait how long to wait for the session to go, asking every {@link #LOOK_EVERY}
     * @return whether the session is gone, or cannot be told about (none named, or a dialect that cannot ask);
     *         false while it is there or the database cannot be asked (nothing could be sent to it either)
     */
    boolean isGone(XAConnection connection, OptionalLong session, Duration wait) {
        if (session.isEmpty() || sessions == null) {
            return true;
        }
        String exists = sessions.sessionExists(session.getAsLong());
        long deadline = System.nanoTime() + wait.toNanos();
        try (java.sql.Statement query = connection.getConnection().createStatement()) {
            while (true) {
                try (ResultSet rs = query.executeQuery(exists)) {
                    if (!rs.next()) {
                        return true;
                    }
                }
                if (System.nanoTime() - deadline >= 0) {
                    return false;
                }
                Thread.sleep(LOOK_EVERY.toMillis());
            }
        } catch (SQLException e) {
            LOG.log(Level.DEBUG, () -> "asking whether session " + session.getAsLong() + " is gone: " + e);
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
