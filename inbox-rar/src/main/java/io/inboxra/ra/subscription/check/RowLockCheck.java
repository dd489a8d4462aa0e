package io.inboxra.ra.subscription.check;

import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Statement;
import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.sql.XADataSource;

/**
 * Whether the row lock form's claim really locks, tried at activation on the database itself:
 * one connection claims a row in a transaction and holds it, a second runs the same claim, which
 * must skip that row (or wait for it). An engine that accepts the claim's {@code FOR UPDATE SKIP
 * LOCKED} without locking (TiDB does), or a dialect whose claim has no lock, would hand one row to
 * two workers: that subscription is refused, naming the engine and the dialect.
 *
 * <p>It needs a claimable row: on a table with none the claim cannot be watched, and the check says
 * so in the log (once, at activation) and lets the subscription start.
 */
final class RowLockCheck {

    private static final Logger LOG = System.getLogger(RowLockCheck.class.getName());

    /** How long the second claim may wait for the first one's row before it counts as blocked (a lock). */
    private static final int WAIT_SECONDS = 2;

    /** What the check saw. */
    enum Verdict {
        /** The second claim skipped the first one's row, or waited for it. */
        LOCKS,
        /** The second claim took the row the first one holds. */
        DOES_NOT_LOCK,
        /** No claimable row: nothing to watch. */
        NO_ROW
    }

    private RowLockCheck() {
    }

    /**
     * @throws RowLockException when the claim does not lock, naming the engine, the dialect and the fix
     */
    static Verdict require(SubscriptionSettings settings, XADataSource dataSource, Dialect dialect, Statement claim,
            String engine) throws SQLException, RowLockException {
        Verdict verdict = watch(settings, dataSource, dialect, claim);
        if (verdict == Verdict.DOES_NOT_LOCK) {
            throw new RowLockException("The row lock claim does not lock on this database (" + engine + ", dialect '"
                    + dialect.name() + "', " + dialect.getClass().getName() + "): a second connection's claim took"
                    + " the row a first one's claim holds, so two workers would deliver one row twice. Use a"
                    + " database whose FOR UPDATE SKIP LOCKED locks the rows it returns (PostgreSQL, MySQL 8,"
                    + " MariaDB 10.6: docs/shards.md lists the engines), fix the dialect's lockClaim (its lock"
                    + " clause: rowLocking), or use the lease form (lockedUntilColumn).");
        }
        if (verdict == Verdict.NO_ROW) {
            LOG.log(Level.INFO, "Inbox subscription '" + settings.name() + "': table '" + settings.table().table()
                    + "' has no claimable row, so the row lock check (a second claim must skip a held row) could"
                    + " not run at activation; the engine (" + engine + ") was checked by name only.");
        }
        return verdict;
    }

    private static Verdict watch(SubscriptionSettings settings, XADataSource dataSource, Dialect dialect,
            Statement claim) throws SQLException {
        Bindings one = Bindings.of(settings.queue()).limit(1);
        int statementSeconds = settings.dataSource().timeouts().statementSeconds();
        try (DatabaseConnection holder = DatabaseConnection.open(dataSource, settings.isolation(), statementSeconds,
                dialect)) {
            holder.connection().setAutoCommit(false);
            try {
                List<ClaimedRow> held = holder.claim(claim, one);
                if (held.isEmpty()) {
                    return Verdict.NO_ROW;
                }
                return second(settings, dataSource, dialect, claim, one, held.get(0).id());
            } finally {
                holder.connection().rollback();
            }
        }
    }

    private static Verdict second(SubscriptionSettings settings, XADataSource dataSource, Dialect dialect,
            Statement claim, Bindings one, Object heldId) throws SQLException {
        try (DatabaseConnection other = DatabaseConnection.open(dataSource, settings.isolation(), WAIT_SECONDS,
                dialect)) {
            other.connection().setAutoCommit(false);
            try {
                Optional<Object> taken = other.claim(claim, one).stream().map(ClaimedRow::id).findFirst();
                return taken.isPresent() && Objects.equals(String.valueOf(taken.get()), String.valueOf(heldId))
                        ? Verdict.DOES_NOT_LOCK : Verdict.LOCKS;
            } catch (SQLException e) {
                if (blocked(e)) {
                    return Verdict.LOCKS;
                }
                throw e;
            } finally {
                other.connection().rollback();
            }
        }
    }

    /** A claim cancelled while it waited for the held row: it locks (it waits rather than skips). */
    private static boolean blocked(SQLException e) {
        String state = e.getSQLState();
        return e instanceof SQLTimeoutException || "57014".equals(state) || "70100".equals(state)
                || "55P03".equals(state) || e.getErrorCode() == 1205 || e.getErrorCode() == 3024;
    }

    /** A claim that does not lock, with the message that names the engine and the fix. */
    static final class RowLockException extends Exception {
        private static final long serialVersionUID = 1L;

        RowLockException(String message) {
            super(message);
        }
    }
}
