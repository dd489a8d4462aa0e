package io.inboxra.ra.settlement;

import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.SubscriptionStatements;
import io.inboxra.ra.connection.DatabaseConnection;

import io.inboxra.Outcome;
import io.inboxra.dialect.Statement;
import io.inboxra.ra.config.SubscriptionSettings;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.List;

/**
 * Ends a delivery in the database: the statement the listener's outcome asks for (in the
 * delivery's transaction), or, for a delivery that failed, the record of the failure (one more
 * attempt and a due time after the backoff, or the dead letter at {@code maxAttempts}). A row
 * leaves the table only by an acknowledged settlement or a dead-letter move. Every method runs
 * on a connection in a transaction (the delivery's branch, or a local one the caller began), so
 * a dead-letter move's steps commit together or not at all.
 */
public final class Settlement {

    private static final Logger LOG = System.getLogger(Settlement.class.getName());

    private final SubscriptionSettings settings;
    private final SubscriptionStatements statements;
    /** Holds a delivery for a while, or less when the subscription stops. */
    private final java.util.function.Consumer<Duration> hold;
    private final Tally counters;
    private final Bindings bindings;
    private final Optional<Statement> amendReason;
    private final RetryBackoff backoff;
    /** Set once the driver answered a JDBC batch without counts: fenced batches then settle row by row. */
    private volatile boolean batchesUncounted;

    public Settlement(SubscriptionSettings settings, SubscriptionStatements statements,
            java.util.function.Consumer<Duration> hold, Tally counters, Optional<Statement> amendReason) {
        this.amendReason = amendReason;
        this.settings = settings;
        this.statements = statements;
        this.hold = hold;
        this.counters = counters;
        this.bindings = Bindings.of(settings.queue());
        this.backoff = new RetryBackoff(settings.retryDelay(), settings.maxRetryDelay());
    }

    /**
     * Settles the listener's outcome.
     *
     * @param connection a connection in the delivery's transaction
     * @param row the row, with its current fencing token in the lease form
     * @param outcome what the listener decided
     * @return whether the row was settled (the last statement changed exactly the row)
     */
    public boolean settle(DatabaseConnection connection, ClaimedRow row, Outcome outcome) throws SQLException {
        boolean settled;
        Move move = null;
        if (outcome instanceof Outcome.Ack) {
            settled = connection.update(statements.settle(), bindings.row(row)) == 1;
        } else if (outcome instanceof Outcome.Retry retry) {
            if (statements.reschedule().isEmpty()) {
                return retryInMemory(row, retry.delay());
            }
            if (exhausted(row)) {
                move = deadLetter(connection, row, "retried " + (row.failedAttempts() + 1) + " times, the limit");
                settled = move == Move.MOVED;
            } else {
                settled = connection.update(statements.reschedule().get(), bindings.row(row).delay(retry.delay())) == 1;
            }
        } else if (outcome instanceof Outcome.DeadLetter dead) {
            if (statements.deadLetter().isEmpty()) {
                LOG.log(Level.ERROR, "Inbox subscription '" + settings.name() + "': the listener dead-lettered row "
                        + row.id() + " (" + dead.reason() + "), but the subscription has no 'deadLetterTable' nor"
                        + " 'deadAtColumn'; set one. The transaction rolls back and the row stays.");
                return false;
            }
            move = deadLetter(connection, row, dead.reason());
            settled = move == Move.MOVED;
        } else {
            throw new IllegalStateException("unknown outcome " + outcome);
        }
        if (move == Move.REFUSED) {
            // A failed statement, as a constraint's would be: logged once by the caller, its text the failure's record.
            throw new DeadLetterRefused(refusal(row));
        }
        if (!settled) {
            LOG.log(Level.WARNING, "Inbox subscription '" + settings.name() + "': the settlement of row " + row.id()
                    + " changed no row (its lease was lost, or another delivery settled it); the transaction"
                    + " rolls back, the MDB's work with it.");
        }
        return settled;
    }

    /**
     * Settles a batch's acknowledged rows with one statement (a batch of one: {@link #settle}'s).
     *
     * @param connection a connection in the delivery's transaction
     * @param rows the acknowledged rows
     * @param settleAll the dialect's {@link io.inboxra.dialect.Dialect#settleAll} for as many rows
     * @return whether the statement changed exactly the rows
     */
    boolean settleAcks(DatabaseConnection connection, List<ClaimedRow> rows, Statement settleAll) throws SQLException {
        int changed = rows.size() == 1 ? connection.update(statements.settle(), bindings.row(rows.get(0)))
                : connection.update(settleAll, bindings.rows(rows));
        if (changed != rows.size()) {
            LOG.log(Level.WARNING, "Inbox subscription '" + settings.name() + "': the settlement of a batch of "
                    + rows.size() + " acknowledged rows changed " + changed + " rows; the transaction rolls back,"
                    + " the MDB's work with it, and the rows are delivered again one at a time.");
            return false;
        }
        return true;
    }

