package io.inboxra.ra.delivery;

import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.settlement.Causes;
import io.inboxra.ra.settlement.FailureRecords;
import io.inboxra.ra.settlement.QueuedRecords;
import io.inboxra.ra.xa.FailureRecord;

import java.sql.SQLException;

/**
 * What a delivery of one row records when its branch rolls back, in a form whose branch holds the
 * row (row lock): written before the branch lets the row's lock go. First, whatever the table,
 * the row is set aside ({@link FailingRows}); then, where the table records failures, the
 * failure: into the branch itself when it was never prepared (back to the savepoint taken after
 * the claim, then the record; the branch then commits that alone), or, when it was prepared, from
 * a connection of its own queued behind the row's lock ({@link QueuedRecords}).
 */
final class BranchFailure implements FailureRecord<DatabaseConnection> {

    private final ClaimedRow row;
    private final FailingRows failingRows;
    private final FailureRecords records;
    private final QueuedRecords queued;
    private final DeliveryTally tally;
    /** Back to the savepoint after the claim, or null where the table records no failures. */
    private final String rollbackToSavepoint;
    private volatile String reason = Causes.ROLLED_BACK;

    BranchFailure(ClaimedRow row, FailingRows failingRows, FailureRecords records, QueuedRecords queued,
            DeliveryTally tally, String rollbackToSavepoint) {
        this.row = row;
        this.failingRows = failingRows;
        this.records = records;
        this.queued = queued;
        this.tally = tally;
        this.rollbackToSavepoint = rollbackToSavepoint;
    }

    /** Why the delivery failed, when the delivery knows it before the rollback. */
    void because(String why) {
        reason = why;
    }

    @Override
    public boolean inBranch(DatabaseConnection c) throws SQLException {
        failingRows.failed(row);
        if (rollbackToSavepoint == null) {
            return false;
        }
        c.execute(rollbackToSavepoint);
        String why = reason;
        FailureRecords.Recorded recorded = records.record(c, row, why);
        tally.recorded(row, why, recorded);
        return recorded.changed();
    }

    @Override
    public Queued queue() {
        failingRows.failed(row);
        if (rollbackToSavepoint == null) {
            return Queued.NONE;
        }
        String why = reason;
        return queued.queue(row, why, recorded -> tally.recorded(row, why, recorded));
    }
}
