package io.inboxra.ra.subscription;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The waits a wake-up ends (an idle worker's) and those it leaves alone (a row held for its retry). */
class RunningTest {

    private static final Duration LONG = Duration.ofSeconds(20);

    private static long millis(Runnable wait) {
        long start = System.nanoTime();
        wait.run();
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }

    @Test
    void aWakeUpEndsAnIdleWorkersWait() throws Exception {
        Running running = new Running("test");
        // The wake-up comes 200 ms after the waiting thread has started, however late the pool starts it.
        CountDownLatch started = new CountDownLatch(1);
        CompletableFuture<Long> waited = CompletableFuture.supplyAsync(() -> {
            var wakes = running.wakes();
            started.countDown();
            return millis(() -> running.awaitIdle(LONG, wakes));
        });
        assertTrue(started.await(5, TimeUnit.SECONDS), "the waiting thread started");
        Thread.sleep(200);
        running.wake();
        long ms = waited.get(5, TimeUnit.SECONDS);
        assertTrue(ms >= 150 && ms < 5000, "woken after " + ms + " ms");
    }

    @Test
    void aWakeUpDuringTheClaimEndsTheWaitThatFollowsIt() {
        Running running = new Running("test");
        long beforeClaim = running.wakes();
        running.wake();
        assertTrue(millis(() -> running.awaitIdle(LONG, beforeClaim)) < 1000, "no wait after a missed wake-up");
    }

    @Test
    void aWakeUpLeavesAWaitThatHoldsARowAlone() throws Exception {
        Running running = new Running("test");
        CompletableFuture<Long> waited = CompletableFuture.supplyAsync(
                () -> millis(() -> running.await(Duration.ofMillis(800))));
        Thread.sleep(100);
        running.wake();
        assertTrue(waited.get(5, TimeUnit.SECONDS) >= 750, "the held row's wait went on");
    }

    @Test
    void aStopEndsAnIdleWait() throws Exception {
        Running running = new Running("test");
        CompletableFuture<Long> waited = CompletableFuture.supplyAsync(
                () -> millis(() -> running.awaitIdle(LONG, running.wakes())));
        Thread.sleep(100);
        running.stop();
        assertTrue(waited.get(5, TimeUnit.SECONDS) < 5000);
    }
}
