package io.inboxra.ra.dialect;

import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;

/**
 * A row lock claim that also takes a guard of each row it returns, held to the end of the
 * claim's transaction, and skips a row whose guard another transaction holds. A prepared
 * branch keeps its guard; the adapter, before it rolls such a branch back, queues for the guard
 * ({@link #claimGuard}), so the guard passes straight to the failure's record when the branch
 * ends, and no claim takes the row before its failure is counted. PostgreSQL needs it: a waiter
 * on the row's own lock wakes only after the rollback, and a claim in between can take the row.
 */
public interface RowClaimGuard {

    /** @return the statement that waits for the guard of the row {@link io.inboxra.dialect.Param#ID} and takes it */
    Statement claimGuard(TableSpec spec);
}
