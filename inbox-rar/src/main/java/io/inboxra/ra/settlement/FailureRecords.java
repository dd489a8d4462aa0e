package io.inboxra.ra.settlement;

import io.inboxra.dialect.Statement;
import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.connection.SubscriptionStatements;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;

/**
 * The record of a failed delivery: one more attempt and a due time after the backoff (and the
 * lease cleared), or the dead letter at {@code maxAttempts}. Written where the form holds the row
 * until it is written: in the rolled-back branch itself, from a connection queued behind the
 * row's lock ({@link QueuedRecords}), or in a transaction of its own while a lease or a session
 * lock still holds the row.
 */
public final class FailureRecords {

    private static final Logger LOG = System.getLogger(FailureRecords.class.getName());

    /**
     * What a record came to.
     *
     * @param deadLettered the row reached {@code maxAttempts} and was dead-lettered
     * @param rescheduled its attempt was counted and its due time moved
     * @param refused why its dead letter was refused (ids repeat), or null
     */
    public record Recorded(boolean deadLettered, boolean rescheduled, String refused) {
        static final Recorded NOTHING = new Recorded(false, false, null);

        /** @return whether the record changed the row */
        public boolean changed() {
            return deadLettered || rescheduled;
        }
    }

    private final SubscriptionSettings settings;
    private final SubscriptionStatements statements;
    private final DeadLetterMove deadLetters;
    private final Optional<Statement> amendReason;
    private final Bindings bindings;
    private final RetryBackoff backoff;

    /** @param amendReason the dead letter's reason told after its record ({@link #amendReason}), where the table keeps reasons */
    public FailureRecords(SubscriptionSettings settings, SubscriptionStatements statements,
            Optional<Statement> amendReason) {
        this.settings = settings;
        this.statements = statements;
        this.deadLetters = new DeadLetterMove(settings, statements);
        this.amendReason = amendReason;
        this.bindings = Bindings.of(settings.queue());
        this.backoff = new RetryBackoff(settings.retryDelay(), settings.maxRetryDelay());
    }

    /** @return whether a failed delivery leaves a record: the table counts attempts or reschedules */
    public boolean areKept() {
        return statements.reschedule().isPresent() || (settings.maxAttempts().isPresent() && deadLetters.isPossible());
    }

    /**
     * Records a failed delivery: dead-letters the row at {@code maxAttempts}, otherwise counts
     * the attempt and moves its due time by the backoff (and clears its lease).
     *
     * @param connection a connection: in the delivery's branch, or in a transaction of its own
     * @param row the row, with its current fencing token in the lease form
     * @param error the failure, kept with a dead letter
     * @return what changed
     */
    public Recorded record(DatabaseConnection connection, ClaimedRow row, String error) throws SQLException {
        String refused = null;
        if (exhausted(settings, row) && deadLetters.isPossible()) {
            DeadLetterMove.Move move = deadLetters.move(connection, row, error);
            if (move == DeadLetterMove.Move.MOVED) {
                LOG.log(Level.WARNING, "Inbox subscription '" + settings.name() + "': row " + row.id() + " failed "
                        + (row.failedAttempts() + 1) + " times, the limit; it is dead-lettered (" + error + ")");
                return new Recorded(true, false, null);
            }
            if (move == DeadLetterMove.Move.NOT_CHANGED) {
                return Recorded.NOTHING;
            }
            refused = deadLetters.refusal(row);
            LOG.log(Level.WARNING, "Inbox subscription '" + settings.name() + "': row " + row.id() + " failed "
                    + (row.failedAttempts() + 1) + " times, the limit (" + error + "), but " + refused);
            // Refused: counted and rescheduled as any failure, so the row waits out its backoff instead of looping hot.
        }
        if (statements.reschedule().isEmpty()) {
            return new Recorded(false, false, refused);
        }
        Duration delay = backoff.after(row.failedAttempts() + 1);
        boolean rescheduled = connection.update(statements.reschedule().get(), bindings.row(row).delay(delay)) == 1;
        return new Recorded(false, rescheduled, refused);
    }

    /**
     * Tells a failure recorded during its transaction's rollback (as {@value Causes#ROLLED_BACK},
     * all the rollback knew) why the commit failed, once its exception arrived: the reason of the
     * dead letter it made.
     *
     * @param connection a connection outside any transaction (the statement autocommits)
     * @param row the row whose failure was recorded
     * @param reason the commit's failure ({@link Causes#reason})
     */
    public void amendReason(DatabaseConnection connection, ClaimedRow row, String reason) throws SQLException {
        if (amendReason.isPresent() && exhausted(settings, row)) {
            connection.update(amendReason.get(), bindings.row(row).reason(reason));
        }
    }

    /** @return whether this delivery of the row is its last attempt ({@code maxAttempts}) */
    static boolean exhausted(SubscriptionSettings settings, ClaimedRow row) {
        return settings.maxAttempts().isPresent() && row.failedAttempts() + 1 >= settings.maxAttempts().getAsInt();
    }
}
