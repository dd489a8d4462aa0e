package io.inboxra.ra.delivery;

import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.ConnectionPool;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.connection.SubscriptionStatements;
import io.inboxra.ra.settlement.FailureRecords;
import io.inboxra.ra.xa.DeliveryBranch;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The lease form: an expiry written into each row holds it. A short statement of its own, on a
 * pooled connection, claims up to {@code batchSize} rows, writing their lease (database time), and
 * a heartbeat keeps each alive from then on; they are delivered at once (a batch), or one at a
 * time where the listener has no container transaction; at {@code batchSize} 1 a claim may take
 * {@code prefetch} rows, each delivered in a transaction of its own. The branch starts only at the
 * settlement, on a pooled connection, which matches each row's last lease (its fencing token), so
 * a lost lease never settles. A lone row that did not commit is counted while its lease still
 * holds it (or has its lease cleared), so it returns at once and never uncounted; the rows of a
 * batch that rolled back, still leased to this worker, are delivered one at a time before the next
 * claim.
 */
final class LeaseForm implements ClaimForm {

    private static final Logger LOG = System.getLogger(LeaseForm.class.getName());

    /** A claimed row and the heartbeat that keeps its lease. */
    private record Held(ClaimedRow row, LeaseHeartbeat heartbeat) {
        /** Stops the heartbeat: from now on the lease is the one last written, the settlement's fencing token. */
        ClaimedRow stopHeartbeat() {
            return row.withToken(heartbeat.stop());
        }
    }

    private final DeliveryContext context;
    private final SubscriptionStatements statements;
    private final FailureRecords records;
    private final DeliveryTally tally;
    private final ConnectionPool pool;
    private final Bindings bindings;
    private final LeaseClaim claim;
    /** {@code batchSize} above 1: a claim's rows are delivered together in a container transaction. */
    private final boolean batches;
    /** {@code prefetch} above 1: a claim's rows wait ahead, each delivered in a transaction of its own. */
    private final boolean prefetches;
    /** Rows claimed before, each leased, waiting to be delivered one at a time. */
    private final Deque<Held> ahead = new ArrayDeque<>();
    private List<Held> current = List.of();

    LeaseForm(DeliveryContext context, DeliveryTally tally) {
        this.context = context;
        this.statements = context.statements();
        this.records = context.failures();
        this.tally = tally;
        this.pool = context.connections().pool();
        // prefetch is above 1 only at batchSize 1: the rows one claim takes wait ahead, each leased.
        this.bindings = context.bindings().limit(Math.max(context.settings().batchSize(), context.settings().prefetch()))
                .lease(context.settings().lease());
        this.batches = context.settings().batchSize() > 1;
        this.prefetches = context.settings().prefetch() > 1;
        this.claim = new LeaseClaim(context, pool, bindings);
    }

    /**
     * A row claimed before, or a new claim: a batch all at once in a container transaction, else
     * one row at a time (without a container transaction, or the {@code prefetch} rows of a claim
     * at {@code batchSize} 1); with a new branch for each delivery, which borrows a pooled
     * connection only once it settles.
     */
    @Override
    public DeliveryBranch<DatabaseConnection> prepare(boolean transacted) throws SQLException {
        if (ahead.isEmpty()) {
            List<ClaimedRow> claimed = context.failingRows().notSetAside(claim.claim(), this::releaseLease);
            List<Held> held = new ArrayList<>(claimed.size());
            for (ClaimedRow row : claimed) {
                held.add(new Held(row, LeaseHeartbeat.start(context, row)));
            }
            if (transacted && batches && held.size() > 1) {
                current = held;
                return newBranch();
            }
            ahead.addAll(held);
        }
        Held next = nextStillHeld();
        current = next == null ? List.of() : List.of(next);
        return next == null ? null : newBranch();
    }

