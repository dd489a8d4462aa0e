package io.inboxra.ra.settlement;

/**
 * What a subscription's deliveries came to, as its operators count it: every delivery reports
 * here, once its transaction has ended, and so does every failure's record.
 */
public interface Tally {

    /** A delivery acknowledged, and its transaction committed. */
    void delivered();

    /** A row rescheduled and committed: by the listener's retry (a delivery) or a failure's record. */
    void retried(boolean byListener);

    /** A row dead-lettered and committed: by the listener (a delivery) or at {@code maxAttempts}. */
    void deadLettered(boolean byListener);

    /** A delivery that did not commit. */
    void failed();

    /** A delivery settled whose transaction then did not commit. */
    void commitFailed();

    /** The last failure or database trouble, for operators. */
    void error(String what);
}
