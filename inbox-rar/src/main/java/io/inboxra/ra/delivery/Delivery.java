package io.inboxra.ra.delivery;

import io.inboxra.ra.delivery.endpoint.ClaimedMessage;
import io.inboxra.ra.delivery.endpoint.Endpoints;
import io.inboxra.ra.delivery.endpoint.ListenerEndpoint;
import io.inboxra.ra.delivery.endpoint.OwnTransaction;
import io.inboxra.ra.delivery.endpoint.TransactionStatus;

import io.inboxra.Outcome;
import io.inboxra.ra.config.DataSourceSettings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.outbound.SharedBranch;
import io.inboxra.ra.settlement.Settlement;
import io.inboxra.ra.settlement.StatementFailed;
import io.inboxra.ra.xa.DeliveryBranch;
import io.inboxra.ra.xa.Ending;
import io.inboxra.ra.xa.TransactionEndedException;
import jakarta.resource.ResourceException;
import jakarta.transaction.TransactionSynchronizationRegistry;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * One worker's deliveries, in every form and for every batch size: a delivery of one row is a
 * batch of one. A turn, top to bottom ({@link #deliverNext}): what the form holds before any
 * transaction; the endpoint, {@code beforeDelivery}; the claim in the branch (or the rows held);
 * a lone row's failure record armed; the listener invoked; the outcomes settled in the branch;
 * {@code afterDelivery}; then what came of it, as the adapter's own resource saw the transaction
 * end: counted, a lone row's failure recorded, a batch's rows owed again one at a time, the hold
 * let go. What differs between the forms is the {@link ClaimForm}'s. With {@code traceColumn} a turn
 * that claimed rows is a span ({@link DeliveryTrace}), current from the claim until just before
 * {@code afterDelivery}, ended with the turn.
 *
 * <p>A batch that fails in any way rolls back whole and counts no attempt on its rows: they are
 * delivered again one at a time, where a failure is counted and dead-lettered at
 * {@code maxAttempts} as always. A listener without a container transaction runs in none; the
 * claim and settlement then run in a transaction the adapter begins and ends on its own branch
 * ({@link OwnTransaction}), one row at a time.
 */
public final class Delivery {

    /**
     * What one turn came to: delivered; nothing claimable; failed, the row set aside so that claims
     * pass over it until its backoff ends ({@link FailingRows}); failed, the next claim may take the
     * row again.
     */
    public enum Result { DELIVERED, EMPTY, SET_ASIDE, FAILED }

    private final ClaimForm form;
    private final Endpoints endpoints;
    private final Settlement settlement;
    private final DeliveryTally tally;
    private final FailingRows failingRows;
    private final DataSourceSettings database;
    private final OpenClaims openClaims;
    private final DeliveryTrace trace;

    private Delivery(DeliveryContext context, DeliveryTally tally, ClaimForm form) {
        this.form = form;
        this.endpoints = context.endpoints();
        this.settlement = context.settlement();
        this.tally = tally;
        this.failingRows = context.failingRows();
        this.database = context.settings().dataSource();
        this.openClaims = context.openClaims();
        this.trace = context.trace();
    }

    /** @return a worker's deliveries in its subscription's form */
    public static Delivery of(DeliveryContext context) {
        DeliveryTally tally = new DeliveryTally(context.tally(), context.settlement(), context.failures());
        return new Delivery(context, tally, switch (context.settings().table().form()) {
            case ROW_LOCK -> new RowLockForm(context, tally);
            case LEASE -> new LeaseForm(context, tally);
            case ADVISORY -> new AdvisoryForm(context, tally);
        });
    }

    /**
     * Loads (and initialises) the classes a delivered row needs and a worker's first, empty, claim
     * does not, so that the first row after a deployment does not wait for their loading. Called
     * at activation; cheap once they are loaded.
     */
    public static void loadRowClasses() {
        for (Class<?> c : List.of(ClaimedRow.class, BranchFailure.class, ClaimedMessage.class, ListenerEndpoint.Batch.class,
                ListenerEndpoint.Invocation.class, SharedBranch.class, io.inboxra.ra.settlement.StatementFailed.Statements.class)) {
            try {
                Class.forName(c.getName(), true, c.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
        Outcome.ack();
    }

    /** The rows the last turn took into work ({@code maxRate} counts them). */
    private int claimed;

    /** @return the rows the last {@link #deliverNext} took into work, 0 if none */
    public int claimedInLastTurn() {
        return claimed;
    }

    /**
     * Claims (or takes rows claimed before) and delivers them; first replaces the worker's
     * connection if it failed in an earlier turn.
     */
    public Result deliverNext() throws SQLException, ResourceException {
        claimed = 0;
        if (form.isBroken()) {
            form.disconnect();
        }
        boolean transacted = endpoints.isTransacted();
        DeliveryBranch<DatabaseConnection> branch = form.prepare(transacted);
        if (branch == null) {
            return Result.EMPTY;
        }
        Turn turn = new Turn(branch);
        try {
            deliver(turn, transacted);
        } catch (SQLException | ResourceException | RuntimeException | Error e) {
            // No listener reached (no MDB instance free, an undeploy) or the database failed: uncounted, let go now.
            try {
                turn.span.end(e.toString(), e);
            } catch (Error end) {
                e.addSuppressed(end);
            } finally {
                form.abandon();
            }
            throw e;
        } finally {
            // The transaction ended in afterDelivery, or never began.
            openClaims.closed();
        }
        return ended(turn);
    }

    /** Endpoint, before, claim, arm a lone row's record, invoke, settle, after. */
    private void deliver(Turn turn, boolean transacted) throws SQLException, ResourceException {
        DeliveryBranch<DatabaseConnection> branch = turn.branch;
        try (ListenerEndpoint endpoint = endpoints.create(transacted ? branch : null)) {
            endpoint.before();
            OwnTransaction own = transacted ? null : OwnTransaction.begin(branch);
            try {
                if (transacted) {
                    ListenerEndpoint.requireEnlisted(branch.isEnlisted());
                }
                turn.rows = form.claim(branch);
                claimed = turn.rows.size();
                if (turn.rows.isEmpty()) {
                    return;
                }
                turn.span = trace.start(turn.rows);
                if (turn.rows.size() == 1) {
                    turn.record = form.armFailure(branch, turn.rows.get(0));
                    branch.recordFailuresWith(turn.record);
                }
                ListenerEndpoint.Batch batch = invoke(endpoint, branch, turn.rows, transacted);
                turn.rows = form.settling(turn.rows);
                settle(turn, batch, transacted);
            } catch (SQLException | ResourceException | RuntimeException | Error e) {
                branch.markRollbackOnly();
                throw e;
            } finally {
                if (own != null) {
                    own.end(turn.settled);
                }
                // Not current past here: the span's scope nests inside the container's before and after.
                turn.span.leave();
                turn.notCommitted = endpoint.after(turn.rows, turn.settled);
                turn.thrown = endpoint.thrown();
                form.transactionEnded();
            }
        }
    }

    /** The listener, with the claim's connection lent as the producer factory's where the form lends one. */
    private ListenerEndpoint.Batch invoke(ListenerEndpoint endpoint, DeliveryBranch<DatabaseConnection> branch,
            List<ClaimedRow> rows, boolean transacted) {
        if (!transacted) {
            return endpoint.invokeAll(rows, () -> true);
        }
        TransactionStatus transaction = endpoints.transaction();
        Connection lent = form.lent();
        TransactionSynchronizationRegistry registry = lent == null ? null : transaction.registry().orElse(null);
        if (registry == null) {
            return endpoint.invokeAll(rows, transaction::isActive);
        }
        // Every call of the lent connection goes through the branch: nothing of it runs once the transaction ended.
        return SharedBranch.during(registry, database, lent, branch.loan(),
                () -> endpoint.invokeAll(rows, transaction::isActive));
    }

    /**
     * Settles the outcomes in the branch; a statement that fails on a working connection (a
     * constraint) fails the delivery, a lost connection is trouble, reported at the turn's end.
     */
    private void settle(Turn turn, ListenerEndpoint.Batch batch, boolean transacted) {
        if (batch.failed()) {
            turn.failed(batch.error());
        } else if (transacted && !endpoints.transaction().isActive()) {
            turn.failed(endpoints.transaction().describe());
        } else {
            try {
                String refused = turn.branch.run(c -> StatementFailed.classify(c,
                        () -> settlement.settle(c, turn.rows, batch.outcomes())));
                if (refused == null) {
                    turn.settled = true;
                    turn.outcomes = batch.outcomes();
                } else {
                    turn.failed(refused);
                }
            } catch (TransactionEndedException e) {
                turn.failed(endpoints.transaction().describe());
            } catch (StatementFailed e) {
                settlement.failed(turn.rows, e.getCause());
                turn.failed("the settlement failed: " + e.getCause().getMessage());
            } catch (SQLException e) {
                turn.trouble = e;
                turn.failed("the database failed: " + e.getMessage());
            }
        }
        if (!turn.settled) {
            turn.branch.markRollbackOnly();
        }
    }

    /** What came of the turn, as the adapter's own resource saw the transaction end. */
    private Result ended(Turn turn) throws SQLException {
        if (turn.rows.isEmpty()) {
            form.release(List.of());
            return Result.EMPTY;
        }
        Ending ending = turn.branch.ending().orElse(null);
        boolean committed = turn.settled && ending == Ending.COMMITTED;
        Result result;
        String why = null;
        try {
            if (turn.settled) {
                tally.settled(turn.rows, turn.outcomes, committed);
            }
            if (committed) {
                turn.rows.forEach(failingRows::delivered);
                result = Result.DELIVERED;
            } else if (turn.rows.size() == 1) {
                ClaimedRow row = turn.rows.get(0);
                // A commit that failed: its innermost cause (the MDB's own resource's constraint), not "rolled back".
                why = turn.notCommitted != null ? turn.notCommitted : turn.failure;
                tally.failed(row, why);
                form.failed(row, why, turn.settled);
                result = failingRows.after(row, false);
            } else {
                why = turn.notCommitted != null ? turn.notCommitted : turn.failure;
                tally.failed(turn.rows.size());
                if (!turn.settled) {
                    tally.batchFailed(turn.rows.size(), turn.failure);
                }
                // A settled batch whose commit has no known outcome may yet be in the database: not again.
                if (!turn.settled || ending == Ending.ROLLED_BACK) {
                    form.again(turn.rows);
                }
                result = Result.FAILED;
            }
        } finally {
            try {
                turn.span.end(committed ? null : why != null ? why : "not committed (" + ending + ")", turn.thrown);
            } finally {
                form.release(committed ? turn.gone() : List.of());
            }
        }
        if (turn.trouble != null) {
            throw turn.trouble;
        }
        return result;
    }

    /** Opens the worker's own connection now, where its form keeps one; a failure is the first turn's to report. */
    public void connect() throws SQLException {
        form.connect();
    }

    /** Drops the worker's connection after a database error; the next turn opens a new one. */
    public void disconnect() {
        form.disconnect();
    }

    /** The subscription is paused: rows claimed ahead go back, so that nothing waits claimed meanwhile. */
    public void pause() {
        form.pause();
    }

    /** The worker ends: what it holds goes back (rows claimed ahead, locks, connections). */
    public void close() {
        form.close();
    }
}
