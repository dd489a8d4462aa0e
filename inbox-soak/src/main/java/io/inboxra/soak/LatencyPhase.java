package io.inboxra.soak;

import io.inboxra.soak.e2e.E2eMeter;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The latency phase: boots instance 1, then inserts {@code --latency-rows} rows at {@code --rate}
 * rows/s, each with its {@code NOTIFY} in the insert's transaction; the first rows are the cold
 * start, the rest the steady state. Writes {@code latency.csv} and its section of the report.
 */
final class LatencyPhase {

    private static final int COLD_ROWS = 20;

    private final E2eOptions options;
    private final E2eClient client;
    private final E2eReport report;
    private final Path out;

    LatencyPhase(E2eOptions options, E2eClient client, E2eReport report, Path out) {
        this.options = options;
        this.client = client;
        this.report = report;
        this.out = out;
    }

    void run(PayaraInstance instance) throws Exception {
        int rows = options.integer("latency-rows");
        int rate = options.integer("rate");
        try (Connection c = E2eDatabase.connect();
             PreparedStatement insert = c.prepareStatement("INSERT INTO e2e_latency (payload) VALUES (?)");
             PreparedStatement warm = c.prepareStatement("INSERT INTO e2e_warm (payload) VALUES (?)");
             Statement notify = c.createStatement()) {
            c.setAutoCommit(false);
            // The producer's own first statements (class loading, the driver's preparation) are not the adapter's.
            for (int i = 0; i < 50; i++) {
                warm.setString(1, now() + " " + i);
                warm.executeUpdate();
                notify.execute("NOTIFY e2e_nobody");
                c.commit();
            }
            long booting = System.nanoTime();
            instance.boot();
            long ready = System.nanoTime();
            System.out.printf(Locale.ROOT, "e2e: instance 1 ready after %.1f s; producing %d rows at %d rows/s%n",
                    (ready - booting) / 1e9, rows, rate);
            long interval = TimeUnit.SECONDS.toNanos(1) / rate;
            long next = System.nanoTime();
            System.out.println("e2e: the first row is inserted at " + Instant.now());
            for (int i = 0; i < rows; i++) {
                long wait = next - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                long enqueued = now();
                insert.setString(1, enqueued + " " + i);
                insert.executeUpdate();
                notify.execute("NOTIFY " + E2eMeter.CHANNEL);
                c.commit();
                if (i < 3) {
                    System.out.printf(Locale.ROOT, "e2e: row %d: insert, NOTIFY and commit took %.1f ms%n", i, (now() - enqueued) / 1000.0);
                }
                next += interval;
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        List<long[]> got;
        while ((got = latencies(instance)).size() < rows && System.nanoTime() < deadline) {
            Thread.sleep(500);
        }
        report(got, rows, rate);
    }

    /** {@code latency.csv} in delivery order, and the section's table by row sequence. */
    private void report(List<long[]> got, int rows, int rate) throws Exception {
        StringBuilder lines = new StringBuilder("delivery,sequence,latency_ms\n");
        for (int k = 0; k < got.size(); k++) {
            lines.append(k + 1).append(',').append(got.get(k)[0]).append(',')
                    .append(String.format(Locale.ROOT, "%.3f", got.get(k)[1] / 1000.0)).append('\n');
        }
        Files.writeString(out.resolve("latency.csv"), lines);
        long[] bySequence = new long[rows];
        Arrays.fill(bySequence, -1);
        for (long[] g : got) {
            bySequence[(int) g[0]] = g[1];
            if (g[0] == 0) {
                System.out.println("e2e: the first row's onMessage at " + Instant.ofEpochSecond(0, g[2] * 1000));
            }
        }
        double firstRow = bySequence[0] / 1000.0;
        long[] behind = Arrays.stream(bySequence, 1, COLD_ROWS).filter(v -> v >= 0).sorted().toArray();
        long[] steady = Arrays.stream(bySequence, COLD_ROWS, rows).filter(v -> v >= 0).sorted().toArray();
        report.md().append("## Latency in Payara Micro, notifyChannel, ").append(rate).append(" rows/s\n\n")
                .append(got.size()).append(" of ").append(rows).append(" rows delivered; enqueue (before the insert) to onMessage.\n\n")
                .append("| measure | ms | target |\n|---|---|---|\n");
        report.row("latency", "first row after deployment", firstRow, "ms", "≤ 50");
        report.row("latency", "rows 2-" + COLD_ROWS + " max", behind.length == 0 ? -1 : behind[behind.length - 1] / 1000.0, "ms", "");
        report.row("latency", "rows 2-" + COLD_ROWS + " median", pct(behind, 0.5), "ms", "");
        report.row("latency", "steady p50 (rows " + (COLD_ROWS + 1) + "+)", pct(steady, 0.5), "ms", "≤ 5");
        report.row("latency", "steady p99 (rows " + (COLD_ROWS + 1) + "+)", pct(steady, 0.99), "ms", "≤ 20");
        report.row("latency", "steady max", steady.length == 0 ? -1 : steady[steady.length - 1] / 1000.0, "ms", "");
        StringBuilder firsts = new StringBuilder();
        for (int k = 0; k < COLD_ROWS && k < rows; k++) {
            firsts.append(k == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.1f", bySequence[k] / 1000.0));
        }
        report.md().append("\nThe first ").append(COLD_ROWS).append(" rows, ms: ").append(firsts).append("\n\n");
        System.out.println("e2e: first rows " + firsts);
    }

    private static double pct(long[] sorted, double p) {
        if (sorted.length == 0) {
            return -1;
        }
        return sorted[Math.max(0, Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1))] / 1000.0;
    }

    /** What the latency MDB saw, per row in delivery order: sequence, enqueue-to-onMessage µs, onMessage's wall clock µs. */
    private List<long[]> latencies(PayaraInstance i) throws Exception {
        List<long[]> r = new ArrayList<>();
        for (String line : client.get(i, "latencies").split("\n")) {
            if (!line.isBlank()) {
                String[] f = line.split(",");
                r.add(new long[] {Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2])});
            }
        }
        return r;
    }

    /** Microseconds since the epoch, the clock the MDB's {@code E2eMeter} compares the enqueue time with. */
    private static long now() {
        Instant i = Instant.now();
        return i.getEpochSecond() * 1_000_000L + i.getNano() / 1000;
    }
}
