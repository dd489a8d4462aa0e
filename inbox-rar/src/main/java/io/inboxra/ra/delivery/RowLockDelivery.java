package io.inboxra.ra.delivery;

import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.SubscriptionStatements;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.settlement.CountedRollback;
import io.inboxra.ra.settlement.Settlement;

import io.inboxra.ra.outbound.SharedBranch;
import io.inboxra.ra.xa.DeliveryBranch;
import io.inboxra.ra.xa.Ending;
import io.inboxra.ra.xa.TransactionEndedException;
import jakarta.resource.ResourceException;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import javax.transaction.xa.XAException;

/**
 * One worker in the row lock form. A delivery, top to bottom: create the endpoint with the
 * worker's XA resource, {@code beforeDelivery} (the container begins the transaction and
 * enlists it), claim a row under lock in the branch (and its FIFO group), take a savepoint,
 * invoke the listener, settle in the same branch, {@code afterDelivery} (the container commits
 * or rolls back), and read the outcome off the adapter's own resource. A transaction that rolls
 * back for any reason (the listener, a timeout, a failed prepare elsewhere) writes the failure's
 * record into the branch on its way out, so the row's lock is released only with it counted.
 */
public final class RowLockDelivery implements FormDelivery {

    private final DeliveryContext context;
    private final SubscriptionStatements statements;
    private final Settlement settlement;
    private final Endpoints endpoints;
    private final Bindings bindings;
    private final boolean recordsFailures;
    private final String savepoint;
    private final String rollbackToSavepoint;
    private final CountedRollback countedRollback;
    private DatabaseConnection connection;
    private DeliveryBranch<DatabaseConnection> branch;
    private boolean idle = true;

    public RowLockDelivery(DeliveryContext context) {
        this.context = context;
        this.statements = context.statements();
        this.settlement = context.settlement();
        this.endpoints = context.endpoints();
        this.bindings = context.bindings().limit(1);
        this.recordsFailures = settlement.recordsFailures();
        this.savepoint = context.dialect().claimSavepoint().sql();
        this.rollbackToSavepoint = context.dialect().rollbackToClaimSavepoint().sql();
        this.countedRollback = new CountedRollback(context.name(), context.connections(), context.dialect(),
                context.statements(), context.bindings(), settlement, context.background());
    }

    @Override
    public Result deliverNext() throws SQLException, ResourceException {
        DatabaseConnection c = connection();
        // A cheap look outside any transaction, so that idle workers open no container transactions;
        // under load (the last turn delivered) it would only cost a round trip.
        if (idle && statements.probe().isPresent() && !c.exists(statements.probe().get(), bindings)) {
            return Result.EMPTY;
        }
        Result result = endpoints.isTransacted() ? inContainerTransaction(c) : inLocalTransaction(c);
        idle = result == Result.EMPTY;
        return result;
    }

    /**
     * The delivery, top to bottom, in the MDB's container transaction: endpoint, before, claim
     * (and the row's FIFO group), savepoint, invoke, settle, after, and the outcome as the
     * adapter's own resource saw it.
     */
    private Result inContainerTransaction(DatabaseConnection c) throws SQLException, ResourceException {
        Optional<ClaimedRow> row = Optional.empty();
        boolean groupTaken = false;
        boolean settled = false;
        ListenerEndpoint.Invocation invocation = null;
        String notCommitted = null;
        try (ListenerEndpoint endpoint = endpoints.create(branch)) {
            endpoint.before();
            try {
                ListenerEndpoint.requireEnlisted(branch.isEnlisted());
                row = branch.run(this::claim);
                if (row.isEmpty()) {
                    return Result.EMPTY;
                }
                ClaimedRow claimed = row.get();
                groupTaken = branch.run(w -> takeGroup(w, claimed));
                if (!groupTaken) {
                    return Result.EMPTY;
                }
                Failure failure = new Failure(claimed);
                if (recordsFailures) {
                    branch.run(w -> w.execute(savepoint));
                }
                branch.recordFailuresWith(failure);
                // The claim's connection is lent to the listener: its writes through the inbox producer's
                // connection on this database go into this branch, one phase with the settlement.
                // Every call goes through the branch, so nothing of it runs once the transaction has ended.
                invocation = SharedBranch.during(context.settings().dataSource(), c.connection(), branch.loan(),
                        endpoints.transaction()::key, () -> endpoint.invoke(claimed));
                if (invocation.failed()) {
                    failure.because(invocation.error());
                } else if (!endpoints.transaction().isActive()) {
                    failure.because(endpoints.transaction().describe());
                } else {
                    settled = settle(c, claimed, invocation, failure);
                }
                if (!settled) {
                    branch.markRollbackOnly();
                }
            } catch (SQLException | ResourceException | RuntimeException | Error e) {
                branch.markRollbackOnly();
                throw e;
            } finally {
                notCommitted = endpoint.after(row.orElse(null), settled);
                if (groupTaken && statements.fifoRelease().isPresent()) {
                    // A guard that outlives the transaction (a named lock) is let go only now, after it.
                    c.first(statements.fifoRelease().get(), bindings.row(row.get()));
                }
            }
        }
        boolean committed = settled && branch.ending().orElse(null) == Ending.COMMITTED;
        if (settled) {
            settlement.counted(row.get(), invocation.outcome(), committed);
        }
        if (settled && !committed && notCommitted != null && recordsFailures) {
            // The failure was recorded in the rollback, before the commit's exception told why.
            settlement.amendReason(c, row.get(), notCommitted);
        }
        return context.failingRows().after(row.get(), committed);
    }

