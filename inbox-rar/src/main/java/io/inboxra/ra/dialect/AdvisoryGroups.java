package io.inboxra.ra.dialect;

import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;

/**
 * The advisory lock form's FIFO groups: its session lock is the group's, one row of a group in
 * work at a time. More than one ({@code groupConcurrency} above 1) would need a lock per row and
 * one of the group's slots besides, taken together in one claim without leaking either: not built,
 * so the claim refuses it, and the row lock and lease forms keep several rows of a group in work.
 */
final class AdvisoryGroups {

    private AdvisoryGroups() {
    }

    static void requireOneAtATime(String dialect, TableSpec spec) throws StatementException {
        if (spec.isFifo() && spec.groupConcurrency() > 1) {
            throw new StatementException(StatementException.Kind.UNSUPPORTED_FIFO, dialect, "the advisory lock form"
                    + " keeps one row of a FIFO group in work at a time, and 'groupConcurrency' is "
                    + spec.groupConcurrency() + ": set 'groupConcurrency' to 1, or use the row lock form (no"
                    + " 'advisoryLock') or the lease form ('lockedUntilColumn') for several rows of a group at once");
        }
    }
}
