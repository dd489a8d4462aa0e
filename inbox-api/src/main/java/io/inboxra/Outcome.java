package io.inboxra;

import java.time.Duration;
import java.util.Objects;

/**
 * What the listener decided about a row; the adapter settles it in the delivery's transaction,
 * so the decision commits together with the MDB's own work.
 *
 * <pre>{@code
 * return Outcome.ack();                              // done: delete the row, or mark it processed
 * return Outcome.retry(Duration.ofMinutes(1));       // not now: due again in a minute, one more attempt
 * return Outcome.deadLetter("unknown customer 42");  // never: move it to the dead letters
 * }</pre>
 *
 * <p>A runtime exception (or {@code setRollbackOnly}) rolls the whole transaction back; the
 * adapter then counts a failed attempt and reschedules the row with backoff, or dead-letters it
 * after {@code maxAttempts}.
 */
public sealed interface Outcome permits Outcome.Ack, Outcome.Retry, Outcome.DeadLetter {

    /** The longest delay a {@link #retry(Duration)} takes: 365 days. */
    Duration MAX_RETRY_DELAY = Duration.ofDays(365);

    /**
     * The row is done: the settlement deletes it, or sets its processed-at column.
     *
     * @return the acknowledgement
     */
    static Outcome ack() {
        return Ack.INSTANCE;
    }

    /**
     * Deliver the row again after a delay: the settlement moves its due time (the table needs a
     * {@code dueColumn}) and counts an attempt. At {@code maxAttempts} the row is dead-lettered
     * instead.
     *
     * @param delay how long from now: zero to {@link #MAX_RETRY_DELAY} (365 days)
     * @return the retry
     * @throws IllegalArgumentException when the delay is null, negative or longer than 365 days
     */
    static Outcome retry(Duration delay) {
        return new Retry(delay);
    }

    /**
     * Give up on the row now: it moves to the subscription's dead letters (its
     * {@code deadLetterTable}, or its {@code deadAtColumn} is set) with the reason.
     *
     * @param reason why, kept with the dead letter
     * @return the dead letter
     */
    static Outcome deadLetter(String reason) {
        return new DeadLetter(reason);
    }

    /** The acknowledgement: the row is done. Obtain it with {@link Outcome#ack()}. */
    record Ack() implements Outcome {
        private static final Ack INSTANCE = new Ack();
    }

    /**
     * Deliver again after {@code delay}. Obtain it with {@link Outcome#retry(Duration)}.
     *
     * @param delay how long from now
     */
    record Retry(Duration delay) implements Outcome {
        /**
         * Checks that the delay is present, not negative and at most {@link #MAX_RETRY_DELAY}.
         *
         * @throws IllegalArgumentException naming the delay, when it is not
         */
        public Retry {
            if (delay == null || delay.isNegative() || delay.compareTo(MAX_RETRY_DELAY) > 0) {
                throw new IllegalArgumentException("Outcome.retry(" + delay + "): a retry's delay must be from"
                        + " zero to 365 days (PT8760H); give a delay in that range, for example"
                        + " Duration.ofMinutes(1), or Outcome.deadLetter(reason) to give up on the row.");
            }
        }
    }

    /**
     * Move the row to the dead letters. Obtain it with {@link Outcome#deadLetter(String)}.
     *
     * @param reason why
     */
    record DeadLetter(String reason) implements Outcome {
        /** Checks that the reason is present. */
        public DeadLetter {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
