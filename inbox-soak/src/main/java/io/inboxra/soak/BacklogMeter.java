package io.inboxra.soak;

import io.inboxra.Outcome;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Postgres;
import io.inboxra.soak.e2e.E2eMeter;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static io.inboxra.soak.E2eDatabase.count;
import static io.inboxra.soak.E2eDatabase.execute;
import static io.inboxra.soak.E2eDatabase.preload;

/**
 * How fast a preloaded backlog is delivered, by the adapter in inbox-rar's harness or by the MDBs of
 * Payara instances, and the CPU each process used for it: the throughput and two-instance phases' measurement.
 */
final class BacklogMeter {

    /** One throughput measurement: rows/s, and CPU milliseconds per 1,000 rows of each process involved. */
    record Measured(double rate, double[] cpuMsPerKRow) {
    }

    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private final E2eClient client;

    BacklogMeter(E2eClient client) {
        this.client = client;
    }

    /** The adapter in inbox-rar's harness (Narayana, in this JVM), on a table of its own with the same columns. */
    Measured harness(int batch, int rows) throws Exception {
        String table = "e2e_h" + batch + "_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffL);
        execute("CREATE TABLE " + table + " (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL)");
        try {
            preload(table, rows);
            Map<String, String> p = Postgres.properties("e2e-harness", table);
            p.put("url", E2eDatabase.URL);
            p.put("user", "postgres");
            p.put("workers", E2eMeter.WORKERS);
            p.put("connections", E2eMeter.WORKERS);
            p.put("pollInterval", E2eMeter.BUSY_POLL);
            p.put("maxPollInterval", E2eMeter.BUSY_MAX_POLL);
            p.put("batchSize", String.valueOf(batch));
            AtomicLong count = new AtomicLong();
            AtomicLong first = new AtomicLong();
            AtomicLong last = new AtomicLong();
            long[] cpu = new long[2];
            try (Harness server = Harness.start()) {
                server.activate(message -> {
                    long t = System.nanoTime();
                    long n = count.incrementAndGet();
                    if (n == 1) {
                        first.set(t);
                        cpu[0] = OS.getProcessCpuTime();
                    }
                    if (n == rows) {
                        cpu[1] = OS.getProcessCpuTime();
                    }
                    last.accumulateAndGet(t, Math::max);
                    return Outcome.ack();
                }, p);
                while (count.get() < rows || count(table) > 0) {
                    Thread.sleep(5);
                }
            }
            double seconds = (last.get() - first.get()) / 1e9;
            return new Measured((rows - 1) / seconds, new double[] {(cpu[1] - cpu[0]) / 1e6 / rows * 1000});
        } finally {
            execute("DROP TABLE " + table);
        }
    }

    /** The backlog into e2e_b1 or e2e_b50, delivered by the instances' MDBs: rows/s from the first delivery (any instance) to the last. */
    Measured payara(List<PayaraInstance> on, int batch, int rows) throws Exception {
        for (PayaraInstance i : on) {
            client.post(i, "throughput/reset");
        }
        long[] cpuBefore = on.stream().mapToLong(i -> cpuTicks(i.pid())).toArray();
        preload("e2e_b" + batch, rows);
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        long delivered;
        long firstUs;
        long lastUs;
        while (true) {
            delivered = 0;
            firstUs = Long.MAX_VALUE;
            lastUs = 0;
            for (PayaraInstance i : on) {
                String[] f = client.get(i, "throughput").trim().split(" ");
                delivered += Long.parseLong(f[0]);
                firstUs = Math.min(firstUs, Long.parseLong(f[1]));
                lastUs = Math.max(lastUs, Long.parseLong(f[2]));
            }
            if (delivered >= rows && count("e2e_b" + batch) == 0) {
                break;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the instances delivered " + delivered + " of " + rows + " rows within 5 minutes");
            }
            Thread.sleep(100);
        }
        double[] cpu = new double[on.size()];
        for (int k = 0; k < on.size(); k++) {
            cpu[k] = (cpuTicks(on.get(k).pid()) - cpuBefore[k]) * 10.0 / rows * 1000;
        }
        return new Measured((delivered - 1) / ((lastUs - firstUs) / 1e6), cpu);
    }

    /** utime + stime of a process, in clock ticks (10 ms). */
    private static long cpuTicks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (Exception e) {
            return 0;
        }
    }
}
