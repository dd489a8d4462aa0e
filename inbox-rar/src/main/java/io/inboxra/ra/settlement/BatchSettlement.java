package io.inboxra.ra.settlement;

import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;

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
public final class BatchSettlement {

    private final Settlement settlement;
    private final io.inboxra.dialect.Dialect dialect;
    private final io.inboxra.dialect.TableSpec table;
    private final java.util.function.Supplier<String> whyEnded;
    private final boolean fenced;
    private final Map<Integer, Statement> settleAll = new HashMap<>();

    /** @param whyEnded why the delivery's transaction ended before its settlement, for the failure's record */
    public BatchSettlement(Settlement settlement, io.inboxra.dialect.Dialect dialect, io.inboxra.dialect.TableSpec table,
            io.inboxra.ra.connection.SubscriptionStatements statements, java.util.function.Supplier<String> whyEnded) {
        this.settlement = settlement;
        this.dialect = dialect;
        this.table = table;
        this.whyEnded = whyEnded;
        this.fenced = statements.settle().params().contains(Param.TOKEN);
    }

    /**
     * Settles the listener's outcomes in the branch.
     *
     * @param rows the rows as their settlement must match them (the lease form: with each one's last token)
     * @param outcomes one per row, in order
     * @return null when every row was settled, otherwise why not (a lost connection is thrown)
     */
    public String settle(DeliveryBranch<DatabaseConnection> branch, List<ClaimedRow> rows, List<Outcome> outcomes)
            throws SQLException {
        try {
            return branch.run(w -> StatementFailed.classify(w, () -> settleIn(w, rows, outcomes)));
        } catch (TransactionEndedException e) {
            return whyEnded.get();
        } catch (StatementFailed e) {
            settlement.failed(rows, e.getCause());
            return "the settlement failed: " + e.getCause().getMessage();
        }
    }

    private String settleIn(DatabaseConnection w, List<ClaimedRow> rows, List<Outcome> outcomes) throws SQLException {
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
        return settleAll.computeIfAbsent(rows, n -> dialect.settleAll(table, n));
    }
}
