package io.inboxra.ra.delivery;

import io.inboxra.ra.xa.DeliveryBranch;
import io.inboxra.ra.xa.BranchConnections;
import jakarta.resource.ResourceException;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import javax.transaction.xa.XAResource;

/**
 * One worker in the lease form. A short statement of its own claims up to {@code batchSize}
 * rows, writing their lease, and a heartbeat starts for each at once (rows claimed ahead keep
 * their lease while they wait). Then each row, top to bottom: create the endpoint with the
 * delivery's XA resource, {@code beforeDelivery}, invoke the listener, stop the heartbeat,
 * settle (the branch starts now, on a pooled connection, matching the row's last token),
 * {@code afterDelivery}. A row whose transaction did not commit is counted while its lease
 * still holds it (or has its lease cleared), so it returns at once and never uncounted.
 */
final class LeaseDelivery implements FormDelivery {

    private static final Logger LOG = System.getLogger(LeaseDelivery.class.getName());

    /** A claimed row and the heartbeat that keeps its lease. */
    private record Held(ClaimedRow row, LeaseHeartbeat heartbeat) {
        /** @return the row with its last token; the heartbeat stops */
        ClaimedRow stop() {
            return row.withToken(heartbeat.stop());
        }
    }

    private final Subscription subscription;
    private final SubscriptionStatements statements;
    private final Bindings bindings;
    private final Deque<Held> ahead = new ArrayDeque<>();

    LeaseDelivery(Subscription subscription) {
        this.subscription = subscription;
        this.statements = subscription.statements();
        this.bindings = Bindings.of(subscription.settings().queue())
                .limit(subscription.settings().batchSize())
                .lease(subscription.settings().lease());
    }

    @Override
    public Result deliverNext() throws SQLException, ResourceException {
        if (ahead.isEmpty()) {
            for (ClaimedRow row : subscription.pool().withConnection(this::claim)) {
                ahead.add(new Held(row, LeaseHeartbeat.start(subscription, row)));
            }
        }
        Held next = ahead.poll();
        return next == null ? Result.EMPTY : deliver(next);
    }

    /** One statement where the database returns what it writes; else ids under lock, each lease written and read back. */
    private List<ClaimedRow> claim(WorkerConnection c) throws SQLException {
        if (statements.leaseWrite().isEmpty()) {
            return c.claim(statements.claim(), bindings);
        }
        return c.inTransaction(tx -> {
            List<ClaimedRow> rows = new ArrayList<>();
            for (ClaimedRow id : tx.claim(statements.claim(), bindings)) {
                tx.update(statements.leaseWrite().get(), bindings.row(id));
                rows.addAll(tx.claim(statements.leaseRead().orElseThrow(), bindings.row(id)));
            }
            return rows;
        });
    }

    private Result deliver(Held held) throws SQLException, ResourceException {
        DeliveryBranch<WorkerConnection> branch = new DeliveryBranch<>(new PooledConnections(subscription.pool()),
                subscription.finisher());
        LazyBranchDelivery.Ended ended;
        try {
            // Fenced: the settlement matches only while the row's lease is still the one this delivery last wrote.
            ended = LazyBranchDelivery.deliver(subscription, branch, held.row(), held::stop,
                    work -> subscription.pool().withConnection(c -> c.inTransaction(work)));
        } catch (ResourceException | RuntimeException | Error e) {
            // The listener was not reached (no MDB instance free, an undeploy): no attempt to count.
            release(held.stop());
            throw e;
        }
        ClaimedRow row = held.stop();
        if (!ended.committed()) {
            recordFailure(row, ended.error());
        }
        ended.rethrowTrouble();
        return ended.committed() ? Result.DELIVERED : Result.FAILED;
    }

    /** Counts the failed attempt and clears the lease, fenced by the token, or just clears the lease. */
    private void recordFailure(ClaimedRow row, String error) {
        try {
            boolean recorded = subscription.settlement().recordsFailures() && subscription.pool()
                    .withConnection(c -> c.inTransaction(tx -> subscription.settlement().recordFailure(tx, row, error)));
            if (!recorded) {
                release(row);
            }
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription.name() + "': the failure of row " + row.id()
                    + " could not be recorded; the row returns when its lease runs out", e);
        }
    }

    /** Clears the row's lease, so another claim can take it at once. */
    private void release(ClaimedRow row) {
        try {
            subscription.pool().withConnection(c -> c.update(statements.releaseLease().orElseThrow(), bindings.row(row)));
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription.name() + "': the lease of row " + row.id()
                    + " could not be cleared; the row returns when the lease runs out", e);
        }
    }

    @Override
    public void disconnect() {
        // Pooled connections that failed were discarded where they failed.
    }

    @Override
    public void close() {
        // Rows claimed ahead but never started go back at once, for another server to take.
        Held held;
        while ((held = ahead.poll()) != null) {
            release(held.stop());
        }
    }

    /** The branch's connection: borrowed from the subscription's pool, given back once decided. */
    private record PooledConnections(ConnectionPool pool) implements BranchConnections<WorkerConnection> {
        @Override
        public WorkerConnection acquire() throws SQLException {
            return pool.borrow();
        }

        @Override
        public XAResource resource(WorkerConnection connection) throws SQLException {
            return connection.xaResource();
        }

        @Override
        public void release(WorkerConnection connection, boolean broken) {
            if (broken) {
                pool.discard(connection);
            } else {
                pool.giveBack(connection);
            }
        }
    }
}
