package io.inboxra.soak.e2e;

import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the end-to-end MDBs saw, read by the runner through {@link E2eResource}: each latency
 * row's wait from enqueue to {@code onMessage}, in delivery order (the first ones are the cold
 * start), and the throughput MDBs' deliveries with the first's and the last's wall-clock time
 * (microseconds since the epoch, comparable across the instances of one machine).
 */
public final class E2eMeter {

    /** The activation config both the MDBs and the runner's harness measurement use (same form, same figures). */
    public static final String WORKERS = "4";
    public static final String BUSY_POLL = "PT0.01S";
    public static final String BUSY_MAX_POLL = "PT0.05S";
    public static final String LATENCY_POLL = "PT2S";
    public static final String CHANNEL = "e2e_wake";

    private static long[] sequence = new long[2048];
    private static long[] micros = new long[2048];
    private static long[] at = new long[2048];
    private static int count;

    private static final AtomicLong DELIVERED = new AtomicLong();
    private static final AtomicLong FIRST = new AtomicLong(Long.MAX_VALUE);
    private static final AtomicLong LAST = new AtomicLong();

    private E2eMeter() {
    }

    static long now() {
        Instant i = Instant.now();
        return i.getEpochSecond() * 1_000_000L + i.getNano() / 1000;
    }

    /** A latency row's delivery: its payload is "enqueue-micros sequence". */
    static void latency(String payload) {
        long t = now();
        int space = payload.indexOf(' ');
        long enqueued = Long.parseLong(payload.substring(0, space));
        long seq = Long.parseLong(payload.substring(space + 1));
        synchronized (E2eMeter.class) {
            if (count == micros.length) {
                sequence = Arrays.copyOf(sequence, count * 2);
                micros = Arrays.copyOf(micros, count * 2);
                at = Arrays.copyOf(at, count * 2);
            }
            sequence[count] = seq;
            micros[count] = t - enqueued;
            at[count] = t;
            count++;
        }
    }

    /** A throughput row's delivery. */
    static void delivered() {
        long t = now();
        DELIVERED.incrementAndGet();
        FIRST.accumulateAndGet(t, Math::min);
        LAST.accumulateAndGet(t, Math::max);
    }

    /** @return "sequence,latency_us,delivered_at_us" lines, in delivery order */
    static synchronized String latencies() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < count; i++) {
            b.append(sequence[i]).append(',').append(micros[i]).append(',').append(at[i]).append('\n');
        }
        return b.toString();
    }

    /** @return "delivered first_us last_us process_cpu_ns" */
    static String throughput() {
        return DELIVERED.get() + " " + FIRST.get() + " " + LAST.get() + " " + cpuNanos();
    }

    static void resetThroughput() {
        DELIVERED.set(0);
        FIRST.set(Long.MAX_VALUE);
        LAST.set(0);
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
