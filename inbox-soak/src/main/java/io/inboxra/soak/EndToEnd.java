package io.inboxra.soak;

import io.inboxra.Outcome;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Postgres;
import io.inboxra.soak.e2e.E2eMeter;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The end-to-end figures of issue 25, all from one run on PostgreSQL (docs/production.md,
 * "End-to-end figures"):
 *
 * <ol>
 * <li>latency in Payara Micro with {@code notifyChannel}: the runner inserts rows at {@code --rate}
 * rows/s, each with its {@code NOTIFY} in the insert's transaction, from the moment the instance
 * is ready (every subscription said it delivers rows and Payara said it is ready; nothing of the
 * application was called before): the first rows are the cold start, the rest the steady state;</li>
 * <li>throughput in Payara Micro ÷ the harness (inbox-rar's in-process container on Narayana, in this
 * JVM): the row lock form, 4 workers, the same poll, {@code batchSize} 1 and 50, an MDB that writes
 * nothing, a preloaded backlog, rows/s from the first delivery to the last; rounds interleaved, the
 * first one a warm-up, medians;</li>
 * <li>two instances ÷ one on the same tables, next to the CPU each instance used (/proc).</li>
 * </ol>
 *
 * Writes {@code e2e.md}, {@code e2e.csv} and {@code latency.csv} to {@code --out}.
 */
public final class EndToEnd {

    private static final List<Logger> QUIET = List.of(Logger.getLogger("io.inboxra"), Logger.getLogger("com.arjuna"));
    private static final String URL = "jdbc:postgresql://127.0.0.1:5432/test?sslmode=disable";
    private static final int COLD_ROWS = 20;

    private final Map<String, String> o;
    private final Path out;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final List<String> csv = new ArrayList<>(List.of("section,case,value,unit"));
    private final StringBuilder md = new StringBuilder();
    private final List<PayaraInstance> instances = new ArrayList<>();

