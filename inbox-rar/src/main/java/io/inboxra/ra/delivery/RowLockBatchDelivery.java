package io.inboxra.ra.delivery;

import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.SubscriptionStatements;
import io.inboxra.ra.connection.DatabaseConnection;

import io.inboxra.ra.xa.DeliveryBranch;
import jakarta.resource.ResourceException;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * One worker in the row lock form with a {@code batchSize} above 1. Each batch is a
 * {@link BatchTurn}: in the MDB's transaction, the worker's XA resource claims up to
 * {@code batchSize} rows under lock in the branch with one statement (with FIFO groups the claim
 * returns only the groups' heads; each group is guarded, and a row whose group another
 * transaction holds is left out), the listener is invoked with the claim's connection lent as
 * the producer factory's, and the rows are settled in the same branch.
 *
 * <p>A batch that did not commit counted no attempt on its rows. The worker then delivers one row
 * at a time ({@link RowLockDelivery}, which counts the failure and dead-letters at
 * {@code maxAttempts} as always) until it has delivered as many rows as the failed batch held
 * (the rows are under no lock of the worker's between transactions, so it takes whichever come
 * next), then claims batches again. An MDB without a container transaction is always delivered
 * one row at a time.
 */
public final class RowLockBatchDelivery implements FormDelivery {

    private final DeliveryContext context;
    private final RowLockDelivery single;
    private final SubscriptionStatements statements;
    private final Endpoints endpoints;
    private final BatchTurn turn;
    private final Bindings claimBindings;
    private final Bindings bindings;
    private final List<ClaimedRow> groupsTaken = new ArrayList<>();
    private int singlesOwed;
    private boolean idle = true;

    public RowLockBatchDelivery(DeliveryContext context) {
        this.context = context;
        this.single = new RowLockDelivery(context);
        this.statements = context.statements();
        this.endpoints = context.endpoints();
        this.turn = new BatchTurn(context);
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
        DatabaseConnection c = single.connection();
        if (idle && statements.probe().isPresent() && !c.exists(statements.probe().get(), bindings)) {
            return Result.EMPTY;
        }
        groupsTaken.clear();
        BatchTurn.Delivered delivered = turn.deliver(single.branch(), new RowLockBatch(c));
        // Uncounted in the table: each row's single delivery counts its own failure, if it fails again.
        singlesOwed = delivered.again().size();
        idle = delivered.result() == Result.EMPTY;
        return delivered.result();
    }

    /** The row lock form's part of a batch: the claim under lock in the branch, the claim's connection lent. */
    private final class RowLockBatch implements BatchTurn.Form {
        private final DatabaseConnection connection;

        RowLockBatch(DatabaseConnection connection) {
            this.connection = connection;
        }

        @Override
        public List<ClaimedRow> claim(DeliveryBranch<DatabaseConnection> branch) throws SQLException {
            List<ClaimedRow> claimed = context.failingRows().notSetAside(
                    branch.run(w -> context.failingRows().claim(w, statements.claim(), claimBindings)), row -> { });
            return branch.run(w -> guarded(w, claimed));
        }

        @Override
        public java.util.function.Consumer<String> countFailureOfLoneRow(DeliveryBranch<DatabaseConnection> branch,
                ClaimedRow row) throws SQLException {
            return single.countFailureOf(row);
        }

        @Override
        public java.sql.Connection lent() {
            // As for one row: the claim's connection is lent to the listener (the producer factory's connection).
            return connection.connection();
        }

        @Override
        public void ended() throws SQLException {
            releaseGroups(connection);
        }
    }

    /**
     * With FIFO groups: the claimed rows (the heads of their groups) whose group this
     * transaction took; the others are left to their group's holder.
     */
    private List<ClaimedRow> guarded(DatabaseConnection c, List<ClaimedRow> claimed) throws SQLException {
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
    private void releaseGroups(DatabaseConnection c) throws SQLException {
        if (statements.fifoRelease().isPresent()) {
            for (ClaimedRow row : groupsTaken) {
                c.first(statements.fifoRelease().get(), bindings.row(row));
            }
        }
        groupsTaken.clear();
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
