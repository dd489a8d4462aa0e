package io.inboxra.operations;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A subscription's rows as its database tells them now ({@link SubscriptionView#backlog()}), one
 * query each, for the subscription's queue only.
 *
 * @param claimable rows a claim would take now (due, not processed, not dead, no live lease,
 *        head of their FIFO group)
 * @param lag how long the oldest claimable row has been due: now minus the smallest due time
 *        among them, by the database's clock; empty without a {@code dueColumn} (then see
 *        {@code oldestClaimableId}), or when no claimable row has a due time
 * @param oldestClaimableId the smallest claimable id, as text: the id-order proxy for the lag,
 *        for tables without a due column; empty when nothing is claimable
 * @param inWork rows claimed and not yet settled: the live leases in the lease form; empty in
 *        the row lock and advisory forms, where the database does not show them (see
 *        {@link SubscriptionSnapshot#workersBusy()} instead)
 * @param deadLetters the subscription's dead letters; empty without a {@code deadLetterTable}
 *        or {@code deadAtColumn}
 */
public record Backlog(long claimable, Optional<Duration> lag, Optional<String> oldestClaimableId,
        OptionalLong inWork, OptionalLong deadLetters) {

    /** Checks that nothing is missing. */
    public Backlog {
        Objects.requireNonNull(lag, "lag");
        Objects.requireNonNull(oldestClaimableId, "oldestClaimableId");
        Objects.requireNonNull(inWork, "inWork");
        Objects.requireNonNull(deadLetters, "deadLetters");
    }
}
