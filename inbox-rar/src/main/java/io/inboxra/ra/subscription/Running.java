package io.inboxra.ra.subscription;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;

/**
 * Whether a subscription still runs, whether an operator paused its claims, and the waits that
 * end early when it stops or resumes, and the idle workers' waits that a wake-up also ends.
 */
public final class Running {

    private static final Logger LOG = System.getLogger(Running.class.getName());

    private final String subscription;
    private final Object signal = new Object();
    private volatile boolean stopped;
    private volatile boolean paused;
    /** Grows on every resume, so a wait that began before it ends. */
    private long resumes;
    /** Grows on every wake-up, so an idle wait that began before it (or a claim that ran before it) ends. */
    private long wakes;

    Running(String subscription) {
        this.subscription = subscription;
    }

    public boolean isRunning() {
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
    public boolean isPaused() {
        return paused;
    }

    /** Workers claim nothing new from their next turn on; deliveries in work finish. */
    public void pauseClaims() {
        paused = true;
    }

    /** Workers claim again, their waits ended now. */
    public void resume() {
        synchronized (signal) {
            paused = false;
            resumes++;
            signal.notifyAll();
        }
    }

    /**
     * Rows may have arrived (a notification, a producer of this server): idle workers' waits end
     * now, and a worker whose claim began before this call does not wait after it. Busy workers
     * are not disturbed; waits that hold a row ({@link #await(Duration)}) go on.
     */
    void wake() {
        synchronized (signal) {
            wakes++;
            signal.notifyAll();
        }
    }

    /** @return the wake-ups so far: a worker reads it before its claim, for {@link #awaitIdle(Duration, long)} */
    long wakes() {
        synchronized (signal) {
            return wakes;
        }
    }

    /**
     * Waits, returning early when the subscription stops or resumes; an interrupt ends the
     * wait, not the subscription.
     */
    public void await(Duration wait) {
        long seenWakes;
        synchronized (signal) {
            seenWakes = wakes;
        }
        await(wait, seenWakes, false);
    }

    /**
     * An idle worker's wait: it ends early when the subscription stops or resumes, and when a
     * wake-up came after {@code seenWakes} (read before the claim that found nothing, so a
     * notification that came during the claim is not missed).
     */
    void awaitIdle(Duration wait, long seenWakes) {
        await(wait, seenWakes, true);
    }

    private void await(Duration wait, long seenWakes, boolean wakeable) {
        long deadline = System.nanoTime() + wait.toNanos();
        synchronized (signal) {
            long seen = resumes;
            try {
                while (!stopped && resumes == seen && !(wakeable && wakes != seenWakes)) {
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
