package io.inboxra.ra.delivery;

import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;

import io.inboxra.dialect.Advisory;
import io.inboxra.dialect.Statement;
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
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One worker in the advisory lock form with a {@code batchSize} above 1. One statement claims up
 * to {@code batchSize} rows, its session taking the lock of each (with FIFO groups, of each
 * group's head), and the batch is one {@link BatchTurn} on the same session: one transaction, one
 * settlement statement for the acknowledged rows, one commit for all.
 *
 * <p>A batch that rolled back counted no attempt on its rows. Their locks are still this
 * session's: the worker delivers them one at a time ({@link AdvisoryDelivery#deliverLocked}: a
 * failure is counted while the lock holds, and dead-lettered at {@code maxAttempts}) before it
 * claims the next batch. An MDB without a container transaction is delivered one row at a time.
 */
public final class AdvisoryBatchDelivery implements FormDelivery {

    private static final Logger LOG = System.getLogger(AdvisoryBatchDelivery.class.getName());

    private final DeliveryContext context;
    private final AdvisoryDelivery single;
    private final BatchTurn turn;
    private final Bindings claimBindings;
    private final Advisory advisory;
    /** The re-read of a batch's rows, by how many (built once per size, not per claim). */
    private final Map<Integer, Optional<Statement>> recheckAll = new HashMap<>();
    private final Optional<Statement> unlockAll;
    private final Deque<ClaimedRow> owed = new ArrayDeque<>();

    public AdvisoryBatchDelivery(DeliveryContext context) {
        this.context = context;
        this.single = new AdvisoryDelivery(context);
        this.turn = new BatchTurn(context);
        this.claimBindings = context.bindings().limit(context.settings().batchSize())
                .candidatesFor(context.settings().workers());
        // The advisory lock form's subscriptions run only on a dialect that has it (checked at activation).
        this.advisory = (Advisory) context.dialect();
        this.unlockAll = advisory.unlockAll(context.settings().table());
    }

    @Override
    public Result deliverNext() throws SQLException, ResourceException {
        ClaimedRow next = owed.poll();
        if (next != null) {
            return single.deliverLocked(next);
        }
        if (!context.endpoints().isTransacted()) {
            return single.deliverNext();
        }
        DatabaseConnection c = single.connection();
        List<ClaimedRow> locked = context.failingRows().notSetAside(
                context.failingRows().claim(c, context.statements().claim(), claimBindings), single::unlock);
        if (locked.isEmpty()) {
            return Result.EMPTY;
        }
        if (locked.size() == 1) {
            // A batch of one is a single delivery, whose failure is counted at once.
            return single.deliverLocked(locked.get(0));
        }
        List<ClaimedRow> unlock = new ArrayList<>(locked);
        try {
            List<ClaimedRow> rows = recheck(c, locked);
            if (rows.isEmpty()) {
                return Result.EMPTY;
            }
            BatchTurn.Delivered delivered = turn.deliver(single.branch(), branch -> rows);
            // Still locked by this session: delivered one at a time before the next batch, unlocked then.
            owed.addAll(delivered.again());
            Set<Object> again = delivered.again().stream().map(ClaimedRow::idKey).collect(Collectors.toSet());
            unlock.removeIf(row -> again.contains(row.idKey()));
            return delivered.result();
        } finally {
            // A lost session took its locks with it.
            if (!c.isBroken()) {
                unlock(c, unlock, unlock.size() == locked.size());
            }
        }
    }

    /** Re-reads the locked rows, in one statement where the dialect has one: those still claimable, as they are now. */
    private List<ClaimedRow> recheck(DatabaseConnection c, List<ClaimedRow> locked) throws SQLException {
        Optional<Statement> all = recheckAll.computeIfAbsent(locked.size(),
                n -> advisory.recheckAll(context.settings().table(), n));
        if (all.isEmpty() || locked.size() == 1) {
            List<ClaimedRow> rows = new ArrayList<>();
            for (ClaimedRow row : locked) {
                rows.addAll(single.recheck(row));
            }
            return rows;
        }
        Map<Object, ClaimedRow> fresh = new HashMap<>();
        for (ClaimedRow row : c.claim(all.get(), context.bindings().rows(locked))) {
            fresh.put(row.idKey(), row);
        }
        // In claim order, as the claim returned them: the re-read's own order is the database's.
        List<ClaimedRow> rows = new ArrayList<>();
        for (ClaimedRow claim : locked) {
            ClaimedRow row = fresh.get(claim.idKey());
            if (row != null) {
                rows.add(row.lockedBy(claim));
            }
        }
        return rows;
    }

    /** Releases the rows' locks: all the session holds in one statement when these are all of them and the dialect can. */
    private void unlock(DatabaseConnection c, List<ClaimedRow> rows, boolean everyLock) throws SQLException {
        if (everyLock && unlockAll.isPresent() && rows.size() > 1) {
            c.first(unlockAll.get(), context.bindings());
            return;
        }
        for (ClaimedRow row : rows) {
            single.unlock(row);
        }
    }

    @Override
    public boolean isBroken() {
        return single.isBroken();
    }

    @Override
    public void pause() {
        // Rows owed but not started go back at once, for another worker or server to take.
        try {
            ClaimedRow row;
            while ((row = owed.peek()) != null) {
                single.unlock(row);
                owed.poll();
            }
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + context.name() + "': the locks of rows owed by a"
                    + " failed batch could not be released; the worker's session is closed, which releases them", e);
            disconnect();
        }
    }

    @Override
    public void disconnect() {
        owed.clear();
        single.disconnect();
    }

    @Override
    public void close() {
        disconnect();
    }
}
