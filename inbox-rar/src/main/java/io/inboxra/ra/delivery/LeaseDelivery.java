package io.inboxra.ra.delivery;

import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.ConnectionPool;
import io.inboxra.ra.connection.SubscriptionStatements;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.settlement.Settlement;

import io.inboxra.dialect.LeaseInSteps;
import io.inboxra.dialect.Statement;
import io.inboxra.ra.xa.BranchConnections;
import io.inboxra.ra.xa.DeliveryBranch;
import jakarta.resource.ResourceException;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.transaction.xa.XAResource;

/**
 * One worker in the lease form. A short statement of its own claims up to {@code batchSize}
 * rows, writing their lease, and a heartbeat starts for each at once (rows claimed ahead keep
 * their lease while they wait). A row whose transaction did not commit is counted while its
 * lease still holds it (or has its lease cleared), so it returns at once and never uncounted.
 */
public final class LeaseDelivery implements FormDelivery {

    private static final Logger LOG = System.getLogger(LeaseDelivery.class.getName());

    /** A claimed row and the heartbeat that keeps its lease. */
    private record Held(ClaimedRow row, LeaseHeartbeat heartbeat) {
        /** Stops the heartbeat: from now on the lease is the one last written, the settlement's fencing token. */
        ClaimedRow stopHeartbeat() {
            return row.withToken(heartbeat.stop());
        }
    }

    private final DeliveryContext context;
    private final SubscriptionStatements statements;
    private final Settlement settlement;
    private final Endpoints endpoints;
    private final ConnectionPool pool;
    private final Bindings bindings;
    private final Deque<Held> ahead = new ArrayDeque<>();
    /** The claim in steps' statements for all of a claim's rows, by how many (built once per size, not per poll). */
    private final Map<Integer, Optional<Statement>> leaseWriteAll = new HashMap<>();
    private final Map<Integer, Optional<Statement>> leaseReadAll = new HashMap<>();
    private final LeaseInSteps steps;

    public LeaseDelivery(DeliveryContext context) {
        this.context = context;
        this.statements = context.statements();
        this.settlement = context.settlement();
        this.endpoints = context.endpoints();
        this.pool = context.connections().pool();
        this.bindings = context.bindings().limit(context.settings().batchSize()).lease(context.settings().lease());
        this.steps = statements.leaseInSteps() ? (LeaseInSteps) context.dialect() : null;
    }

    /**
     * The delivery, top to bottom: claim (or take a row claimed ahead), endpoint, before,
     * invoke, stop the heartbeat, settle (the branch starts now, on a pooled connection,
     * matching the row's last token), after, and record a failure while the lease still holds.
     */
    @Override
    public Result deliverNext() throws SQLException, ResourceException {
        if (ahead.isEmpty()) {
            hold(claimRows());
        }
        Held held = ahead.poll();
        if (held == null) {
            return Result.EMPTY;
        }
        DeliveryBranch<DatabaseConnection> branch = branch();
        SettleAttempt attempt = SettleAttempt.notSettled();
        String notCommitted = null;
        try (ListenerEndpoint endpoint = endpoints.create(branch)) {
            endpoint.before();
            try {
                ListenerEndpoint.Invocation invocation = endpoint.invoke(held.row());
                ClaimedRow fenced = held.stopHeartbeat();
                attempt = SettleAttempt.of(context, branch, fenced, invocation,
                        work -> pool.withConnection(c -> c.inTransaction(work)));
            } finally {
                if (!attempt.settled()) {
                    branch.markRollbackOnly();
                }
                notCommitted = endpoint.after(held.row(), attempt.settled());
            }
        } catch (ResourceException | RuntimeException | Error e) {
            // The listener was not reached (no MDB instance free, an undeploy): no attempt to count.
            release(held.stopHeartbeat());
            throw e;
        }
        boolean committed = attempt.committed(branch, endpoints.isTransacted());
        if (attempt.settled()) {
            settlement.counted(held.row(), attempt.outcome(), committed);
        }
        if (!committed) {
            // While the lease still holds the row: no claim takes it before it is set aside.
            context.failingRows().failed(held.row());
            // A commit that failed: its innermost cause (the MDB's own resource's constraint), not "rolled back".
            recordFailure(held.stopHeartbeat(), notCommitted != null ? notCommitted : attempt.error());
        }
        attempt.rethrowTrouble();
        return context.failingRows().after(held.row(), committed);
    }

    /** @return a new branch for one delivery's transaction, on a connection of the pool once it settles */
    DeliveryBranch<DatabaseConnection> branch() {
        return new DeliveryBranch<>(new PooledConnections(pool), context.connections().finisher());
    }

    /** @return whether rows claimed before wait to be delivered one at a time */
    boolean holdsRows() {
        return !ahead.isEmpty();
    }

