package io.inboxra.ra.delivery;

import io.inboxra.dialect.Advisory;
import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.connection.SubscriptionStatements;
import io.inboxra.ra.settlement.FailureRecords;
import io.inboxra.ra.xa.DeliveryBranch;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The advisory lock form: a session lock on each row's key (with FIFO groups, on its group; with a
 * {@code groupConcurrency} above 1, on the row's key and one of its group's {@link GroupSlots}) holds
 * it, on a connection of the worker's own, while no transaction is open. One statement claims up
 * to {@code batchSize} rows (one where the listener has no container transaction), locking exactly
 * the rows it returns; each is re-read, since the snapshot that found it may be older than another
 * session's settlement, unless the claim read it as it is once locked ({@link Advisory#claimReadsLatest});
 * the branch starts at the settlement, on the same session. A lone row that did not commit is
 * counted while its lock still holds it, so it returns at once and never uncounted; the rows of a
 * batch that rolled back stay locked and are delivered one at a time before the next claim, each
 * read again first, as are, with {@code prefetch} above 1 (no FIFO groups), the other rows a claim
 * took. Every
 * lock is released as its turn ends, but those of committed rows without FIFO groups, which are let
 * go a few turns later, together ({@link SettledLocks}).
 */
final class AdvisoryForm implements ClaimForm {

    private static final Logger LOG = System.getLogger(AdvisoryForm.class.getName());

    private final DeliveryContext context;
    private final SubscriptionStatements statements;
    private final FailureRecords records;
    private final DeliveryTally tally;
    private final Advisory advisory;
    private final Bindings one;
    private final Bindings batch;
    /** The same with the first look's narrower window of candidates ({@link Bindings#firstCandidatesFor}). */
    private final Bindings firstOne;
    private final Bindings firstBatch;
    /** Each claimed row read again, where the claim does not read its rows as they are once locked. */
    private final AdvisoryRecheck recheck;
    /** The locks the session holds, as they are let go. */
    private final AdvisoryLocks locks;
    /**
     * Rows of a batch that rolled back, or the other rows of a {@code prefetch} claim: still locked
     * by this session, each read again (which also finds a session that died meanwhile, and its
     * locks with it, before the listener runs) and delivered one at a time, before the next claim.
     */
    private final Deque<ClaimedRow> owed = new ArrayDeque<>();
    /** {@code prefetch} above 1: a claim's rows beyond the first wait among the rows owed. */
    private final boolean prefetches;
    private DatabaseConnection connection;
    /** The rows this turn locked (or was owed), as the claim returned them. */
    private List<ClaimedRow> locked = List.of();
    /** Those still claimable, as they are now. */
    private List<ClaimedRow> current = List.of();

    AdvisoryForm(DeliveryContext context, DeliveryTally tally) {
        this.context = context;
        this.statements = context.statements();
        this.records = context.failures();
        this.tally = tally;
        // The advisory lock form's subscriptions run only on a dialect that has it (checked at activation).
        this.advisory = (Advisory) context.dialect();
        int workers = context.settings().workers();
        this.one = context.bindings().limit(1).candidatesFor(workers);
        // prefetch is above 1 only at batchSize 1: a claim takes the one or the other, as the lease form's does.
        int rowsPerClaim = Math.max(context.settings().batchSize(), context.settings().prefetch());
        this.batch = context.bindings().limit(rowsPerClaim).candidatesFor(workers);
        this.firstOne = context.bindings().limit(1).firstCandidatesFor(workers);
        this.firstBatch = context.bindings().limit(rowsPerClaim).firstCandidatesFor(workers);
        this.prefetches = context.settings().prefetch() > 1;
        this.recheck = new AdvisoryRecheck(context, advisory, one);
        this.locks = new AdvisoryLocks(context, advisory.unlockAll(context.settings().table()), one);
    }

    /**
     * A row owed, or a new claim taking the lock of each row it returns; then each re-read where
     * needed. The branch is a new one for each delivery, on the worker's own (locked) session: it
     * starts only once it settles.
     */
    @Override
    public DeliveryBranch<DatabaseConnection> prepare(boolean transacted) throws SQLException {
        DatabaseConnection c = connection();
        // Kept long enough (a failed turn, a wait, a slow listener came in between): let go before the claim.
        locks.letGoSettledIfDue(c, owed);
        current = nextOwed(c);
        if (!current.isEmpty()) {
            return branchOn(c);
        }
        boolean severalRows = transacted || prefetches;
        locked = claim(c, severalRows ? firstBatch : firstOne);
        if (locked.isEmpty()) {
            // Other sessions may hold every row of the first look's window: look further before waiting.
            locked = claim(c, severalRows ? batch : one);
        }
        if (locked.isEmpty()) {
            // Nothing to do: no lock is kept while the worker waits.
            locks.letGoSettled(c, owed);
            return null;
        }
        current = recheck.needed() ? recheck.of(c, locked) : locked;
        if (current.isEmpty()) {
            release(List.of());
            return null;
        }
        if (prefetches && current.size() > 1) {
            // One row this turn, the others each in a turn of its own, their locks kept meanwhile.
            owed.addAll(current.subList(1, current.size()));
            current = List.of(current.get(0));
        }
        return branchOn(c);
    }

