package io.inboxra.ra.delivery;

import io.inboxra.Outcome;
import io.inboxra.dialect.Statement;
import io.inboxra.ra.outbound.SharedBranch;
import io.inboxra.ra.xa.DeliveryBranch;
import io.inboxra.ra.xa.Ending;
import io.inboxra.ra.xa.TransactionEndedException;
import jakarta.resource.ResourceException;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One worker in the row lock form with a {@code batchSize} above 1. A delivery, top to bottom:
 * create the endpoint with the worker's XA resource, {@code beforeDelivery}, claim up to
 * {@code batchSize} rows under lock in the branch with one statement (with FIFO groups the claim
 * returns only the groups' heads; each group is guarded, and a row whose group another
 * transaction holds is left out), invoke the listener (an {@code InboxListener} once per row, an
 * {@code InboxBatchListener} once), settle in the same branch (the acknowledged rows with one
 * statement, a retry or dead letter row by row), {@code afterDelivery}, and read the outcome off
 * the adapter's own resource.
 *
 * <p>A batch that fails in any way (the listener, an outcome that cannot be settled, a rollback,
 * a failed commit) rolls back whole and counts no attempt on its rows. The worker then delivers
 * one row at a time ({@link RowLockDelivery}, which counts the failure and dead-letters at
 * {@code maxAttempts} as always) until it has delivered as many rows as the failed batch held,
 * then claims batches again: one poison row costs its neighbours a redelivery, not their
 * progress. An MDB without a container transaction is always delivered one row at a time.
 */
final class RowLockBatchDelivery implements FormDelivery {

    private final DeliveryContext context;
    private final RowLockDelivery single;
    private final SubscriptionStatements statements;
    private final Settlement settlement;
    private final Endpoints endpoints;
    private final Bindings claimBindings;
    private final Bindings bindings;
    private final Map<Integer, Statement> settleAll = new HashMap<>();
    private final List<ClaimedRow> groupsTaken = new ArrayList<>();
    private int singlesOwed;
    private boolean idle = true;

    RowLockBatchDelivery(DeliveryContext context) {
        this.context = context;
        this.single = new RowLockDelivery(context);
        this.statements = context.statements();
        this.settlement = context.settlement();
        this.endpoints = context.endpoints();
        this.bindings = context.bindings().limit(1);
        this.claimBindings = context.bindings().limit(context.settings().batchSize());
    }

    @Override
    public Result deliverNext() throws SQLException, ResourceException {
        if (singlesOwed > 0 || !endpoints.isTransacted()) {
            Result result = single.deliverNext();
            // Nothing claimable: the failed batch's rows are gone (or not due); batches again.
            singlesOwed = result == Result.EMPTY ? 0 : Math.max(0, singlesOwed - 1);
            return result;
        }
        WorkerConnection c = single.connection();
        if (idle && statements.probe().isPresent() && !c.exists(statements.probe().get(), bindings)) {
            return Result.EMPTY;
        }
        Result result = inContainerTransaction(c, single.branch());
        idle = result == Result.EMPTY;
        return result;
    }