    /**
     * Settles a batch's acknowledged rows each by its own statement ({@link #settle}'s, fenced by
     * each row's token), sent as one JDBC batch, or one by one once the driver has answered a
     * batch without counts (MariaDB Connector/J with {@code useBulkStmts}).
     *
     * @return whether each statement changed exactly its row
     */
    boolean settleEach(DatabaseConnection connection, List<ClaimedRow> rows) throws SQLException {
        if (batchesUncounted) {
            for (ClaimedRow row : rows) {
                if (!settle(connection, row, Outcome.ack())) {
                    return false;
                }
            }
            return true;
        }
        int[] changed = connection.updateEach(statements.settle(), rows.stream().map(bindings::row).toList());
        for (int i = 0; i < changed.length; i++) {
            if (changed[i] == java.sql.Statement.SUCCESS_NO_INFO) {
                // Executed, but whether each matched its lease is unknown: this batch rolls back, later ones go row by row.
                batchesUncounted = true;
                LOG.log(Level.INFO, "Inbox subscription '" + settings.name() + "': the JDBC driver executes a batch"
                        + " without counting each statement's rows (MariaDB Connector/J with useBulkStmts); the lease"
                        + " form settles its batches row by row from now on, and this batch is delivered again");
                return false;
            }
            if (changed[i] != 1) {
                LOG.log(Level.WARNING, "Inbox subscription '" + settings.name() + "': the settlement of row "
                        + rows.get(i).id() + " in a batch changed " + changed[i] + " rows (its lease was lost, or"
                        + " another delivery settled it); the transaction rolls back, the MDB's work with it, and the"
                        + " rows are delivered again one at a time.");
                return false;
            }
        }
        return true;
    }

    /** Logs a batch's settlement statement that failed on a working connection (a constraint): the batch fails. */
    public void failed(List<ClaimedRow> rows, SQLException e) {
        String failed = "Inbox subscription '" + settings.name() + "': the settlement of a batch of " + rows.size()
                + " rows failed; the transaction rolls back and the rows are delivered again one at a time";
        if (e instanceof DeadLetterRefused) {
            LOG.log(Level.WARNING, failed + ": " + e.getMessage());
        } else {
            LOG.log(Level.WARNING, failed, e);
        }
    }

    /**
     * Counts a settled delivery once its transaction ended: by the outcome it committed, or as a
     * commit failure.
     *
     * @param row the row settled
     * @param outcome the listener's outcome, as {@link #settle} settled it
     * @param committed whether the delivery's transaction committed
     */
    public void counted(ClaimedRow row, Outcome outcome, boolean committed) {
        if (!committed) {
            counters.commitFailed();
            counters.error("row " + row.id() + ": settled, but the transaction did not commit");
        } else if (outcome instanceof Outcome.Ack) {
            counters.delivered();
        } else if (outcome instanceof Outcome.Retry && !exhausted(row)) {
            counters.retried(true);
        } else {
            counters.deadLettered(true);
        }
    }

    /** Logs a settlement statement that failed on a working connection (a constraint): the delivery fails. */
    public void failed(ClaimedRow row, SQLException e) {
        String failed = "Inbox subscription '" + settings.name() + "': the settlement of row " + row.id()
                + " failed; the transaction rolls back and the delivery counts as failed";
        if (e instanceof DeadLetterRefused) {
            LOG.log(Level.WARNING, failed + ": " + e.getMessage());
        } else {
            LOG.log(Level.WARNING, failed, e);
        }
    }

    /** @return whether a failed delivery leaves a record: the table counts attempts or reschedules */
    public boolean recordsFailures() {
        return statements.reschedule().isPresent() || (settings.maxAttempts().isPresent()
                && !statements.deadLetter().isEmpty());
    }