    /**
     * The next row ahead whose lease still holds: a row whose lease ran out while it waited, and
     * which another claim took, is that claim's, and delivering it here could never settle; one
     * whose heartbeat could not reach the database lately is confirmed first, by an extension now,
     * and passed over (its heartbeat stopped, its lease left to run out) when that fails too.
     */
    private Held nextStillHeld() {
        Held next;
        while ((next = ahead.poll()) != null && !next.heartbeat().confirmHeld()) {
            next.stopHeartbeat();
        }
        return next;
    }

    private DeliveryBranch<DatabaseConnection> newBranch() {
        return new DeliveryBranch<>(new PooledConnections(pool), context.connections().finisher());
    }

    @Override
    public List<ClaimedRow> claim(DeliveryBranch<DatabaseConnection> branch) {
        return current.stream().map(Held::row).toList();
    }

    /** Stops the heartbeats: from now on each lease is the one last written, its settlement's fencing token. */
    @Override
    public List<ClaimedRow> settling(List<ClaimedRow> rows) {
        // After an unanswered extension, the lease it may have written is learnt first, while every heartbeat still
        // runs; the first failure ends those tries (the database does not answer: the settlement will not either).
        for (Held held : current) {
            if (!held.heartbeat().learnLeaseForSettlement()) {
                break;
            }
        }
        return current.stream().map(Held::stopHeartbeat).toList();
    }

    /** Counts the failed attempt and clears the lease, fenced by the token, or just clears the lease. */
    @Override
    public void failed(ClaimedRow row, String reason, boolean settled) {
        // While the lease still holds the row: no claim takes it before it is set aside.
        context.failingRows().failed(row);
        try {
            FailureRecords.Recorded recorded = records.areKept()
                    ? pool.inTransaction(tx -> records.record(tx, row, reason)) : null;
            if (recorded != null) {
                tally.recorded(row, reason, recorded);
            }
            if (recorded == null || !recorded.changed()) {
                releaseLease(row);
            }
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + context.name() + "': the failure of row " + row.id()
                    + " could not be recorded; the row returns when its lease runs out", e);
        }
    }

    /**
     * Takes back the rows of a batch that rolled back: those whose lease still holds, checked by
     * extending it now. A row whose lease ran out and was claimed by another worker is that
     * worker's; it is not handed to the listener again here.
     */
    @Override
    public void again(List<ClaimedRow> rows) {
        // The batch's rows, with their heartbeats, stopped at its settlement.
        Map<Object, LeaseHeartbeat> before = current.stream()
                .collect(Collectors.toMap(held -> held.row().idKey(), Held::heartbeat, (first, second) -> first));
        for (ClaimedRow row : rows) {
            LeaseHeartbeat heartbeat = LeaseHeartbeat.startIfHeld(context, row, before.get(row.idKey()));
            if (heartbeat != null) {
                ahead.add(new Held(row, heartbeat));
            }
        }
    }

    @Override
    public void release(List<ClaimedRow> gone) {
        current = List.of();
    }

    /**
     * Rows the listener never settled go back at once, for another worker or server to take; with
     * {@code prefetch}, so do the rows claimed ahead, while this worker waits out its trouble. (The
     * rows of a batch that rolled back stay, to be delivered one at a time: a claim could take them
     * as a batch again.)
     */
    @Override
    public void abandon() {
        for (Held held : current) {
            releaseLease(held.stopHeartbeat());
        }
        current = List.of();
        if (prefetches) {
            close();
        }
    }

    /** Clears the row's lease, so another claim can take it at once. */
    private void releaseLease(ClaimedRow row) {
        try {
            pool.withConnection(c -> c.update(statements.releaseLease().orElseThrow(), bindings.row(row)));
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + context.name() + "': the lease of row " + row.id()
                    + " could not be cleared; the row returns when the lease runs out", e);
        }
    }

    @Override
    public boolean isBroken() {
        return false;
    }

    @Override
    public void disconnect() {
        // Pooled connections that failed were discarded where they failed.
    }

    @Override
    public void pause() {
        close();
    }

    /** Rows claimed ahead but never started go back at once, for another server to take. */
    @Override
    public void close() {
        Held held;
        while ((held = ahead.poll()) != null) {
            releaseLease(held.stopHeartbeat());
        }
    }
}
