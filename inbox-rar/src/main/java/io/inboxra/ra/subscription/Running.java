package io.inboxra.ra.subscription;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Optional;

/**
 * Whether a subscription still runs, whether an operator paused its claims (or it paused itself
 * after failed deliveries in a row, {@link FailureStreak}, and why), and the waits that end early
 * when it stops or resumes, and the idle workers' waits that a wake-up also ends.
 */
public final class Running {

    private static final Logger LOG = System.getLogger(Running.class.getName());

    private final String subscription;
    private final Object signal = new Object();
    private volatile boolean stopped;
    private volatile boolean paused;
    /** Why it paused itself; null while it runs or an operator paused it. */
    private volatile String pausedBecause;
    /** When ({@link System#nanoTime()}) a pause of its own ends by itself; null: when an operator resumes it. */
    private volatile Long resumeAt;
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

    /**
     * @return whether the claims are paused (by an operator, or by itself): the workers claim nothing
     *         until {@link #resume()}; a pause of its own whose {@code resumeAfter} has passed ends here
     */
    public boolean isPaused() {
        Long at = resumeAt;
        if (paused && at != null && System.nanoTime() - at >= 0) {
            resumeByItself(at);
        }
        return paused;
    }

    /** @return why it paused itself, while it is paused by itself; empty while it runs or an operator paused it */
    public Optional<String> pausedBecause() {
        String why = pausedBecause;
        return paused ? Optional.ofNullable(why) : Optional.empty();
    }

    /** Workers claim nothing new from their next turn on; deliveries in work finish. An operator's pause. */
    public void pauseClaims() {
        synchronized (signal) {
            pausedBecause = null;
            resumeAt = null;
            paused = true;
        }
    }

    /**
     * Pauses the claims as an operator's pause does, saying why; it ends by itself after
     * {@code resumeAfter}, if given, or when an operator resumes it.
     *
     * @return false if it was paused already (an operator's pause stays the operator's)
     */
    boolean pauseItself(String why, Optional<Duration> resumeAfter) {
        synchronized (signal) {
            if (paused) {
                return false;
            }
            pausedBecause = why;
            resumeAt = resumeAfter.map(wait -> System.nanoTime() + wait.toNanos()).orElse(null);
            paused = true;
            return true;
        }
    }

    private void resumeByItself(long at) {
        synchronized (signal) {
            if (!paused || resumeAt == null || resumeAt != at) {
                return;
            }
            LOG.log(Level.INFO, "Inbox subscription '" + subscription + "' resumes by itself ('resumeAfter' has"
                    + " passed since it paused itself: " + pausedBecause + ")");
            resume();
        }
    }

    /** Workers claim again, their waits ended now. */
    public void resume() {
        synchronized (signal) {
            paused = false;
            pausedBecause = null;
            resumeAt = null;
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
