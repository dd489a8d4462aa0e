package io.inboxra.soak.app;

import com.sun.management.GcInfo;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What this instance did since the runner last asked: deliveries, their latencies from enqueue to
 * {@code onMessage}, sends; and the JVM's heap after the last collections and its threads. One per
 * application (a static of the WAR's class loader): the MDBs and the producer count here, the
 * runner reads and resets it through {@link StatsResource}.
 */
public final class Meter {

    private static final AtomicLong SENT = new AtomicLong();
    private static final AtomicLong SEND_FAILURES = new AtomicLong();
    private static final AtomicLong DELIVERED = new AtomicLong();
    private static long[] latencies = new long[1024];
    private static int count;

    private Meter() {
    }

    /**
     * The payload of a row sent now: its enqueue time in microseconds, read back by
     * {@link #delivered} (milliseconds made a p50 of 5 ms move by 20 % with one tick).
     */
    static String payload(long sequence) {
        return nowMicros() + " " + sequence;
    }

    private static long nowMicros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
    }

    static void sent(int rows) {
        SENT.addAndGet(rows);
    }

    static void sendFailed() {
        SEND_FAILURES.incrementAndGet();
    }

    /** A delivery's start: its latency is now minus the enqueue time in the payload. */
    static void delivered(String payload) {
        long enqueued = Long.parseLong(payload.substring(0, payload.indexOf(' ')));
        long micros = Math.max(0, nowMicros() - enqueued);
        DELIVERED.incrementAndGet();
        synchronized (Meter.class) {
            if (count == latencies.length) {
                latencies = Arrays.copyOf(latencies, count * 2);
            }
            latencies[count++] = micros;
        }
    }

    /** @return the interval's figures as a flat JSON object, and a new interval begun */
    static String readAndReset() {
        long[] taken;
        synchronized (Meter.class) {
            taken = Arrays.copyOf(latencies, count);
            count = 0;
        }
        Arrays.sort(taken);
        long heapAfterGc = heapAfterLastGc();
        return "{\"delivered\":" + DELIVERED.getAndSet(0)
                + ",\"sent\":" + SENT.getAndSet(0)
                + ",\"sendFailures\":" + SEND_FAILURES.getAndSet(0)
                + ",\"latencies\":" + taken.length
                + ",\"p50Ms\":" + percentile(taken, 0.50)
                + ",\"p99Ms\":" + percentile(taken, 0.99)
                + ",\"heapAfterGcBytes\":" + heapAfterGc
                + ",\"threads\":" + ManagementFactory.getThreadMXBean().getThreadCount() + "}";
    }

    /**
     * The heap in use right after the latest collection of any collector (a young one included, so
     * the old generation's occupancy shows at every young collection, not only at the rare old ones).
     */
    private static long heapAfterLastGc() {
        Set<String> heapPools = new HashSet<>();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                heapPools.add(pool.getName());
            }
        }
        GcInfo latest = null;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof com.sun.management.GarbageCollectorMXBean sun) {
                GcInfo info = sun.getLastGcInfo();
                if (info != null && (latest == null || info.getEndTime() > latest.getEndTime())) {
                    latest = info;
                }
            }
        }
        if (latest == null) {
            return -1;
        }
        long used = 0;
        for (Map.Entry<String, MemoryUsage> pool : latest.getMemoryUsageAfterGc().entrySet()) {
            if (heapPools.contains(pool.getKey())) {
                used += pool.getValue().getUsed();
            }
        }
        return used;
    }

    private static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return -1;
        }
        int index = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))] / 1000.0;
    }
}
