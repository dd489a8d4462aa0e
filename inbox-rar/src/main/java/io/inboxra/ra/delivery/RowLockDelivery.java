package io.inboxra.ra.delivery;

import io.inboxra.Outcome;
import io.inboxra.ra.xa.BranchResource;
import jakarta.resource.ResourceException;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * One worker in the row lock form. A delivery, top to bottom: create the endpoint with the
 * worker's XA resource, {@code beforeDelivery} (the container begins the transaction and
 * enlists the resource, which starts the branch on the worker's connection), claim a row under
 * lock in that branch, invoke the listener, settle in the same branch, {@code afterDelivery}
 * (the container commits or rolls back), release.
 */
final class RowLockDelivery implements FormDelivery {

    private final Subscription subscription;
    private final SubscriptionStatements statements;
    private final Bindings bindings;
    private WorkerConnection connection;
    private BranchResource branch;

    RowLockDelivery(Subscription subscription) {
        this.subscription = subscription;
        this.statements = subscription.statements();
        this.bindings = Bindings.of(subscription.settings().queue()).limit(1);
    }

    @Override
    public Result deliverNext() throws SQLException, ResourceException {
        WorkerConnection c = connection();
        // A cheap look outside any transaction, so that idle workers open no container transactions.
        if (statements.probe().isPresent() && !c.exists(statements.probe().get(), bindings)) {
            return Result.EMPTY;
        }
        try (ListenerEndpoint endpoint = ListenerEndpoint.create(subscription, branch)) {
            return subscription.isDeliveryTransacted()
                    ? inContainerTransaction(endpoint, c)
                    : inLocalTransaction(endpoint, c);
        }
    }

    private Result inContainerTransaction(ListenerEndpoint endpoint, WorkerConnection c)
            throws SQLException, ResourceException {
        endpoint.before();
        Optional<ClaimedRow> row = Optional.empty();
        boolean settled = false;
        try {
            if (!branch.isStarted()) {
                // Claiming now would run outside the transaction: the settlement would commit alone.
                throw new ResourceException("the container did not enlist the adapter's XA resource in the"
                        + " delivery's transaction; check that the MDB's onMessage is container-managed"
                        + " with REQUIRED");
            }
            row = claim(c);
            if (row.isEmpty()) {
                return Result.EMPTY;
            }
            Outcome outcome = endpoint.invoke(row.get());
            settled = outcome != null && subscription.settlement().settle(c, row.get(), outcome);
            if (!settled) {
                branch.markRollbackOnly();
            }
            return settled ? Result.DELIVERED : Result.FAILED;
        } catch (SQLException | RuntimeException e) {
            branch.markRollbackOnly();
            throw e;
        } finally {
            endpoint.after(row.map(ClaimedRow::id).orElse(null), settled);
        }
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
            Outcome outcome = endpoint.invoke(row.get());
            if (outcome == null || !subscription.settlement().settle(c, row.get(), outcome)) {
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
