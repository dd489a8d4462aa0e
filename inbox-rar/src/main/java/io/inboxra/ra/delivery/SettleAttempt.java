package io.inboxra.ra.delivery;

import io.inboxra.ra.settlement.Causes;

import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.ConnectionPool;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.settlement.Settlement;
import io.inboxra.ra.settlement.StatementFailed;

import io.inboxra.Outcome;
import io.inboxra.ra.xa.DeliveryBranch;
import io.inboxra.ra.xa.Ending;
import io.inboxra.ra.xa.TransactionEndedException;
import jakarta.resource.ResourceException;

import java.sql.SQLException;

/**
 * The settle step of the forms whose branch starts only at the settlement (lease, advisory
 * lock), and what it came to: settled, or why not, for the failure's record.
 *
 * @param settled whether the settlement changed exactly the row
 * @param outcome the listener's outcome the settlement carried out, or null when it did not settle
 * @param error why the delivery did not settle (or, settled, why it may still not commit)
 * @param trouble a database failure to report once the failure is recorded, or null
 */
record SettleAttempt(boolean settled, Outcome outcome, String error, SQLException trouble) {

    private static final String ROLLED_BACK = Causes.ROLLED_BACK;

    /** Runs a settlement in a local transaction of its own (an MDB without a container transaction). */
    interface Outside {
        boolean settle(ConnectionPool.SqlWork<Boolean> work) throws SQLException;
    }

    /** @return an attempt that has not settled (yet) */
    static SettleAttempt notSettled() {
        return new SettleAttempt(false, null, ROLLED_BACK, null);
    }

    /**
     * Settles the listener's outcome: in the delivery's branch (started now, on the form's
     * connection), or {@code outside} it for an MDB without a container transaction. A statement
     * that fails on a working connection (a constraint) fails the delivery; a lost connection is
     * trouble, reported after the failure is recorded.
     *
     * @param row the row as the settlement must match it (the lease form: with its last token)
     * @throws ResourceException when the container did not enlist the branch
     */
    static SettleAttempt of(DeliveryContext context, DeliveryBranch<DatabaseConnection> branch, ClaimedRow row,
            ListenerEndpoint.Invocation invocation, Outside outside) throws ResourceException {
        Endpoints endpoints = context.endpoints();
        if (invocation.failed()) {
            return new SettleAttempt(false, null, invocation.error(), null);
        }
        if (endpoints.isTransacted() && !endpoints.transaction().isActive()) {
            return new SettleAttempt(false, null, endpoints.transaction().describe(), null);
        }
        Settlement settlement = context.settlement();
        ConnectionPool.SqlWork<Boolean> settle = c -> StatementFailed.classify(c,
                () -> settlement.settle(c, row, invocation.outcome()));
        try {
            boolean settled;
            if (endpoints.isTransacted()) {
                ListenerEndpoint.requireEnlisted(branch.isEnlisted());
                settled = branch.run(settle::run);
            } else {
                settled = outside.settle(settle);
            }
            return new SettleAttempt(settled, settled ? invocation.outcome() : null, settled ? ROLLED_BACK
                    : "the settlement changed no row (the lease was lost, another delivery settled"
                    + " the row, or it could not be dead-lettered)", null);
        } catch (TransactionEndedException e) {
            return new SettleAttempt(false, null, endpoints.transaction().describe(), null);
        } catch (StatementFailed e) {
            settlement.failed(row, e.getCause());
            return new SettleAttempt(false, null, "the settlement failed: " + e.getCause().getMessage(), null);
        } catch (SQLException e) {
            return new SettleAttempt(false, null, "the database failed: " + e.getMessage(), e);
        }
    }

    /** @return whether the settlement committed: as the adapter's own resource saw the transaction end */
    boolean committed(DeliveryBranch<DatabaseConnection> branch, boolean transacted) {
        return transacted ? settled && branch.ending().orElse(null) == Ending.COMMITTED : settled;
    }

    void rethrowTrouble() throws SQLException {
        if (trouble != null) {
            throw trouble;
        }
    }
}
