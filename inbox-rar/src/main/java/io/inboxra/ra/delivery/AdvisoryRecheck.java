package io.inboxra.ra.delivery;

import io.inboxra.dialect.Advisory;
import io.inboxra.dialect.Statement;
import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The advisory lock form's second read of the rows its claim locked: the snapshot that found them
 * may be older than another session's settlement or failure record, so each row is delivered as
 * it is now, if it is still claimable, in claim order. Not needed where the dialect's claim reads
 * its rows as they are once locked ({@link Advisory#claimReadsLatest}), but for rows owed by a
 * batch that rolled back.
 */
final class AdvisoryRecheck {

    private final DeliveryContext context;
    private final Advisory advisory;
    private final Bindings one;
    private final boolean needed;
    /** The re-read of a batch's rows, by how many (built once per size, not per claim). */
    private final Map<Integer, Optional<Statement>> all = new HashMap<>();

    AdvisoryRecheck(DeliveryContext context, Advisory advisory, Bindings one) {
        this.context = context;
        this.advisory = advisory;
        this.one = one;
        this.needed = !advisory.claimReadsLatest(context.settings().table());
    }

    /** @return whether a claim's rows are to be read again */
    boolean needed() {
        return needed;
    }

    /** @return the rows as they are now, those still claimable, in claim order: in one statement where the dialect has one */
    List<ClaimedRow> of(DatabaseConnection c, List<ClaimedRow> rows) throws SQLException {
        Optional<Statement> allRows = rows.size() == 1 ? Optional.empty()
                : all.computeIfAbsent(rows.size(), n -> advisory.recheckAll(context.settings().table(), n));
        if (allRows.isEmpty()) {
            List<ClaimedRow> fresh = new ArrayList<>(rows.size());
            for (ClaimedRow row : rows) {
                for (ClaimedRow now : c.claim(context.statements().recheck().orElseThrow(), one.row(row))) {
                    fresh.add(now.lockedBy(row));
                }
            }
            return fresh;
        }
        Map<Object, ClaimedRow> fresh = new HashMap<>();
        for (ClaimedRow row : c.claim(allRows.get(), context.bindings().rows(rows))) {
            fresh.put(row.idKey(), row);
        }
        List<ClaimedRow> inOrder = new ArrayList<>(rows.size());
        for (ClaimedRow claim : rows) {
            ClaimedRow row = fresh.get(claim.idKey());
            if (row != null) {
                inOrder.add(row.lockedBy(claim));
            }
        }
        return inOrder;
    }
}