    /** Settles in the branch; a statement that fails (a constraint) fails the delivery, a lost connection the turn. */
    private boolean settle(DatabaseConnection c, ClaimedRow row, ListenerEndpoint.Invocation invocation,
            Failure failure) throws SQLException {
        try {
            return branch.run(w -> settlement.settle(w, row, invocation.outcome()));
        } catch (TransactionEndedException e) {
            failure.because(endpoints.transaction().describe());
            return false;
        } catch (SQLException e) {
            if (!c.isValid()) {
                throw e;
            }
            settlement.failed(row, e);
            failure.because("the settlement failed: " + e.getMessage());
            return false;
        }
    }

    /** With FIFO groups: take the row's group for this transaction, or leave the row to the group's holder. */
    private boolean takeGroup(DatabaseConnection c, ClaimedRow row) throws SQLException {
        return statements.fifoGuard().isEmpty() || ClaimedRow.isYes(c.first(statements.fifoGuard().get(), bindings.row(row)));
    }

    private Optional<ClaimedRow> claim(DatabaseConnection c) throws SQLException {
        // A row left out stays locked by this transaction until it ends: nobody else takes it meanwhile.
        return context.failingRows().notSetAside(context.failingRows().claim(c, statements.claim(), bindings), row -> { })
                .stream().findFirst();
    }

    /**
     * What a rolled-back delivery of one row records. First, whatever the table, the row is set
     * aside ({@link FailingRows}) while the branch still holds its lock. Then, where the table
     * records failures: never prepared, back to the savepoint after the claim, then the record, in
     * the branch (which then commits alone); prepared, counted from a connection of its own that
     * waits on the row's lock before the branch lets it go.
     */
    private final class Failure implements io.inboxra.ra.xa.FailureRecord<DatabaseConnection> {
        private final ClaimedRow row;
        private volatile String error = "the transaction rolled back";

        Failure(ClaimedRow row) {
            this.row = row;
        }

        void because(String why) {
            error = why;
        }

        @Override
        public boolean inBranch(DatabaseConnection c) throws SQLException {
            context.failingRows().failed(row);
            if (!recordsFailures) {
                return false;
            }
            c.execute(rollbackToSavepoint);
            return settlement.recordFailure(c, row, error);
        }

        @Override
        public void aroundPreparedRollback(io.inboxra.ra.xa.FailureRecord.PreparedRollback rollback) throws XAException {
            context.failingRows().failed(row);
            if (recordsFailures) {
                countedRollback.run(row, error, rollback);
            } else {
                rollback.run();
            }
        }
    }

    /** A listener without a container transaction (bean-managed, NOT_SUPPORTED): the adapter's own. */
    private Result inLocalTransaction(DatabaseConnection c) throws SQLException, ResourceException {
        Connection local = c.connection();
        boolean committed = false;
        try (ListenerEndpoint endpoint = endpoints.create(null)) {
            endpoint.before();
            try {
                local.setAutoCommit(false);
                Optional<ClaimedRow> row = claim(c);
                if (row.isEmpty()) {
                    return Result.EMPTY;
                }
                if (recordsFailures) {
                    c.execute(savepoint);
                }
                ListenerEndpoint.Invocation invocation = endpoint.invoke(row.get());
                String error = invocation.error();
                if (!invocation.failed()) {
                    try {
                        committed = settlement.settle(c, row.get(), invocation.outcome());
                    } catch (SQLException e) {
                        if (!c.isValid()) {
                            throw e;
                        }
                        settlement.failed(row.get(), e);
                        error = "the settlement failed: " + e.getMessage();
                    }
                }
                if (!committed) {
                    // The lock is still ours: set aside, and counted, before anyone else can claim the row.
                    context.failingRows().failed(row.get());
                }
                if (!committed && recordsFailures) {
                    c.execute(rollbackToSavepoint);
                    settlement.recordFailure(c, row.get(), error == null ? "not settled" : error);
                }
                local.commit();
                if (committed) {
                    settlement.counted(row.get(), invocation.outcome(), true);
                }
                return context.failingRows().after(row.get(), committed);
            } finally {
                try {
                    if (!local.getAutoCommit()) {
                        local.rollback();
                    }
                } finally {
                    local.setAutoCommit(true);
                    endpoint.after(null, committed);
                }
            }
        }
    }

    /** @return the worker's connection, opened if need be (a {@link RowLockBatchDelivery} shares it) */
    DatabaseConnection connection() throws SQLException {
        if (connection == null) {
            connection = context.connections().connect();
            branch = new DeliveryBranch<>(new WorkersOwnConnection(connection), context.connections().finisher());
        }
        return connection;
    }

    /** @return the adapter's XA resource on the worker's connection, once {@link #connection()} opened it */
    DeliveryBranch<DatabaseConnection> branch() {
        return branch;
    }

    /**
     * Arms, for a row claimed alone in a batch's branch, the failure record of a single delivery
     * (savepoint after the claim, the record written as the branch rolls back).
     *
     * @return how to tell the record why the delivery failed, or null when the table records no failures
     */
    java.util.function.Consumer<String> countFailureOf(ClaimedRow row) throws SQLException {
        if (!recordsFailures) {
            return null;
        }
        Failure failure = new Failure(row);
        branch.run(w -> w.execute(savepoint));
        branch.recordFailuresWith(failure);
        return failure::because;
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
    public boolean isBroken() {
        return connection != null && connection.isBroken();
    }

    @Override
    public void close() {
        disconnect();
    }
}
