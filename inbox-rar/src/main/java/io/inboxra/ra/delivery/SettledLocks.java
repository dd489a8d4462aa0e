package io.inboxra.ra.delivery;

import io.inboxra.ra.connection.ClaimedRow;

import java.util.ArrayList;
import java.util.List;

/**
 * The advisory locks of rows whose settlement committed, kept a little while to be let go
 * together: a committed row is deleted or no longer claimable, so its lock holds nothing back,
 * and letting go of it alone would cost a round trip a row. Kept at most {@link #MAX_ROWS} rows or
 * {@link #MAX_AGE_NANOS}, and let go at once when the worker finds nothing to claim, pauses or ends.
 * Only where each row has a lock of its own (no FIFO groups): a group's lock kept would hold back
 * the group's next row from other workers.
 *
 * <p>A row whose id repeats a kept one finds its lock held: by this worker's session, which takes
 * it again (the database counts it twice), or by no other until it is let go.
 */
final class SettledLocks {

    static final int MAX_ROWS = 64;
    static final long MAX_AGE_NANOS = 100_000_000L;

    private final List<ClaimedRow> rows = new ArrayList<>();
    private long since;

    void add(List<ClaimedRow> settled) {
        if (rows.isEmpty()) {
            since = System.nanoTime();
        }
        rows.addAll(settled);
    }

    /** @return whether they are to be let go now: enough of them, or kept long enough */
    boolean due() {
        return rows.size() >= MAX_ROWS || (!rows.isEmpty() && System.nanoTime() - since >= MAX_AGE_NANOS);
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
