package io.inboxra.ra.delivery;

import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.SubscriptionStatements;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.settlement.Settlement;

import io.inboxra.ra.xa.DeliveryBranch;
import jakarta.resource.ResourceException;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.List;

/**
 * One worker in the advisory lock form, on a connection of its own whose session lock holds
 * the row while no transaction is open. A row whose transaction did not commit is counted
 * while the lock still holds it, so it returns at once and never uncounted.
 */
public final class AdvisoryDelivery implements FormDelivery {

    private static final Logger LOG = System.getLogger(AdvisoryDelivery.class.getName());

    private final DeliveryContext context;
    private final SubscriptionStatements statements;
    private final Settlement settlement;
    private final Endpoints endpoints;
    private final Bindings bindings;
    private DatabaseConnection connection;

    public AdvisoryDelivery(DeliveryContext context) {
        this.context = context;
        this.statements = context.statements();
        this.settlement = context.settlement();
        this.endpoints = context.endpoints();
        this.bindings = context.bindings().limit(1).candidatesFor(context.settings().workers());
    }

    /** Claims a row, taking a session lock on its key, and delivers it ({@link #deliverLocked}). */
    @Override
    public Result deliverNext() throws SQLException, ResourceException {
        DatabaseConnection c = connection();
        List<ClaimedRow> claimed = context.failingRows().notSetAside(
                context.failingRows().claim(c, statements.claim(), bindings), this::unlock);
        if (claimed.isEmpty()) {
            return Result.EMPTY;
        }
        return deliverLocked(claimed.get(0));
    }

    /**
     * The delivery of a row whose lock this worker's session holds, top to bottom: re-read it,
     * endpoint, before, invoke, settle (the branch starts now, on the same connection), after,
     * record a failure while the lock still holds, and release the lock.
     *
     * @param locked the row as the claim that locked it returned it
     */
    Result deliverLocked(ClaimedRow locked) throws SQLException, ResourceException {
        DatabaseConnection c = connection();
        try {
            List<ClaimedRow> fresh = recheck(locked);
            if (fresh.isEmpty()) {
                return Result.EMPTY;
            }
            ClaimedRow row = fresh.get(0);
            DeliveryBranch<DatabaseConnection> branch = branch();
            SettleAttempt attempt = SettleAttempt.notSettled();
            String notCommitted = null;
            // A ResourceException from the endpoint (no MDB instance free) reached no listener: nothing is counted.
            try (ListenerEndpoint endpoint = endpoints.create(branch)) {
                endpoint.before();
                try {
                    ListenerEndpoint.Invocation invocation = endpoint.invoke(row);
                    attempt = SettleAttempt.of(context, branch, row, invocation, c::inTransaction);
                } finally {
                    if (!attempt.settled()) {
                        branch.markRollbackOnly();
                    }
                    notCommitted = endpoint.after(row, attempt.settled());
                }
            }
            boolean committed = attempt.committed(branch, endpoints.isTransacted());
            if (attempt.settled()) {
                settlement.counted(row, attempt.outcome(), committed);
            }
            if (!committed) {
                // While the lock still holds the row: no claim takes it before it is set aside.
                context.failingRows().failed(row);
            }
            if (!committed && settlement.recordsFailures() && !c.isBroken()) {
                // A commit that failed: its innermost cause (the MDB's own resource's constraint), not "rolled back".
                String error = notCommitted != null ? notCommitted : attempt.error();
                c.inTransaction(tx -> settlement.recordFailure(tx, row, error));
            }
            attempt.rethrowTrouble();
            return context.failingRows().after(row, committed);
        } finally {
            unlock(c, locked);
        }
    }

    /**
     * Re-reads a locked row: the snapshot that found it may be older than another session's
     * settlement or failure record, so the row is delivered as it is now, if it is still claimable.
     *
     * @return the row as it is now, with the claim's key and group, or none
     */
    List<ClaimedRow> recheck(ClaimedRow locked) throws SQLException {
        return connection().claim(statements.recheck().orElseThrow(), bindings.row(locked)).stream()
                .map(row -> row.lockedBy(locked)).toList();
    }

    /** @return a new branch for one delivery's transaction, on the worker's own (locked) session */
    DeliveryBranch<DatabaseConnection> branch() throws SQLException {
        return new DeliveryBranch<>(new WorkersOwnConnection(connection()), context.connections().finisher());
    }

    /** Releases a row's lock; a lock not held is logged. */
    void unlock(ClaimedRow row) throws SQLException {
        unlock(connection(), row);
    }

    private void unlock(DatabaseConnection c, ClaimedRow row) throws SQLException {
        Object released = c.first(statements.unlock().orElseThrow(), bindings.row(row));
        if (!ClaimedRow.isYes(released)) {
            LOG.log(Level.WARNING, "Inbox subscription '" + context.name() + "': the advisory lock of row "
                    + row.id() + " was not held when it was released");
        }
    }

    DatabaseConnection connection() throws SQLException {
        if (connection == null) {
            connection = context.connections().connect();
        }
        return connection;
    }

    @Override
    public void disconnect() {
        if (connection != null) {
            context.connections().disconnect(connection);
            connection = null;
        }
    }

    @Override
    public boolean isBroken() {
        return connection != null && connection.isBroken();
    }

    @Override
    public void close() {
        disconnect();
    }
}
