package io.inboxra.ra.delivery;

import io.inboxra.ra.xa.DeliveryBranch;
import jakarta.resource.ResourceException;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.List;

/**
 * One worker in the advisory lock form, on a connection of its own whose session lock holds
 * the row while no transaction is open. A row whose transaction did not commit is counted
 * while the lock still holds it, so it returns at once and never uncounted.
 */
final class AdvisoryDelivery implements FormDelivery {

    private static final Logger LOG = System.getLogger(AdvisoryDelivery.class.getName());

    private final DeliveryContext context;
    private final SubscriptionStatements statements;
    private final Settlement settlement;
    private final Endpoints endpoints;
    private final Bindings bindings;
    private WorkerConnection connection;

    AdvisoryDelivery(DeliveryContext context) {
        this.context = context;
        this.statements = context.statements();
        this.settlement = context.settlement();
        this.endpoints = context.endpoints();
        this.bindings = context.bindings().limit(1);
    }

    /**
     * The delivery, top to bottom: claim a row, taking a session lock on its key, re-read it,
     * endpoint, before, invoke, settle (the branch starts now, on the same connection), after,
     * record a failure while the lock still holds, and release the lock.
     */
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
            ClaimedRow row = fresh.get(0).lockedBy(locked);
            DeliveryBranch<WorkerConnection> branch = new DeliveryBranch<>(new WorkersOwnConnection(c),
                    context.connections().finisher());
            SettleAttempt attempt = SettleAttempt.notSettled();
            // A ResourceException from the endpoint (no MDB instance free) reached no listener: nothing is counted.
            try (ListenerEndpoint endpoint = endpoints.create(branch)) {
                endpoint.before();
                try {
                    ListenerEndpoint.Invocation invocation = endpoint.invoke(row);
                    attempt = SettleAttempt.of(context, branch, row, invocation, c::inTransaction);
                } finally {
                    if (!attempt.settled()) {
                        branch.markRollbackOnly();
                    }
                    endpoint.after(row, attempt.settled());
                }
            }
            boolean committed = attempt.committed(branch, endpoints.isTransacted());
            if (attempt.settled()) {
                settlement.counted(row, attempt.outcome(), committed);
            }
            if (!committed && settlement.recordsFailures() && !c.isBroken()) {
                String error = attempt.error();
                c.inTransaction(tx -> settlement.recordFailure(tx, row, error));
            }
            attempt.rethrowTrouble();
            return committed ? Result.DELIVERED : Result.FAILED;
        } finally {
            unlock(c, locked);
        }
    }

    private void unlock(WorkerConnection c, ClaimedRow row) throws SQLException {
        Object released = c.first(statements.unlock().orElseThrow(), bindings.row(row));
        if (!ClaimedRow.isYes(released)) {
            LOG.log(Level.WARNING, "Inbox subscription '" + context.name() + "': the advisory lock of row "
                    + row.id() + " was not held when it was released");
        }
    }

    private WorkerConnection connection() throws SQLException {
        if (connection == null) {
            connection = context.connections().connect();
        }
        return connection;
    }

    @Override
    public void disconnect() {
        if (connection != null) {
            context.connections().disconnect(connection);
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