    private EndToEnd(Map<String, String> o) {
        this.o = o;
        this.out = Path.of(o.get("out"));
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> o = new HashMap<>(Map.of("rows-b1", "10000", "rows-b50", "50000", "latency-rows", "1000",
                "rate", "20", "rounds", "3", "instances", "2", "diagnose", "false", "phases", "latency,throughput,two"));
        for (int i = 0; i + 1 < args.length; i += 2) {
            o.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        for (Logger l : QUIET) {
            l.setLevel(Level.WARNING);
        }
        EndToEnd run = new EndToEnd(o);
        try {
            run.call();
        } finally {
            for (PayaraInstance i : run.instances) {
                i.stop();
            }
        }
        System.exit(0);
    }

    private int opt(String name) {
        return Integer.parseInt(o.get(name));
    }

    private void call() throws Exception {
        Files.createDirectories(out);
        for (String t : List.of("e2e_latency", "e2e_b1", "e2e_b50", "e2e_warm")) {
            execute("DROP TABLE IF EXISTS " + t);
            execute("CREATE TABLE " + t + " (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL)");
        }
        md.append("# End-to-end figures\n\nRun ").append(LocalDateTime.now(ZoneOffset.UTC).withNano(0)).append(" UTC on PostgreSQL, ")
                .append(Runtime.getRuntime().availableProcessors()).append(" cores; options ").append(new java.util.TreeMap<>(o)).append(".\n\n");
        Path war = WarFile.write(Path.of(o.get("classes")), "io/inboxra/soak/e2e", out.resolve("e2e.war"), null);
        Path lib = Path.of(o.get("lib"));
        PayaraInstance first = instance(1, war, lib, Boolean.parseBoolean(o.get("diagnose")));
        List<String> phases = List.of(o.get("phases").split(","));
        if (phases.contains("latency")) {
            latency(first);
        } else {
            first.boot();
        }
        if (phases.contains("throughput")) {
            throughput(first);
        }
        if (phases.contains("two") && opt("instances") >= 2) {
            PayaraInstance second = instance(2, war, lib, false);
            second.boot();
            twoInstances(first, second);
        }
        for (String t : List.of("e2e_latency", "e2e_b1", "e2e_b50", "e2e_warm")) {
            execute("DROP TABLE IF EXISTS " + t);
        }
        Files.writeString(out.resolve("e2e.csv"), String.join("\n", csv) + "\n");
        Files.writeString(out.resolve("e2e.md"), md.toString());
        System.out.println(md);
    }

    private PayaraInstance instance(int n, Path war, Path lib, boolean diagnose) throws Exception {
        Path dir = out.resolve("instance-" + n);
        List<String> jvm = new ArrayList<>(List.of("-De2e.url=" + URL, "-De2e.user=postgres"));
        if (diagnose) {
            jvm.add("-Xlog:class+load=info:file=" + dir.resolve("classload.log") + ":time,uptime,tid");
            jvm.add("-XX:StartFlightRecording=filename=" + dir.resolve("run.jfr") + ",settings=profile");
        }
        PayaraInstance i = new PayaraInstance(n, dir, jvm, lib.resolve("payara-micro.jar"), lib.resolve("postgresql.jar"),
                List.of("--deploy", rar().toString(), "--deploy", war.toString()), "e2e-",
                List.of("Inbox subscription 'E2eLatency' delivers rows", "Inbox subscription 'E2eBatch1' delivers rows",
                        "Inbox subscription 'E2eBatch50' delivers rows", " ready in "), null, 5);
        instances.add(i);
        return i;
    }

    /**
     * The RAR deployed: the build's, or {@code --rar} (another build's, to compare; the file is
     * copied to {@code inbox-rar.rar} so that its deployment has the same name).
     */
    private Path rar() throws java.io.IOException {
        Path built = Path.of(o.get("lib")).resolve("inbox-rar.rar");
        if (!o.containsKey("rar")) {
            return built;
        }
        Path dir = Files.createDirectories(out.resolve("rar"));
        return Files.copy(Path.of(o.get("rar")), dir.resolve("inbox-rar.rar"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    // ---------------------------------------------------------------------------------------------- latency

    private void latency(PayaraInstance instance) throws Exception {
        int rows = opt("latency-rows");
        int rate = opt("rate");
        try (Connection c = connect();
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
        md.append("## Latency in Payara Micro, notifyChannel, ").append(rate).append(" rows/s\n\n")
                .append(got.size()).append(" of ").append(rows).append(" rows delivered; enqueue (before the insert) to onMessage.\n\n")
                .append("| measure | ms | target |\n|---|---|---|\n");
        row("latency", "first row after deployment", firstRow, "ms", "≤ 50");
        row("latency", "rows 2-" + COLD_ROWS + " max", behind.length == 0 ? -1 : behind[behind.length - 1] / 1000.0, "ms", "");
        row("latency", "rows 2-" + COLD_ROWS + " median", pct(behind, 0.5), "ms", "");
        row("latency", "steady p50 (rows " + (COLD_ROWS + 1) + "+)", pct(steady, 0.5), "ms", "≤ 5");
        row("latency", "steady p99 (rows " + (COLD_ROWS + 1) + "+)", pct(steady, 0.99), "ms", "≤ 20");
        row("latency", "steady max", steady.length == 0 ? -1 : steady[steady.length - 1] / 1000.0, "ms", "");
        StringBuilder firsts = new StringBuilder();
        for (int k = 0; k < COLD_ROWS && k < rows; k++) {
            firsts.append(k == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.1f", bySequence[k] / 1000.0));
        }
        md.append("\nThe first ").append(COLD_ROWS).append(" rows, ms: ").append(firsts).append("\n\n");
        System.out.println("e2e: first rows " + firsts);
    }

    private static double pct(long[] sorted, double p) {
        if (sorted.length == 0) {
            return -1;
        }
        return sorted[Math.max(0, Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1))] / 1000.0;
    }

    private List<long[]> latencies(PayaraInstance i) throws Exception {
        List<long[]> r = new ArrayList<>();
        for (String line : get(i, "latencies").split("\n")) {
            if (!line.isBlank()) {
                String[] f = line.split(",");
                r.add(new long[] {Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2])});
            }
        }
        return r;
    }

    // ---------------------------------------------------------------------------------------------- throughput

    /** One throughput measurement: rows/s, and CPU milliseconds per 1,000 rows of each process involved. */
    record Measured(double rate, double[] cpuMsPerKRow) {
    }

    private void throughput(PayaraInstance instance) throws Exception {
        int rounds = opt("rounds");
        Map<String, List<Double>> rates = new java.util.LinkedHashMap<>();
        Map<String, List<Double>> cpus = new HashMap<>();
        for (int round = 0; round <= rounds; round++) {
            for (int batch : List.of(1, 50)) {
                int rows = opt("rows-b" + batch);
                Measured h = harness(batch, rows);
                Measured p = payara(List.of(instance), batch, rows);
                System.out.printf(Locale.ROOT, "e2e: round %d batchSize %d: harness %.0f rows/s, Payara %.0f rows/s (%.2f)%s%n",
                        round, batch, h.rate, p.rate, p.rate / h.rate, round == 0 ? " (warm-up, not counted)" : "");
                if (round > 0) {
                    rates.computeIfAbsent("harness b" + batch, k -> new ArrayList<>()).add(h.rate);
                    rates.computeIfAbsent("payara b" + batch, k -> new ArrayList<>()).add(p.rate);
                    rates.computeIfAbsent("ratio b" + batch, k -> new ArrayList<>()).add(p.rate / h.rate);
                    cpus.computeIfAbsent("harness b" + batch, k -> new ArrayList<>()).add(h.cpuMsPerKRow[0]);
                    cpus.computeIfAbsent("payara b" + batch, k -> new ArrayList<>()).add(p.cpuMsPerKRow[0]);
                }
            }
        }
        md.append("## Throughput, Payara Micro ÷ harness\n\nRow lock form, ").append(E2eMeter.WORKERS)
                .append(" workers, poll ").append(E2eMeter.BUSY_POLL).append(" to ").append(E2eMeter.BUSY_MAX_POLL)
                .append(", MDB writing nothing; backlog ").append(o.get("rows-b1")).append(" rows (batchSize 1), ")
                .append(o.get("rows-b50")).append(" rows (batchSize 50); medians of ").append(rounds)
                .append(" interleaved rounds after a warm-up round, range in brackets. CPU: the process's CPU time"
                        + " per 1,000 rows (the harness: this runner's JVM from first to last delivery; Payara: the"
                        + " server's, from the backlog's insert to the last delivery).\n\n")
                .append("| batchSize | harness rows/s | Payara rows/s | ratio | target | harness CPU ms/1k rows | Payara CPU ms/1k rows |\n|---|---|---|---|---|---|---|\n");
        for (int batch : List.of(1, 50)) {
            double ratio = median(rates.get("ratio b" + batch));
            md.append(String.format(Locale.ROOT, "| %d | %s | %s | %s | ≥ 0.8 | %.0f | %.0f |%n", batch,
                    spread(rates.get("harness b" + batch), "%.0f"), spread(rates.get("payara b" + batch), "%.0f"),
                    spread(rates.get("ratio b" + batch), "%.2f"), median(cpus.get("harness b" + batch)),
                    median(cpus.get("payara b" + batch))));
            csv.add(String.format(Locale.ROOT, "throughput,harness batchSize %d,%.0f,rows/s", batch, median(rates.get("harness b" + batch))));
            csv.add(String.format(Locale.ROOT, "throughput,payara batchSize %d,%.0f,rows/s", batch, median(rates.get("payara b" + batch))));
            csv.add(String.format(Locale.ROOT, "throughput,payara/harness batchSize %d,%.3f,ratio", batch, ratio));
        }
        md.append('\n');
        oneInstance.putAll(rates);
        for (int batch : List.of(1, 50)) {
            oneCpu.put(batch, String.format(Locale.ROOT, "%.0f", median(cpus.get("payara b" + batch))));
        }
    }

    private final Map<String, List<Double>> oneInstance = new HashMap<>();

    private static String spread(List<Double> v, String f) {
        List<Double> s = v.stream().sorted().toList();
        return String.format(Locale.ROOT, f + " [" + f + "–" + f + "]", median(v), s.get(0), s.get(s.size() - 1));
    }

    private static double median(List<Double> v) {
        List<Double> s = v.stream().sorted().toList();
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /** The adapter in inbox-rar's harness (Narayana, in this JVM), on a table of its own with the same columns. */
    private Measured harness(int batch, int rows) throws Exception {
        String table = "e2e_h" + batch + "_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffL);
        execute("CREATE TABLE " + table + " (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL)");
        try {
            preload(table, rows);
            Map<String, String> p = Postgres.properties("e2e-harness", table);
            p.put("url", URL);
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
    private Measured payara(List<PayaraInstance> on, int batch, int rows) throws Exception {
        for (PayaraInstance i : on) {
            post(i, "throughput/reset");
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
                String[] f = get(i, "throughput").trim().split(" ");
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

    // ---------------------------------------------------------------------------------------------- two instances

    private void twoInstances(PayaraInstance first, PayaraInstance second) throws Exception {
        int rounds = opt("rounds");
        Map<String, List<Double>> v = new java.util.LinkedHashMap<>();
        for (int round = 0; round <= rounds; round++) {
            for (int batch : List.of(1, 50)) {
                int rows = opt("rows-b" + batch);
                Measured two = payara(List.of(first, second), batch, rows);
                System.out.printf(Locale.ROOT, "e2e: round %d batchSize %d: two instances %.0f rows/s, CPU ms/1k rows %.0f + %.0f%s%n",
                        round, batch, two.rate, two.cpuMsPerKRow[0], two.cpuMsPerKRow[1], round == 0 ? " (warm-up)" : "");
                if (round > 0) {
                    v.computeIfAbsent("two b" + batch, k -> new ArrayList<>()).add(two.rate);
                    v.computeIfAbsent("cpu1 b" + batch, k -> new ArrayList<>()).add(two.cpuMsPerKRow[0]);
                    v.computeIfAbsent("cpu2 b" + batch, k -> new ArrayList<>()).add(two.cpuMsPerKRow[1]);
                }
            }
        }
        md.append("## Two instances ÷ one\n\nThe same backlogs, the same tables, both instances' subscriptions claiming"
                + " from them; one instance's figures are those of the throughput section above (the second instance"
                + " not yet started). CPU: each server process's CPU time (/proc) per 1,000 rows of the whole backlog,"
                + " from the backlog's insert to the last delivery. Both share the machine's cores with each other,"
                + " with PostgreSQL and with this runner.\n\n")
                .append("| batchSize | one instance rows/s | two instances rows/s | two ÷ one | CPU ms/1k rows, one instance | CPU ms/1k rows, instance 1 + instance 2 |\n|---|---|---|---|---|---|\n");
        for (int batch : List.of(1, 50)) {
            double one = median(oneInstance.get("payara b" + batch));
            double two = median(v.get("two b" + batch));
            md.append(String.format(Locale.ROOT, "| %d | %.0f | %s | %.2f | %s | %.0f + %.0f |%n", batch, one,
                    spread(v.get("two b" + batch), "%.0f"), two / one, oneCpu.getOrDefault(batch, "-"),
                    median(v.get("cpu1 b" + batch)), median(v.get("cpu2 b" + batch))));
            csv.add(String.format(Locale.ROOT, "two-instances,two batchSize %d,%.0f,rows/s", batch, two));
            csv.add(String.format(Locale.ROOT, "two-instances,two/one batchSize %d,%.3f,ratio", batch, two / one));
            csv.add(String.format(Locale.ROOT, "two-instances,cpu instance 1 batchSize %d,%.0f,ms/1k rows", batch, median(v.get("cpu1 b" + batch))));
            csv.add(String.format(Locale.ROOT, "two-instances,cpu instance 2 batchSize %d,%.0f,ms/1k rows", batch, median(v.get("cpu2 b" + batch))));
        }
        md.append('\n');
    }

    private final Map<Integer, String> oneCpu = new HashMap<>();

    // ---------------------------------------------------------------------------------------------- helpers

    private void row(String section, String what, double value, String unit, String target) {
        md.append(String.format(Locale.ROOT, "| %s | %.1f | %s |%n", what, value, target));
        csv.add(String.format(Locale.ROOT, "%s,%s,%.3f,%s", section, what, value, unit));
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

    private static long now() {
        Instant i = Instant.now();
        return i.getEpochSecond() * 1_000_000L + i.getNano() / 1000;
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(URL, "postgres", "");
    }

    private static void execute(String sql) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static long count(String table) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement();
             java.sql.ResultSet r = s.executeQuery("SELECT count(*) FROM " + table)) {
            r.next();
            return r.getLong(1);
        }
    }

    private static void preload(String table, int rows) throws SQLException {
        execute("INSERT INTO " + table + " (payload) SELECT REPEAT('x', 100) FROM generate_series(1, " + rows + ")");
    }

    private String get(PayaraInstance i, String path) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + i.httpPort() + "/e2e/api/" + path))
                .timeout(Duration.ofSeconds(30)).GET().build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("GET " + path + ": " + r.statusCode() + " " + r.body());
        }
        return r.body();
    }

    private void post(PayaraInstance i, String path) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + i.httpPort() + "/e2e/api/" + path))
                .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("POST " + path + ": " + r.statusCode());
        }
    }
}
