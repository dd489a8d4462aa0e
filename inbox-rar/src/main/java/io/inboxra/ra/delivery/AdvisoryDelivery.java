package io.inboxra.ra.delivery;

import io.inboxra.ra.xa.DeliveryBranch;
import jakarta.resource.ResourceException;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.List;

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
        ClaimedRow locked = claimed.get(0);
        try {
            // The snapshot that found the row may be older than another session's settlement or
            // failure record: deliver the row as it is now, if it is still claimable.
            List<ClaimedRow> fresh = c.claim(statements.recheck().orElseThrow(), bindings.row(locked));
            if (fresh.isEmpty()) {
                return Result.EMPTY;
            }
            return deliver(c, fresh.get(0).lockedBy(locked));
        } finally {
            unlock(c, locked);
        }
    }

    private Result deliver(WorkerConnection c, ClaimedRow row) throws SQLException, ResourceException {
        DeliveryBranch<WorkerConnection> branch = new DeliveryBranch<>(new WorkersOwnConnection(c), subscription.finisher());
        // A ResourceException here (no MDB instance free) reached no listener: the lock is let go, nothing counted.
        LazyBranchDelivery.Ended ended = LazyBranchDelivery.deliver(subscription, branch, row, () -> row,
                c::inTransaction);
        if (!ended.committed() && subscription.settlement().recordsFailures() && !c.isBroken()) {
            // The session lock still holds the row: the failure is counted before anyone else can claim it.
            c.inTransaction(tx -> subscription.settlement().recordFailure(tx, row, ended.error()));
        }
        ended.rethrowTrouble();
        return ended.committed() ? Result.DELIVERED : Result.FAILED;
    }

    private void unlock(WorkerConnection c, ClaimedRow row) throws SQLException {
        Object released = c.first(statements.unlock().orElseThrow(), bindings.row(row));
        if (!ClaimedRow.isYes(released)) {
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
    public boolean isBroken() {
        return connection != null && connection.isBroken();
    }

    @Override
    public void close() {
        disconnect();
    }
}