    /**
     * Records a failed delivery: dead-letters the row at {@code maxAttempts}, otherwise counts
     * the attempt and moves its due time by the backoff (and clears its lease).
     *
     * @param connection a connection: in the delivery's branch, or in a transaction of its own
     * @param row the row, with its current fencing token in the lease form
     * @param error the failure, kept with a dead letter
     * @return whether the row was changed
     */
    public boolean recordFailure(DatabaseConnection connection, ClaimedRow row, String error) throws SQLException {
        counters.error("row " + row.id() + ": " + error);
        if (exhausted(row) && !statements.deadLetter().isEmpty()) {
            Move move = deadLetter(connection, row, error);
            if (move == Move.MOVED) {
                LOG.log(Level.WARNING, "Inbox subscription '" + settings.name() + "': row " + row.id() + " failed "
                        + (row.failedAttempts() + 1) + " times, the limit; it is dead-lettered (" + error + ")");
                counters.deadLettered(false);
                return true;
            }
            if (move == Move.NOT_CHANGED) {
                return false;
            }
            LOG.log(Level.WARNING, "Inbox subscription '" + settings.name() + "': row " + row.id() + " failed "
                    + (row.failedAttempts() + 1) + " times, the limit (" + error + "), but " + refusal(row));
            counters.error("row " + row.id() + ": " + refusal(row));
            // Refused: counted and rescheduled as any failure, so the row waits out its backoff instead of looping hot.
        }
        if (statements.reschedule().isEmpty()) {
            return false;
        }
        Duration delay = backoff.after(row.failedAttempts() + 1);
        boolean rescheduled = connection.update(statements.reschedule().get(), bindings.row(row).delay(delay)) == 1;
        if (rescheduled) {
            counters.retried(false);
        }
        return rescheduled;
    }

    /**
     * Tells a failure recorded during its transaction's rollback (as {@value Causes#ROLLED_BACK},
     * all the rollback knew) why the commit failed, once its exception arrived: the last error,
     * and the reason of the dead letter it made.
     *
     * @param connection a connection outside any transaction (the statement autocommits)
     * @param row the row whose failure was recorded
     * @param reason the commit's failure ({@link Causes#reason})
     */
    public void amendReason(DatabaseConnection connection, ClaimedRow row, String reason) throws SQLException {
        counters.error("row " + row.id() + ": " + reason);
        if (amendReason.isPresent() && exhausted(row)) {
            connection.update(amendReason.get(), bindings.row(row).reason(reason));
        }
    }

    private boolean exhausted(ClaimedRow row) {
        return settings.maxAttempts().isPresent()
                && row.failedAttempts() + 1 >= settings.maxAttempts().getAsInt();
    }

    /** What a dead-letter move came to. */
    private enum Move {
        MOVED,
        /** The row was not there to move (its lease was lost, another delivery settled it). */
        NOT_CHANGED,
        /** The dead-letter table holds a different message under the row's id: the row stays. */
        REFUSED
    }

    private Move deadLetter(DatabaseConnection connection, ClaimedRow row, String reason) throws SQLException {
        int changed = 0;
        for (Statement step : statements.deadLetter()) {
            changed = connection.update(step, bindings.row(row).reason(reason));
        }
        if (changed == 1) {
            return Move.MOVED;
        }
        return statements.deadLetterConflict().isPresent()
                && connection.exists(statements.deadLetterConflict().get(), bindings.row(row))
                ? Move.REFUSED : Move.NOT_CHANGED;
    }

    /** @return why the row cannot be dead-lettered, and what to do */
    private String refusal(ClaimedRow row) {
        return "row " + row.id() + " cannot be dead-lettered: the dead-letter table '"
                + settings.table().deadLetterTable().orElse("") + "' holds a different message with the same id"
                + " (ids repeat: reused SQLite rowids, a reset sequence, keys of the application's own). The row"
                + " stays in the table" + (statements.reschedule().isPresent() ? ", delivered again after its backoff"
                : "") + ". To let it go, requeue or discard that dead letter, or give the table ids that never"
                + " repeat (SQLite: INTEGER PRIMARY KEY AUTOINCREMENT).";
    }

    /** A dead-letter move refused: the dead-letter table holds a different message under the row's id. */
    static final class DeadLetterRefused extends SQLException {
        private static final long serialVersionUID = 1L;

        DeadLetterRefused(String message) {
            super(message);
        }
    }

    /** A retry on a table without a due column: logged, then the row is held for the delay and rolled back. */
    private boolean retryInMemory(ClaimedRow row, Duration delay) {
        Duration wait = delay.compareTo(settings.maxRetryDelay()) > 0
                ? settings.maxRetryDelay() : delay;
        LOG.log(Level.ERROR, "Inbox subscription '" + settings.name() + "': the listener asked to retry row "
                + row.id() + " in " + delay + ", but the table has no 'dueColumn' to reschedule it by; set"
                + " 'dueColumn'. The row is held for " + wait + ", then rolled back and delivered again.");
        hold.accept(wait);
        return false;
    }
}
