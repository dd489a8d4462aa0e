package io.inboxra.ra.subscription;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The recent rate an operator reads (deliveries committed in the last minute) counts every
 * commit, however many workers commit as a second turns: each worker counts on its own thread, and
 * the second's slot is taken over by whichever counts first in it.
 */
class RecentRateTest {

    /** A clock that a test moves on, one second at a time. */
    private static final class Ticking extends Clock {
        private final AtomicLong second = new AtomicLong(1_800_000_000L);

        void tick() {
            second.incrementAndGet();
        }

        @Override
        public long millis() {
            return second.get() * 1000;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis());
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }

    @Test
    void everyCommitOfTheLastMinuteIsCountedWhileWorkersCommitAcrossSecondBoundaries() throws Exception {
        // The slot of a new second is taken over by one worker while the others count: many times over.
        for (int round = 0; round < 100; round++) {
            Ticking clock = new Ticking();
            SubscriptionCounters counters = new SubscriptionCounters(clock);
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong counted = new AtomicLong();
            List<Thread> threads = new ArrayList<>();
            for (int w = 0; w < 3; w++) {
                Thread worker = new Thread(() -> {
                    long n = 0;
                    while (!stop.get()) {
                        counters.delivered();
                        n++;
                    }
                    counted.addAndGet(n);
                });
                worker.start();
                threads.add(worker);
            }
            // Fewer than 60 seconds pass: every commit is still in the window at the end.
            for (int s = 0; s < 59; s++) {
                Thread.yield();
                clock.tick();
            }
            stop.set(true);
            for (Thread t : threads) {
                t.join();
            }
            assertEquals(counted.get(), counters.recentRate(), "commits in the last minute, round " + round);
        }
    }

    @Test
    void commitsOlderThanAMinuteLeaveTheRate() {
        Ticking clock = new Ticking();
        SubscriptionCounters counters = new SubscriptionCounters(clock);
        counters.delivered();
        counters.retried(true);
        counters.retried(false);
        for (int s = 0; s < 59; s++) {
            clock.tick();
        }
        counters.deadLettered(true);
        assertEquals(3, counters.recentRate(), "two commits 59 seconds ago, one now; a failure's record is no delivery");
        clock.tick();
        assertEquals(1, counters.recentRate(), "the first two are a minute old");
    }
}
