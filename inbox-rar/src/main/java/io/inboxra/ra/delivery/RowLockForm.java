package io.inboxra.ra.delivery;

import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.connection.SubscriptionStatements;
import io.inboxra.ra.settlement.FailureRecords;
import io.inboxra.ra.settlement.QueuedRecords;
import io.inboxra.ra.xa.DeliveryBranch;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The row lock form: the claim's own branch holds its rows. The claim runs in the delivery's
 * branch, on the worker's connection, once the transaction has begun: up to {@code batchSize}
 * rows under lock ({@code FOR UPDATE SKIP LOCKED}), each FIFO group guarded (a row whose group
 * another transaction holds is left out; with a {@code groupConcurrency} above 1, a row whose group's
 * slots other transactions hold), and the connection is lent to the listener, so that its
 * writes through the producer factory commit in one phase with the settlement. A lone row's
 * failure is recorded as the branch rolls back ({@link BranchFailure}), before its lock is let
 * go; a batch that rolled back is delivered one row at a time, by as many single claims as it
 * held (no lock of the worker's holds its rows between transactions: it takes whichever come).
 */
final class RowLockForm implements ClaimForm {

    private final DeliveryContext context;
    private final SubscriptionStatements statements;
    private final FailureRecords records;
    private final QueuedRecords queued;
    private final DeliveryTally tally;
    private final Bindings one;
    private final Bindings batch;
    private final String savepoint;
    private final String rollbackToSavepoint;
    /** The groups (or groups' slots) this transaction took, as their guard was bound. */
    private final List<Bindings> groupsTaken = new ArrayList<>();
    /** {@code groupConcurrency}: the slots of a FIFO group; 1, the group itself. */
    private final int slots;
    private DatabaseConnection connection;
    private DeliveryBranch<DatabaseConnection> branch;
    private boolean idle = true;
    /**
     * Whether this worker has run a claim in a transaction yet. Its first turn does, without the
     * probe, whether or not a row is there: the server's first transaction (Payara initialises
     * its transaction service then), the MDB's first instances, the enlistment on this connection
     * and the claim's first execution on it are paid as the subscription starts, not by the first
     * row delivered. An empty claim's transaction commits nothing, as when another worker took the
     * row a probe saw.
     */
    private boolean claimedOnce;
    private int limit;
    /** Single claims owed by a batch that rolled back. */
    private int owed;

    RowLockForm(DeliveryContext context, DeliveryTally tally) {
        this.context = context;
        this.statements = context.statements();
        this.records = context.failures();
        this.tally = tally;
        this.one = context.bindings().limit(1);
        this.batch = context.bindings().limit(context.settings().batchSize());
        this.slots = context.settings().table().groupConcurrency();
        this.savepoint = context.dialect().claimSavepoint().sql();
        this.rollbackToSavepoint = records.areKept() ? context.dialect().rollbackToClaimSavepoint().sql() : null;
        this.queued = new QueuedRecords(context.name(), context.connections(), context.dialect(), statements,
                context.bindings(), records, context.background());
    }

    /**
     * A cheap look outside any transaction while idle, so that idle workers begin no container
     * transactions; but the worker's first turn claims in one at once ({@link #claimedOnce}). The
     * branch is the worker's own, on its connection: kept from one delivery to the next.
     */
    @Override
    public DeliveryBranch<DatabaseConnection> prepare(boolean transacted) throws SQLException {
        DatabaseConnection c = connection();
        limit = owed > 0 || !transacted ? 1 : context.settings().batchSize();
        if (!claimedOnce) {
            claimedOnce = true;
            return branch;
        }
        return !idle || statements.probe().isEmpty() || c.exists(statements.probe().get(), one) ? branch : null;
    }

    @Override
    public List<ClaimedRow> claim(DeliveryBranch<DatabaseConnection> branch) throws SQLException {
        Bindings bindings = limit == 1 ? one : batch;
        // A row left out (set aside meanwhile, or its group full) stays locked by this transaction until it
        // ends: GuardedClaim says what that costs.
        List<ClaimedRow> rows = branch.run(c -> GuardedClaim.claim(context.failingRows(), c, statements.claim(),
                bindings, row -> { }, this::guarded));
        idle = rows.isEmpty();
        if (!idle) {
            // The claim's transaction stays open while the listener runs: the gauge counts it until the turn ends.
            context.openClaims().opened();
        }
        if (owed > 0) {
            // Nothing claimable: the failed batch's rows are gone (or not due); batches again.
            owed = rows.isEmpty() ? 0 : owed - 1;
        }
        return rows;
    }

    /**
     * With FIFO groups: the claimed rows whose group this transaction took, or (with a
     * {@code groupConcurrency} above 1) one of whose group's slots it took.
     */
    private List<ClaimedRow> guarded(DatabaseConnection c, List<ClaimedRow> claimed) throws SQLException {
        if (statements.fifoGuard().isEmpty()) {
            return claimed;
        }
        List<ClaimedRow> taken = new ArrayList<>(claimed.size());
        for (ClaimedRow row : claimed) {
            if (row.group() == null) {
                // No group (an empty FIFO column, a keyless row): nothing to keep in order, and the guard
                // of a NULL group answers NULL, which would leave the row unclaimed for ever.
                taken.add(row);
            } else if (slots == 1) {
                if (ClaimedRow.isYes(c.first(statements.fifoGuard().get(), one.row(row)))) {
                    taken.add(row);
                    groupsTaken.add(one.row(row));
                }
            } else {
                Bindings slot = GroupSlots.takeFree(c, statements.fifoGuard().get(), one, slots, row, groupsTaken);
                if (slot != null) {
                    taken.add(row);
                    groupsTaken.add(slot);
                }
            }
        }
        return taken;
    }

    /** A savepoint right after the claim, where the table records failures: the record goes back to it. */
    @Override
    public BranchFailure armFailure(DeliveryBranch<DatabaseConnection> branch, ClaimedRow row) throws SQLException {
        if (rollbackToSavepoint != null) {
            branch.run(c -> c.execute(savepoint));
        }
        return new BranchFailure(row, context.failingRows(), records, queued, tally, rollbackToSavepoint);
    }

    @Override
    public Connection lent() {
        return connection.connection();
    }

    /** A guard that outlives the transaction (a named lock) is let go only now, after it. */
    @Override
    public void transactionEnded() throws SQLException {
        try {
            if (statements.fifoRelease().isPresent()) {
                for (Bindings held : groupsTaken) {
                    connection.first(statements.fifoRelease().get(), held);
                }
            }
        } finally {
            groupsTaken.clear();
        }
    }

    /**
     * The failure was recorded as the branch rolled back, with all the rollback knew; a settled
     * row whose commit failed has its dead letter told why, now that the commit's exception did.
     */
    @Override
    public void failed(ClaimedRow row, String reason, boolean settled) throws SQLException {
        if (settled && rollbackToSavepoint != null && reason != null) {
            tally.amended(row, reason);
            records.amendReason(connection, row, reason);
        }
    }

    @Override
    public void again(List<ClaimedRow> rows) {
        owed = rows.size();
    }

    @Override
    public void release(List<ClaimedRow> gone) {
        // Nothing outlives the transaction but the FIFO guards, let go as it ended.
    }

    @Override
    public void abandon() {
        groupsTaken.clear();
    }

    private DatabaseConnection connection() throws SQLException {
        if (connection == null) {
            connection = context.connections().connect();
            branch = new DeliveryBranch<>(new WorkersOwnConnection(connection), context.connections().finisher());
        }
        return connection;
    }

    @Override
    public void connect() throws SQLException {
        connection();
    }

    @Override
    public boolean isBroken() {
        return connection != null && connection.isBroken();
    }

    @Override
    public void disconnect() {
        if (connection != null) {
            context.connections().disconnect(connection);
            connection = null;
            branch = null;
        }
    }

    @Override
    public void pause() {
    }

    @Override
    public void close() {
        disconnect();
    }
}
