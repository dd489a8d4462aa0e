package io.inboxra.ra.delivery;

import io.inboxra.Outcome;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.settlement.FailureRecords;
import io.inboxra.ra.settlement.Settlement;
import io.inboxra.ra.settlement.Tally;

import java.util.List;

/**
 * Where every delivery's result is counted, for operators ({@link Tally}): what a settled
 * delivery committed, or that it did not; the rows that did not commit; and what each failure's
 * record changed. Nothing else counts.
 */
final class DeliveryTally {

    private final Tally tally;
    private final Settlement settlement;
    private final FailureRecords records;

    DeliveryTally(Tally tally, Settlement settlement, FailureRecords records) {
        this.tally = tally;
        this.settlement = settlement;
        this.records = records;
    }

    /** A settled delivery's transaction ended: each row by the outcome it committed, or as a commit failure. */
    void settled(List<ClaimedRow> rows, List<Outcome> outcomes, boolean committed) {
        for (int i = 0; i < rows.size(); i++) {
            Outcome outcome = outcomes.get(i);
            if (!committed) {
                tally.commitFailed();
                tally.error("row " + rows.get(i).id() + ": settled, but the transaction did not commit");
            } else if (outcome instanceof Outcome.Ack) {
                tally.delivered();
            } else if (outcome instanceof Outcome.Retry && !settlement.exhausted(rows.get(i))) {
                tally.retried(true);
            } else {
                tally.deadLettered(true);
            }
        }
    }

    /**
     * One row whose delivery did not commit, and why: the last error where the table records no
     * failures (no attempt or due column); where it does, the failure's record tells it, with
     * what the record changed ({@link #recorded}).
     */
    void failed(ClaimedRow row, String why) {
        tally.failed();
        if (why != null && !records.areKept()) {
            tally.error("row " + row.id() + ": " + why);
        }
    }

    /** Rows whose delivery did not commit. */
    void failed(int rows) {
        for (int i = 0; i < rows; i++) {
            tally.failed();
        }
    }

    /** A batch that failed before its commit: its rows come again one at a time, uncounted in the table. */
    void batchFailed(int rows, String why) {
        tally.error("a batch of " + rows + " rows: " + why + "; delivered again one at a time");
    }

    /** A failure's record was written (or tried): what it changed. */
    void recorded(ClaimedRow row, String error, FailureRecords.Recorded recorded) {
        tally.error("row " + row.id() + ": " + error);
        if (recorded.refused() != null) {
            tally.error("row " + row.id() + ": " + recorded.refused());
        }
        if (recorded.deadLettered()) {
            tally.deadLettered(false);
        } else if (recorded.rescheduled()) {
            tally.retried(false);
        }
    }

    /** A failure recorded during its rollback was told why the commit failed, once that was known. */
    void amended(ClaimedRow row, String reason) {
        tally.error("row " + row.id() + ": " + reason);
    }
}
