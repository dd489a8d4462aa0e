package io.inboxra.ra.subscription;

import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.settlement.Tally;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Pauses a subscription after {@code pauseAfterFailures} failed deliveries in a row, any rows: a
 * downstream that is down is then not hammered, and the rows do not burn their attempts. A
 * delivery fails when its transaction does not commit (the listener threw, the commit failed) or
 * when the listener asks for a retry; an acknowledged delivery ends the streak, a dead letter
 * neither counts nor ends it. Sits between the deliveries and the counters ({@link Tally}), so it
 * sees every delivery's result where the counters do.
 */
final class FailureStreak implements Tally {

    private static final Logger LOG = System.getLogger(FailureStreak.class.getName());

    private final SubscriptionCounters counters;
    private final Running running;
    private final String subscription;
    private final int limit;
    private final Optional<Duration> resumeAfter;
    private final AtomicInteger inARow = new AtomicInteger();

    private FailureStreak(SubscriptionCounters counters, Running running, String subscription, int limit,
            Optional<Duration> resumeAfter) {
        this.counters = counters;
        this.running = running;
        this.subscription = subscription;
        this.limit = limit;
        this.resumeAfter = resumeAfter;
    }

    /** @return the counters, watched for a streak where {@code pauseAfterFailures} is set */
    static Tally watching(SubscriptionCounters counters, Running running, SubscriptionSettings settings) {
        return settings.failurePause().afterFailures().isPresent()
                ? new FailureStreak(counters, running, settings.name(),
                        settings.failurePause().afterFailures().getAsInt(), settings.failurePause().resumeAfter())
                : counters;
    }

    @Override
    public void delivered() {
        counters.delivered();
        inARow.set(0);
    }

    @Override
    public void retried(boolean byListener) {
        counters.retried(byListener);
        if (byListener) {
            failedOnce();
        }
    }

    @Override
    public void deadLettered(boolean byListener) {
        counters.deadLettered(byListener);
    }

    @Override
    public void failed() {
        counters.failed();
        failedOnce();
    }

    @Override
    public void commitFailed() {
        counters.commitFailed();
    }

    @Override
    public void error(String what) {
        counters.error(what);
    }

    private void failedOnce() {
        if (running.isPaused()) {
            // Deliveries still in work when it paused: the streak starts afresh on resume.
            inARow.set(0);
            return;
        }
        int failures = inARow.incrementAndGet();
        if (failures < limit) {
            return;
        }
        inARow.set(0);
        // The snapshot adds the last error to the reason: this delivery's own may be recorded after this count.
        String why = failures + " failed deliveries in a row (pauseAfterFailures=" + limit + ")";
        if (running.pauseItself(why, resumeAfter)) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "' paused itself after " + why
                    + counters.lastError().map(e -> "; a recent error: " + e).orElse("")
                    + ". It claims nothing until " + resumeAfter.map(d -> "'resumeAfter' (" + d + ") has passed or ")
                            .orElse("") + "an operator resumes it (the operators' page or API, or the MBean's"
                    + " resume()) once the cause is fixed.");
        }
    }
}
