package io.inboxra.ra.delivery;

import io.inboxra.Outcome;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.ra.xa.DeliveryBranch;
import io.inboxra.ra.xa.TransactionEndedException;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The settle step of a batch, in its branch, in every form: a retry or dead letter row by row,
 * then the acknowledged rows with one statement. Where the settlement is fenced by a lease token
 * (the lease form) each acknowledged row is settled by its own statement, the statements sent as
 * one JDBC batch: an id list cannot say which lease each row must still hold.
 */
final class BatchSettlement {

    private final DeliveryContext context;
    private final Settlement settlement;
    private final boolean fenced;
    private final Map<Integer, Statement> settleAll = new HashMap<>();

    BatchSettlement(DeliveryContext context) {
        this.context = context;
        this.settlement = context.settlement();
        this.fenced = context.statements().settle().params().contains(Param.TOKEN);
    }

    /**
     * Settles the listener's outcomes in the branch.
     *
     * @param rows the rows as their settlement must match them (the lease form: with each one's last token)
     * @param outcomes one per row, in order
     * @return null when every row was settled, otherwise why not (a lost connection is thrown)
     */
    String settle(DeliveryBranch<WorkerConnection> branch, List<ClaimedRow> rows, List<Outcome> outcomes)
            throws SQLException {
        try {
            return branch.run(w -> StatementFailed.classify(w, () -> settleIn(w, rows, outcomes)));
        } catch (TransactionEndedException e) {
            return context.endpoints().transaction().describe();
        } catch (StatementFailed e) {
            settlement.failed(rows, e.getCause());
            return "the settlement failed: " + e.getCause().getMessage();
        }
    }

    private String settleIn(WorkerConnection w, List<ClaimedRow> rows, List<Outcome> outcomes) throws SQLException {
        List<ClaimedRow> acked = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            ClaimedRow row = rows.get(i);
            Outcome outcome = outcomes.get(i);
            if (outcome instanceof Outcome.Ack) {
                acked.add(row);
            } else if (!settlement.settle(w, row, outcome)) {
                return "the outcome of row " + row.id() + " could not be settled";
            }
        }
        if (acked.isEmpty()) {
            return null;
        }
        boolean settled = fenced ? settlement.settleEach(w, acked) : settlement.settleAcks(w, acked,
                settleAll(acked.size()));
        if (!settled) {
            return "the settlement of the acknowledged rows changed another number of rows";
        }
        return null;
    }

    private Statement settleAll(int rows) {
        return settleAll.computeIfAbsent(rows, n -> context.dialect().settleAll(context.settings().table(), n));
    }
}
