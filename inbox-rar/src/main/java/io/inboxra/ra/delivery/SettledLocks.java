package io.inboxra.ra.delivery;

import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.connection.ClaimedRow;

import java.util.ArrayList;
import java.util.List;

/**
 * The advisory locks of rows whose settlement committed, kept a little while to be let go
 * together: such a row is deleted or no longer claimable, so its lock holds nothing back,
 * and letting go of it alone would cost a round trip a row. Kept at most {@link #MAX_ROWS} rows or
 * {@link #MAX_AGE_NANOS}, and let go at once when the worker finds nothing to claim, pauses or ends.
 * Only the locks of rows gone (acknowledged or dead-lettered, not retried), and only where each
 * row's lock is its id's ({@link #keptFor}): a group's lock, or a key that rows share, would hold
 * back other rows from other workers. While the worker holds rows owed (a batch's that rolled
 * back, or those a {@code prefetch} claim took ahead), whose locks must stay, the kept ones wait
 * past {@link #MAX_AGE_NANOS} until those are delivered, to go in one statement, unless
 * {@link #MAX_ROWS} are kept.
 *
 * <p>A row whose id repeats a kept one (after its dead letter moved out, say) finds its lock held:
 * by this worker's session, which takes it again (the database counts it twice), or by no other
 * until it is let go.
 */
final class SettledLocks {

    static final int MAX_ROWS = 64;
    static final long MAX_AGE_NANOS = 100_000_000L;

    /** @return whether the table's locks of rows gone may be kept: each row's lock is its id's, no FIFO group's */
    static boolean keptFor(TableSpec table) {
        return table.fifoColumn().isEmpty()
                && table.advisoryLock().filter(key -> key.equalsIgnoreCase(table.idColumn())).isPresent();
    }

    private final List<ClaimedRow> rows = new ArrayList<>();
    private long since;

    void add(List<ClaimedRow> settled) {
        if (rows.isEmpty()) {
            since = System.nanoTime();
        }
        rows.addAll(settled);
    }

    /** @return whether as many are kept as may be: let go now, even one by one */
    boolean full() {
        return rows.size() >= MAX_ROWS;
    }

    /** @return whether they are to be let go now: enough of them, or kept long enough */
    boolean due() {
        return full() || (!rows.isEmpty() && System.nanoTime() - since >= MAX_AGE_NANOS);
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    /** @return the rows kept, forgotten here: the caller lets go of their locks */
    List<ClaimedRow> take() {
        List<ClaimedRow> taken = List.copyOf(rows);
        rows.clear();
        return taken;
    }

    /** The session that held them is gone, or let go of all its locks. */
    void forget() {
        rows.clear();
    }
}
