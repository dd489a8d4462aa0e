package io.inboxra.ra.operations;

/**
 * One active inbox subscription in JMX, {@code io.inboxra:type=Subscription,name=<subscription>}:
 * the same as {@link io.inboxra.operations.SubscriptionView}, in open types only, so that any JMX
 * console reads it. The backlog's attributes ask the database on every read.
 */
public interface SubscriptionMXBean {

    /** @return RUNNING, PAUSED, OUTAGE, STALLED or STOPPED */
    String getState();

    /** @return when the current outage, or the stalled wait, began (ISO-8601), or empty */
    String getOutageSince();

    /** @return ROW_LOCK, LEASE or ADVISORY */
    String getForm();

    /** @return the subscription's workers */
    int getWorkers();

    /** @return the workers in a turn now */
    int getWorkersBusy();

    /** @return the workers waiting or paused */
    int getWorkersIdle();

    /** @return deliveries acknowledged and committed */
    long getDelivered();

    /** @return deliveries that did not commit */
    long getFailed();

    /** @return rows rescheduled (the listener's retries and failures' records) */
    long getRetried();

    /** @return rows dead-lettered */
    long getDeadLettered();

    /** @return deliveries settled whose transaction did not commit */
    long getCommitFailures();

    /** @return deliveries committed in the last minute */
    long getRecentRate();

    /** @return the last failure or database trouble, or empty */
    String getLastError();

    /** @return when it happened (ISO-8601), or empty */
    String getLastErrorAt();

    /** @return why it paused itself (pauseAfterFailures), while it is paused by itself; empty otherwise */
    String getPausedBecause();

    /** @return milliseconds the oldest open claim transaction has been open (row lock form), 0 with none */
    long getOldestClaimTransactionMillis();

    /** @return the claimable rows, from the database */
    long getClaimable();

    /** @return the oldest claimable row's age in milliseconds (by the due column), or -1 when unknown */
    long getLagMillis();

    /** @return the smallest claimable id (the lag's proxy without a due column), or empty */
    String getOldestClaimableId();

    /** @return the rows in work (lease form: live leases), or -1 where the form does not show them */
    long getInWork();

    /** @return the dead letters, or -1 without a dead-letter place */
    long getDeadLetters();

    /** Stops claiming; deliveries in work finish, the activation stays. */
    void pause();

    /** Claims again within one poll. */
    void resume();

    /** @return how many dead letters were requeued */
    int requeueAll();

    /**
     * @param ids the dead letters' ids, as text
     * @return how many were requeued
     */
    int requeue(String[] ids);

    /**
     * @param age an ISO-8601 duration, as {@code P30D} or {@code PT12H}
     * @return how many dead letters were discarded
     */
    int discardOlderThan(String age);

    /**
     * @param id a row's id, as text
     * @return where the row is, as one line ({@code id 42: PENDING, attempts 0, due ...}), or {@code id 42: not found}
     */
    String findRow(String id);

    /**
     * @param key a message's key ({@code keyColumn})
     * @return one line per row of that key, as {@link #findRow} writes it; none when there is none
     */
    String[] findKey(String key);

    /**
     * Cancels a pending row: a dead letter with the reason {@code cancelled}; refused, without
     * waiting, while a delivery holds it.
     *
     * @param id the row's id, as text
     * @return what came of it: {@code CANCELLED}, {@code IN_WORK}, {@code NOT_FOUND} or {@code REFUSED}, a colon and why
     */
    String cancel(String id);
}
