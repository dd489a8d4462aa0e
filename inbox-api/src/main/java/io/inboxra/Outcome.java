package io.inboxra;

/**
 * What the listener decided about a row; the adapter settles it in the delivery's transaction.
 *
 * <pre>{@code
 * return Outcome.ack();   // delete the row, or mark it processed
 * }</pre>
 *
 * <p>To have the row delivered again, throw (or call {@code setRollbackOnly}): the whole
 * transaction rolls back and the row stays. Rescheduling and dead-lettering outcomes are
 * planned as further implementations of this type.
 */
public sealed interface Outcome permits Outcome.Ack {

    /**
     * The row is done: the settlement deletes it, or sets its processed-at column.
     *
     * @return the acknowledgement
     */
    static Outcome ack() {
        return Ack.INSTANCE;
    }

    /** The acknowledgement: the row is done. Obtain it with {@link Outcome#ack()}. */
    record Ack() implements Outcome {
        private static final Ack INSTANCE = new Ack();
    }
}