    /** A new branch for each delivery, on the worker's own (locked) session: it starts only once it settles. */
    private DeliveryBranch<DatabaseConnection> branchOn(DatabaseConnection c) {
        return new DeliveryBranch<>(new WorkersOwnConnection(c), context.connections().finisher());
    }

    /**
     * The next row owed that is still claimable, read again; a row gone meanwhile (settled or
     * deleted from outside, its earlier branch committed by recovery) has its lock let go, and the
     * next one owed is read, so that none of them waits locked behind it.
     *
     * @return the row, or none when nothing is owed
     */
    private List<ClaimedRow> nextOwed(DatabaseConnection c) throws SQLException {
        ClaimedRow next;
        while ((next = owed.poll()) != null) {
            locked = List.of(next);
            List<ClaimedRow> now = recheck.of(c, locked);
            if (!now.isEmpty()) {
                return now;
            }
            release(List.of());
        }
        return List.of();
    }

    private List<ClaimedRow> claim(DatabaseConnection c, Bindings window) throws SQLException {
        return GuardedClaim.claim(context.failingRows(), c, statements.claim(), window, row -> locks.unlock(c, row),
                locks::inSlots);
    }

    @Override
    public List<ClaimedRow> claim(DeliveryBranch<DatabaseConnection> branch) {
        return current;
    }

    /** Counts the failed attempt while the session's lock still holds the row (its session lost: the lock is gone). */
    @Override
    public void failed(ClaimedRow row, String reason, boolean settled) throws SQLException {
        // While the lock still holds the row: no claim takes it before it is set aside.
        context.failingRows().failed(row);
        if (records.areKept() && !connection.isBroken()) {
            FailureRecords.Recorded recorded = connection.inTransaction(tx -> records.record(tx, row, reason));
            tally.recorded(row, reason, recorded);
        }
    }

    @Override
    public void again(List<ClaimedRow> rows) {
        owed.addAll(rows);
    }

    /**
     * Releases the turn's locks but those of rows owed; those of rows gone are kept, where kept locks
     * are, to be let go later, together ({@link AdvisoryLocks#release}).
     */
    @Override
    public void release(List<ClaimedRow> gone) throws SQLException {
        List<ClaimedRow> rows = locked;
        locked = List.of();
        current = List.of();
        locks.release(connection, rows, gone, owed);
    }

    /**
     * The turn failed before its row was settled: its lock goes, and with {@code prefetch} so do
     * those of the rows claimed ahead, for another worker or server to take while this one waits
     * out its trouble. (The rows owed by a batch that rolled back stay, to be delivered one at a
     * time: a claim could take them as a batch again.)
     */
    @Override
    public void abandon() {
        try {
            release(List.of());
            if (prefetches) {
                pause();
            }
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + context.name() + "': the locks of rows not delivered"
                    + " could not be released; the worker's session is closed, which releases them", e);
            disconnect();
        }
    }

    private DatabaseConnection connection() throws SQLException {
        if (connection == null) {
            connection = context.connections().connect();
        }
        return connection;
    }

    @Override
    public void connect() throws SQLException {
        connection();
    }

    @Override
    public boolean isBroken() {
        return connection != null && connection.isBroken();
    }

    @Override
    public void disconnect() {
        owed.clear();
        locks.forget();
        locked = List.of();
        current = List.of();
        if (connection != null) {
            context.connections().disconnect(connection);
            connection = null;
        }
    }

    /** Rows owed (or claimed ahead) but not started go back at once, for another worker or server to take. */
    @Override
    public void pause() {
        if (isBroken()) {
            // A session marked broken may still hold locks (a failed rollback left it so): closed, it holds none.
            disconnect();
            return;
        }
        try {
            locks.letGoSettled(connection, owed);
            ClaimedRow row;
            while ((row = owed.peek()) != null) {
                locks.unlock(connection, row);
                owed.poll();
            }
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + context.name() + "': the locks of rows owed by a"
                    + " failed batch or already settled could not be released; the worker's session is closed,"
                    + " which releases them", e);
            disconnect();
        }
    }

    @Override
    public void close() {
        disconnect();
    }
}
