package io.inboxra.operations;

/** What a subscription is doing, as {@link SubscriptionSnapshot#state()} tells it. */
public enum SubscriptionState {
    /** Claiming and delivering. */
    RUNNING,
    /** Paused by an operator: claims nothing new, keeps its activation; {@link SubscriptionView#resume()} restarts it. */
    PAUSED,
    /** Its database fails; the workers retry with backoff ({@link SubscriptionSnapshot#outageSince()} says since when). */
    OUTAGE,
    /** Deactivated, or stopping: claims nothing any more. */
    STOPPED
}
