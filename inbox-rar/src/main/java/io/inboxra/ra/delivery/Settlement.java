package io.inboxra.ra.delivery;

import io.inboxra.Outcome;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;

/**
 * Ends a delivery in the database, in the delivery's transaction: the statement the
 * listener's outcome asks for. A settlement that changes no row (a lost lease, a row settled
 * by someone else) says so, and the caller votes the transaction down.
 */
final class Settlement {

    private static final Logger LOG = System.getLogger(Settlement.class.getName());

    private final String subscription;
    private final SubscriptionStatements statements;
    private final Bindings bindings;

    Settlement(String subscription, SubscriptionStatements statements, Bindings bindings) {
        this.subscription = subscription;
        this.statements = statements;
        this.bindings = bindings;
    }

    /**
     * @param connection a connection in the delivery's transaction
     * @param row the row, with its current fencing token in the lease form
     * @param outcome what the listener decided
     * @return whether the row was settled (exactly one row changed)
     */
    boolean settle(WorkerConnection connection, ClaimedRow row, Outcome outcome) throws SQLException {
        if (!(outcome instanceof Outcome.Ack)) {
            throw new IllegalStateException("unknown outcome " + outcome);
        }
        boolean settled = connection.update(statements.settle(), bindings.row(row)) == 1;
        if (!settled) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': the settlement of row " + row.id()
                    + " changed no row (its lease was lost, or another delivery settled it); the transaction"
                    + " rolls back, the MDB's work with it.");
        }
        return settled;
    }
}
