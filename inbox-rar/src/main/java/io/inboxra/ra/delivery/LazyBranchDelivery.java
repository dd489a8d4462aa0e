package io.inboxra.ra.delivery;

import io.inboxra.Outcome;
import io.inboxra.ra.xa.LazyBranch;
import jakarta.resource.ResourceException;

import java.sql.SQLException;
import java.util.function.UnaryOperator;

/**
 * The part of a delivery the lease and advisory lock forms share, top to bottom: create the
 * endpoint with a lazy XA resource, {@code beforeDelivery}, invoke the listener, settle (the
 * branch starts now, on the connection the form gives), {@code afterDelivery}. The row stays
 * held by the form (lease, session lock) until the caller lets it go.
 */
final class LazyBranchDelivery {

    /** How the delivery ended: whether its settlement ran and committed, and why not. */
    record Ended(boolean settled, boolean committed, String error) {
    }

    /** Runs work on a connection outside any transaction (an MDB without a container transaction). */
    interface Outside {
        boolean run(ConnectionPool.SqlWork<Boolean> work) throws SQLException;
    }

    private LazyBranchDelivery() {
    }

    /**
     * @param current the row as the settlement must match it (the lease form's latest token)
     * @param outside where an MDB without a container transaction is settled
     */
    static Ended deliver(Subscription subscription, LazyBranch branch, ClaimedRow row, UnaryOperator<ClaimedRow> current,
            Outside outside) throws SQLException, ResourceException {
        boolean settled = false;
        String error = "the transaction rolled back";
        try (ListenerEndpoint endpoint = ListenerEndpoint.create(subscription, branch)) {
            endpoint.before();
            try {
                ListenerEndpoint.Invocation invocation = endpoint.invoke(row);
                if (invocation.failed()) {
                    error = invocation.error();
                } else if (subscription.isMarkedRollback()) {
                    error = "the MDB marked the transaction rollback-only";
                } else {
                    settled = settle(subscription, branch, current.apply(row), invocation.outcome(), outside);
                }
                if (!settled) {
                    branch.markRollbackOnly();
                }
            } catch (SQLException | ResourceException | RuntimeException e) {
                branch.markRollbackOnly();
                throw e;
            } finally {
                endpoint.after(row.id(), settled);
            }
        }
        boolean committed = subscription.isDeliveryTransacted()
                ? branch.ending().orElse(LazyBranch.Ending.ROLLED_BACK) == LazyBranch.Ending.COMMITTED
                : settled;
        return new Ended(settled, committed, error);
    }

    private static boolean settle(Subscription subscription, LazyBranch branch, ClaimedRow row, Outcome outcome,
            Outside outside) throws SQLException, ResourceException {
        if (!subscription.isDeliveryTransacted()) {
            return outside.run(c -> subscription.settlement().settle(c, row, outcome));
        }
        ListenerEndpoint.requireEnlisted(branch.isEnlisted());
        WorkerConnection connection;
        try {
            connection = branch.open();
        } catch (SQLException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new ResourceException("cannot start the settlement's XA branch", e);
        }
        return subscription.settlement().settle(connection, row, outcome);
    }
}