    /** Claims up to {@code batchSize} rows, each leased, in a short transaction of its own. */
    List<ClaimedRow> claimRows() throws SQLException {
        return context.failingRows().notSetAside(pool.withConnection(this::claim), this::release);
    }

    /** Takes rows just claimed to deliver them one at a time, each kept alive meanwhile. */
    void hold(List<ClaimedRow> rows) {
        for (ClaimedRow row : rows) {
            ahead.add(new Held(row, LeaseHeartbeat.start(context, row)));
        }
    }

    /**
     * Takes back the rows of a batch that rolled back, to deliver them one at a time: those whose
     * lease still holds, checked by extending it now. A row whose lease ran out and was claimed by
     * another worker is that worker's; it is not handed to the listener again here.
     */
    void holdAgain(List<ClaimedRow> rows) {
        for (ClaimedRow row : rows) {
            LeaseHeartbeat heartbeat = LeaseHeartbeat.startIfHeld(context, row);
            if (heartbeat != null) {
                ahead.add(new Held(row, heartbeat));
            }
        }
    }

    /**
     * One statement where the database returns what it writes; else ids under lock, their leases
     * written and the rows read back (all in one statement each where the dialect can, or row by row).
     */
    private List<ClaimedRow> claim(DatabaseConnection c) throws SQLException {
        if (!statements.leaseInSteps()) {
            return context.failingRows().claim(c, statements.claim(), bindings);
        }
        return c.inTransaction(tx -> {
            List<ClaimedRow> ids = context.failingRows().claim(tx, statements.claim(), bindings);
            Optional<Statement> writeAll = ids.size() > 1 ? leaseWriteAll.computeIfAbsent(ids.size(),
                    n -> steps.leaseWriteAll(context.settings().table(), n)) : Optional.empty();
            Optional<Statement> readAll = ids.size() > 1 ? leaseReadAll.computeIfAbsent(ids.size(),
                    n -> steps.leaseReadAll(context.settings().table(), n)) : Optional.empty();
            if (writeAll.isPresent() && readAll.isPresent()) {
                tx.update(writeAll.get(), bindings.rows(ids));
                return inClaimOrder(ids, tx.claim(readAll.get(), bindings.rows(ids)));
            }
            List<ClaimedRow> rows = new ArrayList<>();
            for (ClaimedRow id : ids) {
                tx.update(statements.leaseWrite().orElseThrow(), bindings.row(id));
                rows.addAll(tx.claim(statements.leaseRead().orElseThrow(), bindings.row(id)));
            }
            return rows;
        });
    }

    /** @return the rows read back, in the order the claim took their ids */
    private static List<ClaimedRow> inClaimOrder(List<ClaimedRow> ids, List<ClaimedRow> read) {
        Map<Object, ClaimedRow> byId = new HashMap<>();
        read.forEach(row -> byId.put(row.idKey(), row));
        List<ClaimedRow> rows = new ArrayList<>();
        for (ClaimedRow id : ids) {
            ClaimedRow row = byId.get(id.idKey());
            if (row != null) {
                rows.add(row);
            }
        }
        return rows;
    }

    /** Counts the failed attempt and clears the lease, fenced by the token, or just clears the lease. */
    private void recordFailure(ClaimedRow row, String error) {
        try {
            boolean recorded = settlement.recordsFailures()
                    && pool.withConnection(c -> c.inTransaction(tx -> settlement.recordFailure(tx, row, error)));
            if (!recorded) {
                release(row);
            }
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + context.name() + "': the failure of row " + row.id()
                    + " could not be recorded; the row returns when its lease runs out", e);
        }
    }

    /** Clears the row's lease, so another claim can take it at once. */
    void release(ClaimedRow row) {
        try {
            pool.withConnection(c -> c.update(statements.releaseLease().orElseThrow(), bindings.row(row)));
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + context.name() + "': the lease of row " + row.id()
                    + " could not be cleared; the row returns when the lease runs out", e);
        }
    }

    @Override
    public void disconnect() {
        // Pooled connections that failed were discarded where they failed.
    }

    @Override
    public void pause() {
        close();
    }

    @Override
    public void close() {
        // Rows claimed ahead but never started go back at once, for another server to take.
        Held held;
        while ((held = ahead.poll()) != null) {
            release(held.stopHeartbeat());
        }
    }

    /** The branch's connection: borrowed from the subscription's pool, given back once decided. */
    private record PooledConnections(ConnectionPool pool) implements BranchConnections<DatabaseConnection> {
        @Override
        public DatabaseConnection acquire() throws SQLException {
            return pool.borrow();
        }

        @Override
        public XAResource resource(DatabaseConnection connection) throws SQLException {
            return connection.xaResource();
        }

        @Override
        public void release(DatabaseConnection connection, boolean broken) {
            if (broken) {
                pool.discard(connection);
            } else {
                pool.giveBack(connection);
            }
        }
    }
}
