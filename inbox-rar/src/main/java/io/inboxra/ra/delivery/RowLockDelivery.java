package io.inboxra.ra.delivery;

import io.inboxra.ra.xa.BranchResource;
import io.inboxra.ra.xa.LazyBranch;
import jakarta.resource.ResourceException;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * One worker in the row lock form. A delivery, top to bottom: create the endpoint with the
 * worker's XA resource, {@code beforeDelivery} (the container begins the transaction and
 * enlists the resource, which starts the branch on the worker's connection), claim a row under
 * lock in that branch (and its FIFO group), invoke the listener, settle in the same branch (or
 * record the failure there), {@code afterDelivery} (the container commits or rolls back),
 * release.
 */
final class RowLockDelivery implements FormDelivery {

    private static final String SAVEPOINT = "SAVEPOINT inbox_claimed";
    private static final String ROLLBACK_TO_SAVEPOINT = "ROLLBACK TO SAVEPOINT inbox_claimed";

    private final Subscription subscription;
    private final SubscriptionStatements statements;
    private final Bindings bindings;
    private final boolean recordsFailures;
    private WorkerConnection connection;
    private BranchResource branch;
    private boolean idle = true;

    RowLockDelivery(Subscription subscription) {
        this.subscription = subscription;
        this.statements = subscription.statements();
        this.bindings = Bindings.of(subscription.settings().queue()).limit(1);
        this.recordsFailures = subscription.settlement().recordsFailures();
    }

    @Override
    public Result deliverNext() throws SQLException, ResourceException {
        WorkerConnection c = connection();
        // A cheap look outside any transaction, so that idle workers open no container transactions;
        // under load (the last turn delivered) it would only cost a round trip.
        if (idle && statements.probe().isPresent() && !c.exists(statements.probe().get(), bindings)) {
            return Result.EMPTY;
        }
        try (ListenerEndpoint endpoint = ListenerEndpoint.create(subscription, branch)) {
            Result result = subscription.isDeliveryTransacted()
                    ? inContainerTransaction(endpoint, c)
                    : inLocalTransaction(endpoint, c);
            idle = result == Result.EMPTY;
            return result;
        }
    }

    private Result inContainerTransaction(ListenerEndpoint endpoint, WorkerConnection c)
            throws SQLException, ResourceException {
        endpoint.before();
        Optional<ClaimedRow> row = Optional.empty();
        boolean settled = false;
        boolean recorded = false;
        boolean groupTaken = false;
        ListenerEndpoint.Invocation invocation = null;
        try {
            ListenerEndpoint.requireEnlisted(branch.isStarted());
            row = claim(c);
            if (row.isEmpty()) {
                return Result.EMPTY;
            }
            groupTaken = takeGroup(c, row.get());
            if (!groupTaken) {
                return Result.EMPTY;
            }
            if (recordsFailures) {
                c.execute(SAVEPOINT);
            }
            invocation = endpoint.invoke(row.get());
            if (invocation.failed() || subscription.isMarkedRollback()) {
                recorded = recordFailure(c, row.get(), invocation);
                return Result.FAILED;
            }
            settled = subscription.settlement().settle(c, row.get(), invocation.outcome());
            if (!settled) {
                branch.markRollbackOnly();
            }
            return settled ? Result.DELIVERED : Result.FAILED;
        } catch (SQLException | RuntimeException e) {
            branch.markRollbackOnly();
            throw e;
        } finally {
            endpoint.after(row.map(ClaimedRow::id).orElse(null), settled);
            if (groupTaken && statements.fifoRelease().isPresent()) {
                // A guard that outlives the transaction (a named lock) is let go only now, after it.
                c.first(statements.fifoRelease().get(), bindings.row(row.get()));
            }
            if (settled && !recorded && recordsFailures && branch.ending().orElse(null) == LazyBranch.Ending.ROLLED_BACK) {
                // Rolled back after the listener returned (a timeout, a failed commit): counted now, on its own.
                subscription.settlement().recordFailure(c, row.get(), "the transaction rolled back");
            }
        }
    }

    /** With FIFO groups: take the row's group for this transaction, or leave the row to the group's holder. */
    private boolean takeGroup(WorkerConnection c, ClaimedRow row) throws SQLException {
        return statements.fifoGuard().isEmpty() || ClaimedRow.isYes(c.first(statements.fifoGuard().get(), bindings.row(row)));
    }

    /**
     * The listener failed, or marked the transaction rollback-only: the branch goes back to just
     * after the claim, records the failure, and is kept, so the lock is released only with the
     * failure counted. Without a record to write, the branch simply votes rollback.
     */
    private boolean recordFailure(WorkerConnection c, ClaimedRow row, ListenerEndpoint.Invocation invocation)
            throws SQLException {
        if (recordsFailures) {
            c.execute(ROLLBACK_TO_SAVEPOINT);
            String error = invocation.failed() ? invocation.error() : "the MDB marked the transaction rollback-only";
            if (subscription.settlement().recordFailure(c, row, error)) {
                branch.keep();
                return true;
            }
        }
        branch.markRollbackOnly();
        return false;
    }

    /** A listener without a container transaction (bean-managed, NOT_SUPPORTED): the adapter's own. */
    private Result inLocalTransaction(ListenerEndpoint endpoint, WorkerConnection c)
            throws SQLException, ResourceException {
        Connection local = c.connection();
        endpoint.before();
        boolean committed = false;
        try {
            local.setAutoCommit(false);
            Optional<ClaimedRow> row = claim(c);
            if (row.isEmpty()) {
                return Result.EMPTY;
            }
            ListenerEndpoint.Invocation invocation = endpoint.invoke(row.get());
            if (invocation.failed() || !subscription.settlement().settle(c, row.get(), invocation.outcome())) {
                return Result.FAILED;
            }
            local.commit();
            committed = true;
            return Result.DELIVERED;
        } finally {
            try {
                if (!committed) {
                    local.rollback();
                }
                local.setAutoCommit(true);
            } finally {
                endpoint.after(null, committed);
            }
        }
    }

    private Optional<ClaimedRow> claim(WorkerConnection c) throws SQLException {
        List<ClaimedRow> rows = c.claim(statements.claim(), bindings);
        return rows.stream().findFirst();
    }

    private WorkerConnection connection() throws SQLException {
        if (connection == null) {
            connection = subscription.connect();
            branch = new BranchResource(connection.xaResource());
        }
        return connection;
    }

    @Override
    public void disconnect() {
        if (connection != null) {
            subscription.disconnect(connection);
            connection = null;
            branch = null;
        }
    }

    @Override
    public void close() {
        disconnect();
    }
}
