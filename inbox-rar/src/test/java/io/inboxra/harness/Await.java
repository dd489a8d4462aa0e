package io.inboxra.harness;

import java.time.Duration;
import java.util.concurrent.Callable;

/** Waits for a condition that other threads bring about. */
public final class Await {

    private Await() {
    }

    public static void until(String what, Duration timeout, Callable<Boolean> condition) throws Exception {
        until(what, timeout, Duration.ofMillis(20), condition);
    }

    /**
     * As {@link #until(String, Duration, Callable)}, asking the condition every {@code pause}: a view the
     * database refreshes only between reads must be asked at its pace (InnoDB's {@code INNODB_TRX} is
     * refreshed only when nobody has read it for 0.1 s, so asking faster reads the first answer for ever).
     */
    public static void until(String what, Duration timeout, Duration pause, Callable<Boolean> condition)
            throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.call()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout + " waiting until " + what);
            }
            Thread.sleep(pause.toMillis());
        }
    }

    /** Sleeps inside a listener, which may not throw checked exceptions: a handler that takes its time. */
    public static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