    /**
     * The delivery of a batch, top to bottom, in the MDB's container transaction: endpoint,
     * before, claim (and the rows' FIFO groups), invoke, settle, after, and the outcome as the
     * adapter's own resource saw it.
     */
    private Result inContainerTransaction(WorkerConnection c, DeliveryBranch<WorkerConnection> branch)
            throws SQLException, ResourceException {
        List<ClaimedRow> rows = List.of();
        List<Outcome> outcomes = null;
        boolean settled = false;
        groupsTaken.clear();
        try (ListenerEndpoint endpoint = endpoints.create(branch)) {
            endpoint.before();
            try {
                ListenerEndpoint.requireEnlisted(branch.isEnlisted());
                List<ClaimedRow> claimed = branch.run(w -> w.claim(statements.claim(), claimBindings));
                rows = branch.run(w -> guarded(w, claimed));
                if (rows.isEmpty()) {
                    return Result.EMPTY;
                }
                List<ClaimedRow> delivered = rows;
                // As for one row: the claim's connection is lent to the listener (the producer factory's connection).
                ListenerEndpoint.Batch batch = SharedBranch.during(context.settings().dataSource(), c.connection(),
                        () -> endpoint.invokeAll(delivered));
                String failure;
                if (batch.failed()) {
                    failure = batch.error();
                } else if (!endpoints.transaction().isActive()) {
                    failure = endpoints.transaction().describe();
                } else {
                    outcomes = batch.outcomes();
                    failure = settle(c, branch, rows, outcomes);
                    settled = failure == null;
                }
                if (!settled) {
                    branch.markRollbackOnly();
                    context.counters().error("a batch of " + rows.size() + " rows: " + failure
                            + "; delivered again one at a time");
                }
            } catch (SQLException | ResourceException | RuntimeException | Error e) {
                branch.markRollbackOnly();
                throw e;
            } finally {
                endpoint.afterBatch(rows, settled);
                releaseGroups(c);
            }
        }
        boolean committed = settled && branch.ending().orElse(null) == Ending.COMMITTED;
        if (settled) {
            for (int i = 0; i < rows.size(); i++) {
                settlement.counted(rows.get(i), outcomes.get(i), committed);
            }
        }
        if (!committed) {
            // Uncounted in the table: each row's single delivery counts its own failure, if it fails again.
            singlesOwed = rows.size();
            // The operators' count is per row: the worker counts the turn's first, here the others.
            for (int i = 1; i < rows.size(); i++) {
                context.counters().failed();
            }
        }
        return committed ? Result.DELIVERED : Result.FAILED;
    }

    /**
     * With FIFO groups: the claimed rows (the heads of their groups) whose group this
     * transaction took; the others are left to their group's holder.
     */
    private List<ClaimedRow> guarded(WorkerConnection c, List<ClaimedRow> claimed) throws SQLException {
        if (statements.fifoGuard().isEmpty()) {
            return claimed;
        }
        List<ClaimedRow> taken = new ArrayList<>();
        for (ClaimedRow row : claimed) {
            if (ClaimedRow.isYes(c.first(statements.fifoGuard().get(), bindings.row(row)))) {
                taken.add(row);
                groupsTaken.add(row);
            }
        }
        return taken;
    }

    /** A guard that outlives the transaction (a named lock) is let go only after it. */
    private void releaseGroups(WorkerConnection c) throws SQLException {
        if (statements.fifoRelease().isPresent()) {
            for (ClaimedRow row : groupsTaken) {
                c.first(statements.fifoRelease().get(), bindings.row(row));
            }
        }
        groupsTaken.clear();
    }

    /**
     * Settles the batch in the branch: a retry or dead letter row by row, then the acknowledged
     * rows with one statement.
     *
     * @return null when every row was settled, otherwise why not (a lost connection is thrown)
     */
    private String settle(WorkerConnection c, DeliveryBranch<WorkerConnection> branch, List<ClaimedRow> rows,
            List<Outcome> outcomes) throws SQLException {
        List<ClaimedRow> acked = new ArrayList<>();
        try {
            for (int i = 0; i < rows.size(); i++) {
                ClaimedRow row = rows.get(i);
                Outcome outcome = outcomes.get(i);
                if (outcome instanceof Outcome.Ack) {
                    acked.add(row);
                } else if (!branch.run(w -> settlement.settle(w, row, outcome))) {
                    return "the outcome of row " + row.id() + " could not be settled";
                }
            }
            if (!acked.isEmpty() && !branch.run(w -> settlement.settleAcks(w, acked, settleAll(acked.size())))) {
                return "the settlement of the acknowledged rows changed another number of rows";
            }
            return null;
        } catch (TransactionEndedException e) {
            return endpoints.transaction().describe();
        } catch (SQLException e) {
            if (!c.isValid()) {
                throw e;
            }
            settlement.failed(rows, e);
            return "the settlement failed: " + e.getMessage();
        }
    }

    private Statement settleAll(int rows) {
        return settleAll.computeIfAbsent(rows, n -> context.dialect().settleAll(context.settings().table(), n));
    }

    @Override
    public void disconnect() {
        single.disconnect();
    }

    @Override
    public boolean isBroken() {
        return single.isBroken();
    }

    @Override
    public void close() {
        single.close();
    }
}
