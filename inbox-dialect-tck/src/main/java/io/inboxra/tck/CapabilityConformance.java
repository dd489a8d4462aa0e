package io.inboxra.tck;

import io.inboxra.dialect.Advisory;
import io.inboxra.dialect.BranchSessions;
import io.inboxra.dialect.ClaimOrderIndex;
import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Lease;
import io.inboxra.dialect.LockWaits;
import io.inboxra.dialect.Notifications;
import io.inboxra.dialect.RowClaimGuard;

/**
 * The contracts of a dialect's capabilities beyond the claim forms, each checked against the
 * real database with the dialect's own statements, outside the adapter: sessions told apart
 * ({@link BranchSessions}), lock waits ({@link LockWaits}), the row claim guard ({@link RowClaimGuard}), wake-up by notification
 * ({@link Notifications}), the claim order index advice ({@link ClaimOrderIndex}), the batch
 * settlement with its ids bound ({@link Dialect#settleAll}, {@link Dialect#bindIds}), the
 * insert of a key only where it is absent ({@link Dialect#insertIfAbsent}, {@link Dialect#isKeyPresent}), a FIFO
 * group's slots ({@link Dialect#fifoSlotGuard}, {@link Dialect#fifoSlotRelease}, {@link Advisory#fifoSlotLock},
 * {@link Advisory#fifoSlotUnlock}), the
 * version minimums ({@link Dialect#requireVersion}) and the lease found after an extension that
 * went unanswered ({@link Lease#extendLeaseAfterCutOff}). A case whose capability the dialect lacks
 * is skipped, naming it. Extend it once, in a test of your own:
 *
 * <pre>{@code
 * class SqlServerCapabilitiesTest extends CapabilityConformance {
 *     @Override
 *     protected DialectUnderTest dialectUnderTest() {
 *         return SqlServerRowLockTest.TARGET;
 *     }
 * }
 * }</pre>
 *
 * <p>Each case creates the kit's table ({@link ColumnTypes}) and drops it; the kit's own
 * statements on it (inserts, counts, an {@code UPDATE} that takes a row's lock) are plain SQL.
 */
public abstract class CapabilityConformance extends LeaseExtensionConformance {
    // The cases are its superclasses', one capability each, from BranchSessionConformance down to
    // LeaseExtensionConformance; what they share is CapabilityCase's.
}
