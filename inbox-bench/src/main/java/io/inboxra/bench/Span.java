package io.inboxra.bench;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The deliveries of one measurement: how many, and when the first and the last happened. The
 * rate between them is the steady state, without the start-up and shutdown of the subject
 * measured (opening pools, activating a subscription, stopping its workers), which a long-lived
 * server pays once.
 */
final class Span {

    private final AtomicLong count = new AtomicLong();
    private final AtomicLong first = new AtomicLong();
    private final AtomicLong last = new AtomicLong();

    /** Counts one delivery, now. */
    void delivered() {
        long now = System.nanoTime();
        if (count.getAndIncrement() == 0) {
            first.set(now);
        }
        last.accumulateAndGet(now, Math::max);
    }

    long count() {
        return count.get();
    }

    /** @return deliveries per second from the first to the last */
    double rate() {
        return (count.get() - 1) / ((last.get() - first.get()) / 1e9);
    }
}
