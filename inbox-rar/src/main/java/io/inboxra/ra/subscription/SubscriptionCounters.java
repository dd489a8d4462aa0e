package io.inboxra.ra.subscription;

import io.inboxra.operations.SubscriptionSnapshot;
import io.inboxra.operations.SubscriptionState;
import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.delivery.endpoint.DatabaseWaits;
import io.inboxra.ra.delivery.OpenClaims;
import io.inboxra.ra.settlement.Tally;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What a subscription has done since its activation, counted where each event happens: a
 * delivery committed (acknowledged, retried or dead-lettered), a delivery that did not commit,
 * a failure's record, database trouble, and the workers in a turn. Read as a
 * {@link SubscriptionSnapshot}, with the state {@link Running} and {@link Outage} tell.
 */
public final class SubscriptionCounters implements Tally {

    /** The recent rate's window: one slot per second of the last minute. */
    private static final int SECONDS = 60;

    private final Clock clock;
    private final AtomicLong delivered = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicLong retried = new AtomicLong();
    private final AtomicLong deadLettered = new AtomicLong();
    private final AtomicLong commitFailures = new AtomicLong();
    private final AtomicInteger busy = new AtomicInteger();
    /** Bits of a slot that count its second's deliveries; the bits above them say which second it counts. */
    private static final int COUNT_BITS = 32;
    private static final long COUNT_MASK = (1L << COUNT_BITS) - 1;
    /**
     * One slot a second of the last minute: the second and its count in one long, so that a slot is
     * taken over for a new second and counted in one atomic update (apart, a count made between
     * another worker's taking over the slot and its reset to 0 was lost).
     */
    private final AtomicLongArray perSecond = new AtomicLongArray(SECONDS);
    private volatile LastError lastError;
    private final DatabaseWaits waits;
    private final OpenClaims openClaims;

    private record LastError(String what, Instant at) { }

    SubscriptionCounters(Clock clock) {
        this.clock = clock;
        this.waits = new DatabaseWaits(clock);
        this.openClaims = new OpenClaims(clock);
    }

    /** @return since when each worker's claim transaction has been open */
    OpenClaims openClaims() {
        return openClaims;
    }

    /** @return how long the workers in a turn have waited for their database */
    DatabaseWaits waits() {
        return waits;
    }

    /** A delivery acknowledged, and its transaction committed. */
    @Override
    public void delivered() {
        delivered.incrementAndGet();
        committedNow();
    }

    /** A row rescheduled and committed: by the listener's retry (a delivery) or a failure's record. */
    @Override
    public void retried(boolean byListener) {
        retried.incrementAndGet();
        if (byListener) {
            committedNow();
        }
    }

    /** A row dead-lettered and committed: by the listener (a delivery) or at maxAttempts. */
    @Override
    public void deadLettered(boolean byListener) {
        deadLettered.incrementAndGet();
        if (byListener) {
            committedNow();
        }
    }

    /** A delivery that did not commit. */
    @Override
    public void failed() {
        failed.incrementAndGet();
    }

    /** A delivery settled whose transaction then did not commit. */
    @Override
    public void commitFailed() {
        commitFailures.incrementAndGet();
    }

    /** The last failure or database trouble, for operators. */
    @Override
    public void error(String what) {
        lastError = new LastError(what, clock.instant());
    }

    /** @return the last failure or database trouble recorded, if any */
    Optional<String> lastError() {
        return Optional.ofNullable(lastError).map(LastError::what);
    }

    /** A worker begins a turn (a claim, then maybe a delivery). */
    void busy() {
        busy.incrementAndGet();
        waits.turnBegins();
    }

    /** A worker ends its turn. */
    void idle() {
        waits.turnEnds();
        busy.decrementAndGet();
    }

    /** Counts one committed delivery in the recent rate's slot of this second. */
    private void committedNow() {
        long second = clock.millis() / 1000;
        perSecond.updateAndGet((int) (second % SECONDS),
                counted -> counted >>> COUNT_BITS == second ? counted + 1 : second << COUNT_BITS | 1);
    }

    /** @return the deliveries committed in the last minute */
    long recentRate() {
        long now = clock.millis() / 1000;
        long sum = 0;
        for (int slot = 0; slot < SECONDS; slot++) {
            long counted = perSecond.get(slot);
            if (now - (counted >>> COUNT_BITS) < SECONDS) {
                sum += counted & COUNT_MASK;
            }
        }
        return sum;
    }

    /**
     * @return when the longest wait for the database began, when it has lasted longer than a
     *         statement may run ({@code statementTimeout}): the database would have cancelled a
     *         slow statement by then, so it does not answer
     */
    private Optional<Instant> stalledSince(SubscriptionSettings settings) {
        Instant limit = clock.instant().minus(settings.dataSource().timeouts().statement());
        return waits.oldest().filter(since -> since.isBefore(limit));
    }

    /**
     * @param settings the subscription's name, form and workers
     * @param running whether it runs, and whether an operator paused it
     * @param outage its database trouble
     * @return the counters and state now
     */
    SubscriptionSnapshot snapshot(SubscriptionSettings settings, Running running, Outage outage) {
        Optional<Instant> outageSince = outage.since();
        Optional<Instant> stalledSince = stalledSince(settings);
        SubscriptionState state = !running.isRunning() ? SubscriptionState.STOPPED
                : outageSince.isPresent() ? SubscriptionState.OUTAGE
                : stalledSince.isPresent() ? SubscriptionState.STALLED
                : running.isPaused() ? SubscriptionState.PAUSED : SubscriptionState.RUNNING;
        LastError error = lastError;
        int workers = settings.workers();
        return new SubscriptionSnapshot(settings.name(), settings.table().form().name(), state,
                state == SubscriptionState.OUTAGE ? outageSince
                        : state == SubscriptionState.STALLED ? stalledSince : Optional.empty(), workers,
                Math.max(0, Math.min(workers, busy.get())), delivered.get(), failed.get(), retried.get(),
                deadLettered.get(), commitFailures.get(), recentRate(),
                Optional.ofNullable(error).map(LastError::what), Optional.ofNullable(error).map(LastError::at),
                openClaims.oldest().map(since -> Duration.between(since, clock.instant())),
                state == SubscriptionState.PAUSED ? running.pausedBecause().map(why -> why
                        + Optional.ofNullable(error).map(e -> "; the last error: " + e.what()).orElse(""))
                        : Optional.empty());
    }
}
