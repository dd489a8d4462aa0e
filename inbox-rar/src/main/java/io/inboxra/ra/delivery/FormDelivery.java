package io.inboxra.ra.delivery;

import jakarta.resource.ResourceException;

import java.sql.SQLException;

/** How one worker claims and delivers in its subscription's form. */
public interface FormDelivery {

    /**
     * What one turn came to: delivered; nothing claimable; failed, the row set aside so that claims
     * pass over it until its backoff ends ({@link FailingRows}); failed, the next claim may take the
     * row again.
     */
    enum Result { DELIVERED, EMPTY, SET_ASIDE, FAILED }

    /** Claims (or takes a row claimed ahead) and delivers it. */
    Result deliverNext() throws SQLException, ResourceException;

    /** @return whether the worker's connection failed and must be replaced before the next turn */
    default boolean isBroken() {
        return false;
    }

    /** The subscription is paused: give back rows claimed ahead, so that nothing waits claimed meanwhile. */
    default void pause() {
    }

    /** Drops the worker's connection after a database error; the next turn opens a new one. */
    void disconnect();

    /** The worker ends: give back what it holds (rows claimed ahead, locks, connections). */
    void close();
}
