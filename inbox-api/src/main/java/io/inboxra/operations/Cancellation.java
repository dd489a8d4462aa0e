package io.inboxra.operations;

import java.util.Objects;

/**
 * What an operator's cancel of a pending row came to ({@link SubscriptionView#cancel}).
 *
 * @param result what happened
 * @param id the row's id, as asked for
 * @param message the same for a person: what happened and what to do
 */
public record Cancellation(Result result, String id, String message) {

    /** The reason a cancelled row's dead letter carries, where the dead letters keep reasons. */
    public static final String REASON = "cancelled";

    /** What happened to the row. */
    public enum Result {
        /** It is a dead letter now, with the reason {@value Cancellation#REASON}; a requeue brings it back. */
        CANCELLED,
        /** A delivery holds it now: nothing changed; try again once the delivery has ended. */
        IN_WORK,
        /** The subscription has no pending row of that id (none at all, or one already processed or dead). */
        NOT_FOUND,
        /**
         * The dead-letter table holds a different message under the row's id (ids repeat): the row
         * stays pending rather than overwrite or lose either message.
         */
        REFUSED
    }

    /** Checks that nothing is missing. */
    public Cancellation {
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(message, "message");
    }
}
