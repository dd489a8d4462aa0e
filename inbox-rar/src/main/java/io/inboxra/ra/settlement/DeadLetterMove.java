package io.inboxra.ra.settlement;

import io.inboxra.dialect.Statement;
import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.connection.SubscriptionStatements;

import java.sql.SQLException;

/**
 * A row's move to the dead letters (or its mark in {@code deadAtColumn}), in the caller's
 * transaction, so that its steps commit together or not at all. A dead-letter table that holds a
 * different message under the row's id refuses the move: the row stays rather than overwrite or
 * lose either message.
 */
final class DeadLetterMove {

    /** What a move came to. */
    enum Move {
        MOVED,
        /** The row was not there to move (its lease was lost, another delivery settled it). */
        NOT_CHANGED,
        /** The dead-letter table holds a different message under the row's id: the row stays. */
        REFUSED
    }

    private final SubscriptionSettings settings;
    private final SubscriptionStatements statements;
    private final Bindings bindings;

    DeadLetterMove(SubscriptionSettings settings, SubscriptionStatements statements) {
        this.settings = settings;
        this.statements = statements;
        this.bindings = Bindings.of(settings.queue());
    }

    /** @return whether the subscription has a place for dead letters */
    boolean isPossible() {
        return !statements.deadLetter().isEmpty();
    }

    Move move(DatabaseConnection connection, ClaimedRow row, String reason) throws SQLException {
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
    String refusal(ClaimedRow row) {
        return "row " + row.id() + " cannot be dead-lettered: the dead-letter table '"
                + settings.table().deadLetterTable().orElse("") + "' holds a different message with the same id"
                + " (ids repeat: reused SQLite rowids, a reset sequence, keys of the application's own). The row"
                + " stays in the table" + (statements.reschedule().isPresent() ? ", delivered again after its backoff"
                : "") + ". To let it go, requeue or discard that dead letter, or give the table ids that never"
                + " repeat (SQLite: INTEGER PRIMARY KEY AUTOINCREMENT).";
    }

    /** A dead-letter move refused: the dead-letter table holds a different message under the row's id. */
    static final class Refused extends SQLException {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }
}
