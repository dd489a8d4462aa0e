package io.inboxra.ra.subscription;

import org.junit.jupiter.api.Test;

import java.util.Timer;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A lease delivery's heartbeat is scheduled as the row is claimed and stopped as it settles, long
 * before its first beat: what is stopped must not stay queued until then, holding the row (its
 * payload too) for a third of the lease after its delivery.
 */
class SubscriptionThreadsTest {

    @Test
    void aStoppedHeartbeatLeavesTheQueueAtOnce() {
        try (SubscriptionThreads threads = new SubscriptionThreads("heartbeats", new Timer(true), true)) {
            ScheduledExecutorService heartbeats = threads.heartbeats();
            for (int row = 0; row < 1000; row++) {
                ScheduledFuture<?> beat = heartbeats.scheduleWithFixedDelay(() -> { }, 10, 10, TimeUnit.SECONDS);
                beat.cancel(false);
            }
            assertEquals(0, ((ScheduledThreadPoolExecutor) heartbeats).getQueue().size(),
                    "stopped heartbeats still queued");
        }
    }
}
