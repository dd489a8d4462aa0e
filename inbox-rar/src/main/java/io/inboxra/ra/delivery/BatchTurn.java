package io.inboxra.ra.delivery;

import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.settlement.BatchSettlement;
import io.inboxra.ra.settlement.Settlement;

import io.inboxra.Outcome;
import io.inboxra.ra.outbound.SharedBranch;
import io.inboxra.ra.xa.DeliveryBranch;
import io.inboxra.ra.xa.Ending;
import jakarta.resource.ResourceException;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Consumer;

/**
 * The delivery of one batch in the MDB's container transaction, in every form, top to bottom:
 * endpoint, {@code beforeDelivery}, claim (or take the rows claimed before), invoke (an
 * {@code InboxListener} once per row, an {@code InboxBatchListener} once), settle in the same
 * branch, {@code afterDelivery}, and the outcome as the adapter's own resource saw it.
 *
 * <p>A batch that fails in any way (the listener, an outcome that cannot be settled, a rollback,
 * a failed commit) rolls back whole and counts no attempt on its rows: the form delivers them
 * again one at a time, where a failure is counted and dead-lettered at {@code maxAttempts} as
 * always. One poison row costs its neighbours a redelivery, not their progress.
 */
final class BatchTurn {

    /** What differs between the forms in a batch's delivery. */
    interface Form {
        /**
         * The batch, once {@code beforeDelivery} began the transaction: claimed in the branch (the
         * row lock form) or the rows claimed before (lease, advisory lock).
         */
        List<ClaimedRow> claim(DeliveryBranch<DatabaseConnection> branch) throws SQLException;

        /** The rows as their settlement must match them, once the listener returned (the lease form: each one's last token). */
        default List<ClaimedRow> settling(List<ClaimedRow> rows) {
            return rows;
        }

        /**
         * A claim that took a single row: arm the form's failure record for it, so that a failure
         * is counted at once, as a single delivery's is, rather than delivered again uncounted.
         *
         * @return how to tell the record why the delivery failed, or null: the row comes again uncounted
         */
        default Consumer<String> countFailureOfLoneRow(DeliveryBranch<DatabaseConnection> branch, ClaimedRow row)
                throws SQLException {
            return null;
        }

        /** The connection lent to the listener as the producer factory's (the claim's own branch), or null. */
        default Connection lent() {
            return null;
        }

        /** After {@code afterDelivery}, whatever came of it: let go of what outlives the transaction (named FIFO locks). */
        default void ended() throws SQLException {
        }
    }

    /**
     * What one batch came to.
     *
     * @param result delivered, empty, or failed
     * @param again the rows to deliver again one at a time (as {@link Form#settling} gave them):
     *        all of a batch that rolled back, none of one that committed or whose commit has no
     *        known outcome
     */
    record Delivered(FormDelivery.Result result, List<ClaimedRow> again) {
        static final Delivered EMPTY = new Delivered(FormDelivery.Result.EMPTY, List.of());
    }

    private final DeliveryContext context;
    private final Endpoints endpoints;
    private final Settlement settlement;
    private final BatchSettlement batchSettlement;

    BatchTurn(DeliveryContext context) {
        this.context = context;
        this.endpoints = context.endpoints();
        this.settlement = context.settlement();
        this.batchSettlement = new BatchSettlement(context.settlement(), context.dialect(), context.settings().table(),
                context.statements(), context.endpoints().transaction()::describe);
    }

    Delivered deliver(DeliveryBranch<DatabaseConnection> branch, Form form) throws SQLException, ResourceException {
        List<ClaimedRow> rows = List.of();
        List<Outcome> outcomes = null;
        boolean settled = false;
        Consumer<String> lone = null;
        try (ListenerEndpoint endpoint = endpoints.create(branch)) {
            endpoint.before();
            try {
                ListenerEndpoint.requireEnlisted(branch.isEnlisted());
                List<ClaimedRow> claimed = form.claim(branch);
                if (claimed.isEmpty()) {
                    return Delivered.EMPTY;
                }
                rows = claimed;
                lone = claimed.size() == 1 ? form.countFailureOfLoneRow(branch, claimed.get(0)) : null;
                ListenerEndpoint.Batch batch = invoke(endpoint, branch, form, claimed);
                rows = form.settling(claimed);
                String failure;
                if (batch.failed()) {
                    failure = batch.error();
                } else if (!endpoints.transaction().isActive()) {
                    failure = endpoints.transaction().describe();
                } else {
                    outcomes = batch.outcomes();
                    failure = batchSettlement.settle(branch, rows, outcomes);
                    settled = failure == null;
                }
                if (!settled) {
                    branch.markRollbackOnly();
                    if (lone != null) {
                        lone.accept(failure);
                    } else {
                        context.tally().error("a batch of " + rows.size() + " rows: " + failure
                                + "; delivered again one at a time");
                    }
                }
            } catch (SQLException | ResourceException | RuntimeException | Error e) {
                branch.markRollbackOnly();
                throw e;
            } finally {
                endpoint.afterBatch(rows, settled);
                form.ended();
            }
        }
        Ending ending = branch.ending().orElse(null);
        boolean committed = settled && ending == Ending.COMMITTED;
        if (settled) {
            for (int i = 0; i < rows.size(); i++) {
                settlement.counted(rows.get(i), outcomes.get(i), committed);
            }
        }
        if (committed) {
            rows.forEach(context.failingRows()::delivered);
            return new Delivered(FormDelivery.Result.DELIVERED, List.of());
        }
        // The operators' count is per row: the worker counts the turn's first, here the others.
        for (int i = 1; i < rows.size(); i++) {
            context.tally().failed();
        }
        // A settled batch whose commit has no known outcome may yet be in the database: not again.
        boolean rolledBack = !settled || ending == Ending.ROLLED_BACK;
        // A lone row's failure was counted by its branch's record: it comes again as any failed row does.
        if (lone != null) {
            return new Delivered(context.failingRows().after(rows.get(0), false), List.of());
        }
        return new Delivered(FormDelivery.Result.FAILED, rolledBack ? rows : List.of());
    }

    private ListenerEndpoint.Batch invoke(ListenerEndpoint endpoint, DeliveryBranch<DatabaseConnection> branch, Form form,
            List<ClaimedRow> rows) {
        Connection lent = form.lent();
        java.util.function.BooleanSupplier active = endpoints.transaction()::isActive;
        return lent == null ? endpoint.invokeAll(rows, active)
                : SharedBranch.during(context.settings().dataSource(), lent, branch.loan(), endpoints.transaction()::key,
                        () -> endpoint.invokeAll(rows, active));
    }
}
