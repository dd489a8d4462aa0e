package io.inboxra.operations;

/** Where an operator's look-up found a row of a subscription ({@link FoundRow}). */
public enum RowPlace {
    /** In the inbox, waiting for a delivery: it may be cancelled ({@link SubscriptionView#cancel}). */
    PENDING,
    /**
     * In the inbox, held by a delivery now: the lease form's live lease. (The row lock and advisory
     * forms' locks no look-up sees: their rows in work show as {@link #PENDING}, and a cancel says so.)
     */
    IN_WORK,
    /** In the inbox, marked in the {@code processedAtColumn}: delivered. */
    PROCESSED,
    /** Among the dead letters: in the {@code deadLetterTable}, or marked in the {@code deadAtColumn}. */
    DEAD_LETTER
}
