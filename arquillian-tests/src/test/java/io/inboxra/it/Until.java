package io.inboxra.it;

import java.time.Duration;
import java.util.concurrent.Callable;

/** Waits for a condition the server brings about in its own time. */
final class Until {

    static final Duration LONG = Duration.ofSeconds(90);

    private Until() {
    }

    static void until(String what, Callable<Boolean> condition) throws Exception {
        until(what, LONG, condition);
    }

    static void until(String what, Duration timeout, Callable<Boolean> condition) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.call()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout + " waiting until " + what);
            }
            Thread.sleep(100);
        }
    }
}
