package io.inboxra.operations;

/** What a subscription is doing, as {@link SubscriptionSnapshot#state()} tells it. */
public enum SubscriptionState {
    /** Claiming and delivering. */
    RUNNING,
    /**
     * Paused by an operator, or by itself after failed deliveries in a row ({@code pauseAfterFailures}:
     * {@link SubscriptionSnapshot#pausedBecause()} says why): claims nothing new, keeps its activation;
     * {@link SubscriptionView#resume()} restarts it.
     */
    PAUSED,
    /** Its database fails; the workers retry with backoff ({@link SubscriptionSnapshot#outageSince()} says since when). */
    OUTAGE,
    /**
     * A worker has waited for its database longer than a statement may run ({@code statementTimeout}):
     * the database or the network to it does not answer, and nothing is claimed on that worker's
     * connection until its network timeout replaces it ({@link SubscriptionSnapshot#outageSince()}
     * says since when the wait began).
     */
    STALLED,
    /** Deactivated, or stopping: claims nothing any more. */
    STOPPED
}
