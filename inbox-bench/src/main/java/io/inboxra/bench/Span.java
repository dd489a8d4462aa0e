package io.inboxra.bench;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The deliveries of one measurement: how many, and when the first and the last happened. The
 * rate between them is the steady state, without the start-up and shutdown of the subject
 * measured (opening pools, activating a subscription, stopping its workers), which a long-lived
 * server pays once.
 *
 * <p>At the first delivery and at the {@code rows}-th it also reads the JVM's CPU time and the
 * round trips counted so far, for their cost per row over the same span. (Only there: reading
 * the CPU time at every delivery would add to what it measures.)
 */
final class Span {

    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private final int rows;
    private final LongSupplier trips;
    private final AtomicLong count = new AtomicLong();
    private final AtomicLong first = new AtomicLong();
    private final AtomicLong last = new AtomicLong();
    private volatile long cpuAtFirst;
    private volatile long cpuAtEnd = -1;
    private volatile long tripsAtFirst;
    private volatile long tripsAtEnd = -1;

    /** A span of {@code rows} deliveries, without round trips counted. */
    Span(int rows) {
        this(rows, () -> 0);
    }

    /** @param trips the round trips counted so far, read at the first and the {@code rows}-th delivery */
    Span(int rows, LongSupplier trips) {
        this.rows = rows;
        this.trips = trips;
    }

    /** @return the JVM's CPU time so far, every thread, in nanoseconds */
    static long processCpuNanos() {
        return OS.getProcessCpuTime();
    }

    /** Counts one delivery, now. */
    void delivered() {
        long now = System.nanoTime();
        long n = count.incrementAndGet();
        if (n == 1) {
            first.set(now);
            cpuAtFirst = OS.getProcessCpuTime();
            tripsAtFirst = trips.getAsLong();
        }
        if (n == rows) {
            cpuAtEnd = OS.getProcessCpuTime();
            tripsAtEnd = trips.getAsLong();
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

    /** @return the JVM's CPU time (every thread, the garbage collector's and the compiler's too) per row, in microseconds */
    double cpuMicrosPerRow() {
        return cpuAtEnd < 0 || rows < 2 ? Double.NaN : (cpuAtEnd - cpuAtFirst) / 1e3 / (rows - 1);
    }

    /** @return the round trips counted per row */
    double tripsPerRow() {
        return tripsAtEnd < 0 || rows < 2 ? Double.NaN : (double) (tripsAtEnd - tripsAtFirst) / (rows - 1);
    }
}
