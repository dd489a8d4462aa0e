package io.inboxra.ra.delivery;

import io.inboxra.Outcome;
import io.inboxra.ra.xa.DeliveryBranch;
import io.inboxra.ra.xa.Ending;
import io.inboxra.ra.xa.TransactionEndedException;
import jakarta.resource.ResourceException;

import java.sql.SQLException;
import java.util.function.Supplier;

/**
 * The part of a delivery the lease and advisory lock forms share, top to bottom: create the
 * endpoint with the delivery's XA resource, {@code beforeDelivery}, invoke the listener, settle
 * (the branch starts now, on the connection the form gives), {@code afterDelivery}, and read the
 * outcome off the adapter's own resource. The row stays held by the form (lease, session lock)
 * until the caller has recorded a failure and lets it go.
 */
final class LazyBranchDelivery {

    /**
     * How a delivery that reached the listener ended.
     *
     * @param committed whether its settlement committed
     * @param error why not, for the failure's record
     * @param trouble a database failure to report once the failure is recorded, or null
     */
    record Ended(boolean committed, String error, SQLException trouble) {
        void rethrowTrouble() throws SQLException {
            if (trouble != null) {
                throw trouble;
            }
        }
    }

    /** Runs a settlement in a local transaction of its own (an MDB without a container transaction). */
    interface Outside {
        boolean settle(ConnectionPool.SqlWork<Boolean> work) throws SQLException;
    }

    private LazyBranchDelivery() {
    }

    /**
     * @param settleAs the row as the settlement must match it, read when the settlement runs (the
     *        lease form stops its heartbeat then and takes the last fencing token)
     * @throws ResourceException when no endpoint could be had or its transaction begun: the
     *         listener was not reached, and the delivery counts as no attempt
     */
    static Ended deliver(Subscription subscription, DeliveryBranch<WorkerConnection> branch, ClaimedRow row,
            Supplier<ClaimedRow> settleAs, Outside outside) throws ResourceException {
        boolean settled = false;
        String error = "the transaction rolled back";
        SQLException trouble = null;
        try (ListenerEndpoint endpoint = ListenerEndpoint.create(subscription, branch)) {
            endpoint.before();
            try {
                ListenerEndpoint.Invocation invocation = endpoint.invoke(row);
                if (invocation.failed()) {
                    error = invocation.error();
                } else if (subscription.isDeliveryTransacted() && !subscription.isTransactionActive()) {
                    error = subscription.transactionState();
                } else {
                    settled = settle(subscription, branch, settleAs.get(), invocation.outcome(), outside);
                    if (!settled) {
                        error = "the settlement changed no row (the lease was lost)";
                    }
                }
            } catch (TransactionEndedException e) {
                error = subscription.transactionState();
            } catch (StatementFailed e) {
                subscription.settlement().failed(row, e.getCause());
                error = "the settlement failed: " + e.getCause().getMessage();
            } catch (SQLException e) {
                trouble = e;
                error = "the database failed: " + e.getMessage();
            } catch (RuntimeException | Error e) {
                branch.markRollbackOnly();
                throw e;
            } finally {
                if (!settled) {
                    branch.markRollbackOnly();
                }
                endpoint.after(row.id(), settled);
            }
        }
        boolean committed = subscription.isDeliveryTransacted()
                ? settled && branch.ending().orElse(null) == Ending.COMMITTED
                : settled;
        return new Ended(committed, error, trouble);
    }

    private static boolean settle(Subscription subscription, DeliveryBranch<WorkerConnection> branch, ClaimedRow row,
            Outcome outcome, Outside outside) throws SQLException, ResourceException {
        ConnectionPool.SqlWork<Boolean> settlement = c -> StatementFailed.classify(c,
                () -> subscription.settlement().settle(c, row, outcome));
        if (!subscription.isDeliveryTransacted()) {
            return outside.settle(settlement);
        }
        ListenerEndpoint.requireEnlisted(branch.isEnlisted());
        return branch.run(settlement::run);
    }
}
