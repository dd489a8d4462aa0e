package io.inboxra.ra.delivery;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;

/**
 * Whether a subscription still runs, whether an operator paused its claims, and the waits that
 * end early when it stops or resumes.
 */
final class Running {

    private static final Logger LOG = System.getLogger(Running.class.getName());

    private final String subscription;
    private final Object signal = new Object();
    private volatile boolean stopped;
    private volatile boolean paused;
    /** Grows on every resume, so a wait that began before it ends. */
    private long resumes;

    Running(String subscription) {
        this.subscription = subscription;
    }

    boolean isRunning() {
        return !stopped;
    }

    /** From now on nothing new is claimed, and every wait ends. */
    void stop() {
        synchronized (signal) {
            stopped = true;
            signal.notifyAll();
        }
    }

    /** @return whether an operator paused the claims: the workers claim nothing until {@link #resume()} */
    boolean isPaused() {
        return paused;
    }

    /** Workers claim nothing new from their next turn on; deliveries in work finish. */
    void pauseClaims() {
        paused = true;
    }

    /** Ends every wait now (a row was committed into the table); the workers claim at once. */
    void wake() {
        synchronized (signal) {
            resumes++;
            signal.notifyAll();
        }
    }

    /** Workers claim again, their waits ended now. */
    void resume() {
        synchronized (signal) {
            paused = false;
            resumes++;
            signal.notifyAll();
        }
    }

    /**
     * Waits, returning early when the subscription stops or resumes; an interrupt ends the
     * wait, not the subscription.
     */
    void await(Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        synchronized (signal) {
            long seen = resumes;
            try {
                while (!stopped && resumes == seen) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        return;
                    }
                    // At least a millisecond: wait(0, 0) would wait for ever.
                    signal.wait(Math.max(1, left / 1_000_000));
                }
            } catch (InterruptedException e) {
                LOG.log(Level.DEBUG, () -> "Inbox subscription '" + subscription + "': a worker's wait was interrupted");
            }
        }
    }
}
