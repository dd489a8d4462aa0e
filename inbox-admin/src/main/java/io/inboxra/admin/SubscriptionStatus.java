package io.inboxra.admin;

import io.inboxra.operations.Backlog;
import io.inboxra.operations.SubscriptionSnapshot;

import java.time.Instant;

/**
 * One subscription as the API shows it: its counters and state (see {@link SubscriptionSnapshot}),
 * and its backlog as the database tells it now, or why the database could not.
 *
 * @param name the subscription's name
 * @param form its form
 * @param state RUNNING, PAUSED, OUTAGE, STALLED or STOPPED
 * @param outageSince when its outage began, or null
 * @param workers its workers
 * @param workersBusy the workers in a turn now
 * @param delivered deliveries committed
 * @param failed deliveries that did not commit
 * @param retried rows rescheduled
 * @param deadLettered rows dead-lettered
 * @param commitFailures settled deliveries whose commit failed
 * @param recentRate deliveries committed in the last minute
 * @param lastError the last failure, or null
 * @param lastErrorAt when, or null
 * @param oldestClaimTransactionSeconds how long the oldest open claim transaction has been open, or null
 * @param pausedBecause why it paused itself (pauseAfterFailures), while paused by itself; or null
 * @param backlog the backlog, or null when the database could not tell
 * @param backlogError why not, or null
 */
public record SubscriptionStatus(String name, String form, String state, Instant outageSince, int workers,
        int workersBusy, long delivered, long failed, long retried, long deadLettered, long commitFailures,
        long recentRate, String lastError, Instant lastErrorAt, Double oldestClaimTransactionSeconds,
        String pausedBecause, BacklogStatus backlog, String backlogError) {

    /**
     * @param claimable rows a claim would take now
     * @param lagSeconds how long the oldest claimable row has been due, or null
     * @param oldestClaimableId the smallest claimable id, or null
     * @param inWork rows in work (lease form), or null
     * @param deadLetters dead letters, or null without a dead-letter place
     */
    public record BacklogStatus(long claimable, Double lagSeconds, String oldestClaimableId, Long inWork,
            Long deadLetters) {

        static BacklogStatus of(Backlog b) {
            return new BacklogStatus(b.claimable(), b.lag().map(l -> l.toMillis() / 1000.0).orElse(null),
                    b.oldestClaimableId().orElse(null), b.inWork().isPresent() ? b.inWork().getAsLong() : null,
                    b.deadLetters().isPresent() ? b.deadLetters().getAsLong() : null);
        }
    }

    static SubscriptionStatus of(SubscriptionSnapshot s, BacklogStatus backlog, String backlogError) {
        return new SubscriptionStatus(s.name(), s.form(), s.state().name(), s.outageSince().orElse(null),
                s.workers(), s.workersBusy(), s.delivered(), s.failed(), s.retried(), s.deadLettered(),
                s.commitFailures(), s.recentRate(), s.lastError().orElse(null), s.lastErrorAt().orElse(null),
                s.oldestClaimTransaction().map(age -> age.toMillis() / 1000.0).orElse(null),
                s.pausedBecause().orElse(null), backlog, backlogError);
    }
}
