package io.inboxra.ra.delivery;

import io.inboxra.Outcome;
import io.inboxra.ra.xa.LazyBranch;
import jakarta.resource.ResourceException;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.List;
import javax.transaction.xa.XAResource;

/**
 * One worker in the advisory lock form, on a connection of its own. A delivery, top to
 * bottom: claim a row, taking a session lock on its key (no transaction stays open), re-check
 * that the row is still there, create the endpoint with a lazy XA resource,
 * {@code beforeDelivery}, invoke the listener, settle (the branch starts now, on the same
 * connection), {@code afterDelivery}, and release the lock once the transaction has ended.
 */
final class AdvisoryDelivery implements FormDelivery {

    private static final Logger LOG = System.getLogger(AdvisoryDelivery.class.getName());

    private final Subscription subscription;
    private final SubscriptionStatements statements;
    private final Bindings bindings;
    private WorkerConnection connection;

    AdvisoryDelivery(Subscription subscription) {
        this.subscription = subscription;
        this.statements = subscription.statements();
        this.bindings = Bindings.of(subscription.settings().queue()).limit(1);
    }

    @Override
    public Result deliverNext() throws SQLException, ResourceException {
        WorkerConnection c = connection();
        List<ClaimedRow> claimed = c.claim(statements.claim(), bindings);
        if (claimed.isEmpty()) {
            return Result.EMPTY;
        }
        ClaimedRow row = claimed.get(0);
        try {
            // The snapshot that found the row may be older than another session's settlement.
            if (!c.exists(statements.recheck().orElseThrow(), bindings.row(row))) {
                return Result.EMPTY;
            }
            return deliver(c, row);
        } finally {
            unlock(c, row);
        }
    }

    private Result deliver(WorkerConnection c, ClaimedRow row) throws SQLException, ResourceException {
        LazyBranch branch = new LazyBranch(new SameConnection(c));
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
                    settled = settle(branch, c, row, invocation.outcome());
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
        if (!committed && subscription.settlement().recordsFailures()) {
            // The session lock still holds the row: the failure is counted before anyone else can claim it.
            subscription.settlement().recordFailure(c, row, error);
        }
        return committed ? Result.DELIVERED : Result.FAILED;
    }

    private boolean settle(LazyBranch branch, WorkerConnection c, ClaimedRow row, Outcome outcome)
            throws SQLException, ResourceException {
        if (!subscription.isDeliveryTransacted()) {
            return subscription.settlement().settle(c, row, outcome);
        }
        if (!branch.isEnlisted()) {
            throw new ResourceException("the container did not enlist the adapter's XA resource in the delivery's"
                    + " transaction; check that the MDB's onMessage is container-managed with REQUIRED");
        }
        try {
            branch.open();
        } catch (Exception e) {
            throw new ResourceException("cannot start the settlement's XA branch", e);
        }
        return subscription.settlement().settle(c, row, outcome);
    }

    private void unlock(WorkerConnection c, ClaimedRow row) throws SQLException {
        Object released = c.first(statements.unlock().orElseThrow(), bindings.row(row));
        if (!Boolean.TRUE.equals(released)) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription.name() + "': the advisory lock of row "
                    + row.id() + " was not held when it was released");
        }
    }

    private WorkerConnection connection() throws SQLException {
        if (connection == null) {
            connection = subscription.connect();
        }
        return connection;
    }

    @Override
    public void disconnect() {
        if (connection != null) {
            subscription.disconnect(connection);
            connection = null;
        }
    }

    @Override
    public void close() {
        disconnect();
    }

    /** The branch runs on the worker's own connection: the one that holds the lock. */
    private record SameConnection(WorkerConnection connection) implements LazyBranch.Connections<WorkerConnection> {
        @Override
        public WorkerConnection acquire() {
            return connection;
        }

        @Override
        public XAResource resource(WorkerConnection c) throws SQLException {
            return c.xaResource();
        }

        @Override
        public void release(WorkerConnection c) {
            // The worker keeps it.
        }
    }
}
