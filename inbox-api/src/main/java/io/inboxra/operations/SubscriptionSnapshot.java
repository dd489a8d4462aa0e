package io.inboxra.operations;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A subscription's counters and state at one moment, from memory (no database round trip).
 * The counters count since the activation, in this server only.
 *
 * @param name the subscription's name
 * @param form the form it claims in ({@code ROW_LOCK}, {@code LEASE} or {@code ADVISORY})
 * @param state what it is doing
 * @param outageSince when its current database outage began, while in {@link SubscriptionState#OUTAGE}; when
 *        the longest wait for the database began, while {@link SubscriptionState#STALLED}
 * @param workers its workers
 * @param workersBusy the workers in a turn now (claiming or delivering)
 * @param delivered deliveries acknowledged and committed
 * @param failed deliveries that did not commit (the listener threw, the transaction rolled back,
 *        the settlement failed)
 * @param retried rows rescheduled: by the listener's retry, or by a failure's record
 * @param deadLettered rows dead-lettered: by the listener, or at {@code maxAttempts}
 * @param commitFailures deliveries settled whose transaction then did not commit (counted in
 *        {@code failed} as well)
 * @param recentRate deliveries committed (acknowledged, retried or dead-lettered) in the last minute
 * @param lastError the last failure recorded or database trouble, if any
 * @param lastErrorAt when it happened
 * @param oldestClaimTransaction how long the oldest claim transaction open now has been open, if one is: in
 *        the row lock form the claim's transaction stays open while the MDB runs, and an open transaction
 *        holds back the database's clean-up of dead rows (PostgreSQL's vacuum, InnoDB's purge)
 * @param pausedBecause why it paused itself, while {@link SubscriptionState#PAUSED} by itself after failed
 *        deliveries in a row ({@code pauseAfterFailures}); empty while it runs, or when an operator paused it.
 *        A pause of its own means something is wrong (readiness reports it DOWN); an operator's does not
 */
public record SubscriptionSnapshot(String name, String form, SubscriptionState state, Optional<Instant> outageSince,
        int workers, int workersBusy, long delivered, long failed, long retried, long deadLettered,
        long commitFailures, long recentRate, Optional<String> lastError, Optional<Instant> lastErrorAt,
        Optional<Duration> oldestClaimTransaction, Optional<String> pausedBecause) {

    /** Checks that nothing is missing. */
    public SubscriptionSnapshot {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(form, "form");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(outageSince, "outageSince");
        Objects.requireNonNull(lastError, "lastError");
        Objects.requireNonNull(lastErrorAt, "lastErrorAt");
        Objects.requireNonNull(oldestClaimTransaction, "oldestClaimTransaction");
        Objects.requireNonNull(pausedBecause, "pausedBecause");
    }

    /** @return the workers not in a turn now (waiting for rows, or paused) */
    public int workersIdle() {
        return workers - workersBusy;
    }
}
