package io.inboxra.ra.delivery;

import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;

import io.inboxra.ra.xa.DeliveryBranch;
import jakarta.resource.ResourceException;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * One worker in the lease form with a {@code batchSize} above 1. A short statement of its own
 * claims up to {@code batchSize} rows, writing their lease (a heartbeat keeps each alive), and
 * the batch is one {@link BatchTurn}: one transaction, one branch on a pooled connection, each
 * row settled matching its last token, one commit for all.
 *
 * <p>A batch that rolled back counted no attempt on its rows. They are still leased to this
 * worker, which delivers them one at a time ({@link LeaseDelivery}: a failure is counted while
 * the lease holds, and dead-lettered at {@code maxAttempts}) before it claims the next batch. An
 * MDB without a container transaction is delivered one row at a time, the rows claimed ahead.
 */
public final class LeaseBatchDelivery implements FormDelivery {

    private final DeliveryContext context;
    private final LeaseDelivery single;
    private final BatchTurn turn;

    public LeaseBatchDelivery(DeliveryContext context) {
        this.context = context;
        this.single = new LeaseDelivery(context);
        this.turn = new BatchTurn(context);
    }

    @Override
    public Result deliverNext() throws SQLException, ResourceException {
        if (single.holdsRows() || !context.endpoints().isTransacted()) {
            return single.deliverNext();
        }
        List<ClaimedRow> claimed = single.claimRows();
        if (claimed.isEmpty()) {
            return Result.EMPTY;
        }
        if (claimed.size() == 1) {
            // A batch of one is a single delivery, whose failure is counted at once.
            single.hold(claimed);
            return single.deliverNext();
        }
        LeasedBatch batch = new LeasedBatch(claimed);
        BatchTurn.Delivered delivered;
        try {
            delivered = turn.deliver(single.branch(), batch);
        } catch (SQLException | ResourceException | RuntimeException | Error e) {
            // No listener reached (no MDB instance free, an undeploy) or the database failed: uncounted, free at once.
            batch.settling(claimed).forEach(single::release);
            throw e;
        }
        single.holdAgain(delivered.again());
        return delivered.result();
    }

    /** The lease form's part of a batch: rows claimed before, each kept alive until the listener returned. */
    private final class LeasedBatch implements BatchTurn.Form {
        private final List<ClaimedRow> rows;
        private final List<LeaseHeartbeat> heartbeats = new ArrayList<>();
        private List<ClaimedRow> fenced;

        LeasedBatch(List<ClaimedRow> rows) {
            this.rows = rows;
            rows.forEach(row -> heartbeats.add(LeaseHeartbeat.start(context, row)));
        }

        @Override
        public List<ClaimedRow> claim(DeliveryBranch<DatabaseConnection> branch) {
            return rows;
        }

        /** Stops the heartbeats, once: from now on each lease is the one last written, its settlement's fencing token. */
        @Override
        public List<ClaimedRow> settling(List<ClaimedRow> claimed) {
            if (fenced == null) {
                List<ClaimedRow> last = new ArrayList<>();
                for (int i = 0; i < rows.size(); i++) {
                    last.add(rows.get(i).withToken(heartbeats.get(i).stop()));
                }
                fenced = List.copyOf(last);
            }
            return fenced;
        }
    }

    @Override
    public void pause() {
        single.pause();
    }

    @Override
    public void disconnect() {
        single.disconnect();
    }

    @Override
    public void close() {
        single.close();
    }
}
