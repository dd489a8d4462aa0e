package io.inboxra.ra.settlement;

import io.inboxra.dialect.Statement;
import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.connection.SubscriptionStatements;

import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * A row's move to the dead letters (or its mark in {@code deadAtColumn}), in the caller's
 * transaction, so that its steps commit together or not at all: a failed delivery's, and an
 * operator's cancel ({@code operations.PendingRowOperations}). A dead-letter table that holds a
 * different message under the row's id refuses the move: the row stays rather than overwrite or
 * lose either message.
 */
public final class DeadLetterMove {

    /** What a move came to. */
    public enum Move {
        MOVED,
        /** The row was not there to move (its lease was lost, another delivery settled it). */
        NOT_CHANGED,
        /** The dead-letter table holds a different message under the row's id: the row stays. */
        REFUSED
    }

    private final Optional<String> deadLetterTable;
    private final List<Statement> steps;
    private final Optional<Statement> conflict;
    private final boolean rescheduled;
    private final Bindings bindings;

    DeadLetterMove(SubscriptionSettings settings, SubscriptionStatements statements) {
        this(settings.queue(), settings.table().deadLetterTable(), statements.deadLetter(),
                statements.deadLetterConflict(), statements.reschedule().isPresent());
    }

    /**
     * @param queue the subscription's queue
     * @param deadLetterTable the dead-letter table, for the refusal's message
     * @param steps the dialect's {@code deadLetter} statements, in order
     * @param conflict the dialect's {@code deadLetterConflict}, with a dead-letter table
     * @param rescheduled whether a row that stays is delivered again after a backoff, for the refusal's message
     */
    public DeadLetterMove(Optional<String> queue, Optional<String> deadLetterTable, List<Statement> steps,
            Optional<Statement> conflict, boolean rescheduled) {
        this.deadLetterTable = deadLetterTable;
        this.steps = List.copyOf(steps);
        this.conflict = conflict;
        this.rescheduled = rescheduled;
        this.bindings = Bindings.of(queue);
    }

    /** @return whether the subscription has a place for dead letters */
    public boolean isPossible() {
        return !steps.isEmpty();
    }

    /**
     * Moves the row, binding its id (and token, key), {@code reason} and, as its attempts, its
     * failed deliveries plus one.
     */
    public Move move(DatabaseConnection connection, ClaimedRow row, String reason) throws SQLException {
        int changed = 0;
        boolean copied = false;
        for (int i = 0; i < steps.size(); i++) {
            changed = connection.update(steps.get(i), bindings.row(row).reason(reason));
            copied |= i < steps.size() - 1 && changed > 0;
        }
        if (changed == 1) {
            return Move.MOVED;
        }
        if (conflict.isPresent() && connection.exists(conflict.get(), bindings.row(row))) {
            return Move.REFUSED;
        }
        if (copied) {
            // Each step is fenced, but the row changed between them (its lease ran out and another claim took it):
            // committed, the copy would make the message a dead letter and a live row at once.
            throw new ChangedMeanwhile("row " + row.id() + " was copied to the dead letters, then found taken by"
                    + " another delivery before it was removed (its lease ran out meanwhile); the move is rolled"
                    + " back, and the row is that delivery's");
        }
        return Move.NOT_CHANGED;
    }

    /** @return why the row cannot be dead-lettered, and what to do */
    public String refusal(ClaimedRow row) {
        return "row " + row.id() + " cannot be dead-lettered: the dead-letter table '"
                + deadLetterTable.orElse("") + "' holds a different message with the same id"
                + " (ids repeat: reused SQLite rowids, a reset sequence, keys of the application's own). The row"
                + " stays in the table" + (rescheduled ? ", delivered again after its backoff" : "")
                + ". To let it go, requeue or discard that dead letter, or give the table ids that never"
                + " repeat (SQLite: INTEGER PRIMARY KEY AUTOINCREMENT).";
    }

    /** A move whose row changed between its steps: the caller's transaction must roll back. */
    static final class ChangedMeanwhile extends SQLException {
        private static final long serialVersionUID = 1L;

        ChangedMeanwhile(String message) {
            super(message);
        }
    }

    /** A dead-letter move refused: the dead-letter table holds a different message under the row's id. */
    static final class Refused extends SQLException {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }
}
