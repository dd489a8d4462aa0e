package io.inboxra.bench;

import io.inboxra.dialect.Form;
import io.inboxra.harness.TestDatabase;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Throughput of each form, next to a plain-JDBC loop doing the same claim and delete per local
 * transaction with the same number of threads, in one run: preload N rows, deliver until the
 * table is empty, rows per second. Every case is repeated, interleaved, and reported as the
 * median with its range, absolute and as a ratio to the plain-JDBC median.
 */
public final class Bench {

    /** Held here: JUL keeps loggers weakly, and a collected logger forgets its level. */
    private static final List<Logger> QUIET = List.of(Logger.getLogger("io.inboxra"), Logger.getLogger("com.arjuna"),
            Logger.getLogger("com.github.kagkarlsson"), Logger.getLogger("com.zaxxer.hikari"));

    private final int rows;
    private final int payloadBytes;
    private final int repeats;
    private final List<Integer> workerCounts;
    private final List<TestDatabase> databases;
    private final Path out;
    private final List<String> modes;
    private final Set<String> subjects;
    private final Busy busy;
    private final List<Integer> latencyRates;
    private final String latencySeconds;
    private final String smallBacklog;
    private final String largeBacklog;
    private final String scaleWindow;
    private final int partitionClaims;
    private final List<Form> forms;
    private final int tripRows;
    private final int warmUpRows;

    private static final List<String> MODES = List.of("throughput", "latency", "scale", "partitions", "writes", "keys",
            "traces", "chaos", "chart");

    private Bench(Map<String, String> args) {
        this.rows = Integer.parseInt(args.getOrDefault("rows", "100000"));
        this.payloadBytes = Integer.parseInt(args.getOrDefault("payload", "100"));
        this.repeats = Integer.parseInt(args.getOrDefault("repeats", "3"));
        this.workerCounts = Arguments.integers(args, "workers", "1,4,8,16");
        this.databases = List.of(args.getOrDefault("databases", "POSTGRES,MARIADB").split(",")).stream()
                .map(name -> named(TestDatabase.class, "databases", name)).toList();
        this.out = Path.of(args.getOrDefault("out", "results"));
        this.busy = new Busy(Integer.parseInt(args.getOrDefault("lease-batch", "1")));
        this.subjects = Subject.select(args.getOrDefault("subjects", String.join(",",
                Subject.all().stream().map(Subject::name).toList())));
        this.modes = List.of(args.getOrDefault("modes", "throughput").split(","));
        this.latencyRates = Arguments.integers(args, "rates", "20,200,1000");
        this.latencySeconds = args.getOrDefault("seconds", "10");
        this.smallBacklog = args.getOrDefault("small-backlog", "10000");
        this.largeBacklog = args.getOrDefault("large-backlog", "1000000");
        this.scaleWindow = args.getOrDefault("window", "5000");
        this.partitionClaims = Integer.parseInt(args.getOrDefault("claims", "2000"));
        this.forms = List.of(args.getOrDefault("forms", "ROW_LOCK,LEASE,ADVISORY").split(",")).stream()
                .map(name -> named(Form.class, "forms", name)).toList();
        this.tripRows = Integer.parseInt(args.getOrDefault("trip-rows", "2000"));
        this.warmUpRows = Integer.parseInt(args.getOrDefault("warm-up", "0"));
        for (String mode : modes) {
            if (!MODES.contains(mode)) {
                throw new IllegalArgumentException("--modes has unknown mode '" + mode + "'; the modes are "
                        + String.join(", ", MODES));
            }
        }
    }

    private static <E extends Enum<E>> E named(Class<E> type, String option, String name) {
        try {
            return Enum.valueOf(type, name.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--" + option + " has unknown value '" + name + "'; known: "
                    + String.join(", ", java.util.Arrays.stream(type.getEnumConstants()).map(Enum::name).toList()), e);
        }
    }

    public static void main(String[] argv) throws Exception {
        Bench bench;
        try {
            bench = new Bench(Arguments.parse(argv));
        } catch (IllegalArgumentException e) {
            // Refused before anything ran: the message names the argument and the fix; no stack trace.
            System.err.println("inbox-bench: " + e.getMessage());
            System.exit(2);
            return;
        }
        // The adapter's own logs would be noise here: only warnings and errors.
        for (Logger logger : QUIET) {
            logger.setLevel(Level.WARNING);
        }
        bench.run();
    }

    private void run() throws Exception {
        if (modes.contains("chart")) {
            if (Files.exists(out.resolve("throughput.csv"))) {
                charts(Results.fromCsv(Files.readString(out.resolve("throughput.csv"))));
            }
            if (Files.exists(out.resolve("writes.csv"))) {
                writesCharts(Results.fromCsv(Files.readString(out.resolve("writes.csv"))));
            }
            if (Files.exists(out.resolve("latency.csv"))) {
                latencyCharts(LatencyResults.fromCsv(Files.readString(out.resolve("latency.csv"))));
            }
        }
        if (modes.contains("latency")) {
            latency();
        }
        if (modes.contains("throughput")) {
            throughput();
        }
        if (modes.contains("scale")) {
            scale();
        }
        if (modes.contains("partitions")) {
            partitions();
        }
        if (modes.contains("writes")) {
            writes();
        }
        if (modes.contains("keys")) {
            keys();
        }
        if (modes.contains("traces")) {
            new Traces(rows, busy).run(databases, workerCounts, repeats, payloadBytes, out);
        }
        if (modes.contains("chaos")) {
            chaos();
        }
    }

    /**
     * Chaos mode: {@code --rows} rows (200,000 for the long run) per database and form ({@code --forms}), two servers,
     * one delivery in ten failing, the adapter's connections killed every second or so; every
     * row's effect exactly once. Not a speed test: the rate is printed only to size runs.
     */
    private void chaos() throws Exception {
        StringBuilder md = new StringBuilder("Chaos: two servers, 4 workers each, 10 % of deliveries failing after the"
                + " MDB's XA write, the adapter's connections killed about every second.\n\n| database | form | rows |"
                + " effects | duplicated | left | in doubt | kills | deliveries | seconds | exactly once |\n"
                + "|---|---|---|---|---|---|---|---|---|---|---|\n");
        boolean allOnce = true;
        for (TestDatabase db : databases) {
            for (Form form : forms) {
                io.inboxra.harness.ChaosRun.Result r = io.inboxra.harness.ChaosRun.run(db, form, rows, 0.1,
                        Duration.ofSeconds(1), Duration.ofHours(2));
                String row = String.format(java.util.Locale.ROOT, "| %s | %s | %d | %d | %d | %d | %d | %d | %d | %.0f | %s |%n",
                        db, form, r.rows(), r.effects(), r.duplicated(), r.left(), r.inDoubt(), r.kills(),
                        r.deliveries(), r.seconds(), r.exactlyOnce() ? "yes" : "NO");
                System.out.print(row);
                md.append(row);
                allOnce &= r.exactlyOnce();
            }
        }
        Files.createDirectories(out);
        Files.writeString(out.resolve("chaos.md"), md.toString());
        System.out.println(md);
        if (!allOnce) {
            throw new IllegalStateException("a chaos run lost or repeated a row's effect; see " + out.resolve("chaos.md"));
        }
    }

    /**
     * Partitions mode: the claim's latency and the adapter's rows/s at a backlog of
     * {@code --large-backlog} rows on PostgreSQL, plain and partitioned, in one run ({@link PartitionScale}).
     */
    private void partitions() throws Exception {
        int large = Integer.parseInt(largeBacklog);
        int window = Integer.parseInt(scaleWindow);
        PartitionScale partitions = new PartitionScale(large, partitionClaims, window, busy);
        StringBuilder md = new StringBuilder(PartitionScale.header(large, partitionClaims, window));
        for (Map.Entry<Form, Map<PartitionScale.Layout, PartitionScale.Measured>> m : partitions.measure(forms).entrySet()) {
            md.append(PartitionScale.rows(m.getKey(), m.getValue()));
        }
        Files.createDirectories(out);
        Files.writeString(out.resolve("partitions.md"), md.toString());
        System.out.println(md);
    }

    /**
     * Scale mode: the same deliveries from a backlog of 10,000 rows and of 1,000,000, 4 workers; then
     * again with as many settled rows retained (processed-at tables).
     */
    private void scale() throws Exception {
        int small = Integer.parseInt(smallBacklog);
        int large = Integer.parseInt(largeBacklog);
        Scale scale = new Scale(Integer.parseInt(scaleWindow), busy);
        StringBuilder md = new StringBuilder(String.format(java.util.Locale.ROOT, "Scale: rows/s over the first %s"
                + " deliveries, 4 workers, from a backlog of %,d rows and of %,d rows; settled rows deleted, or marked"
                + " with as many marked rows retained.%n%n| database | form | settled rows | %,d rows | %,d rows |"
                + " ratio |%n|---|---|---|---|---|---|%n", scaleWindow, small, large, small, large));
        for (TestDatabase db : databases) {
            for (boolean retained : new boolean[] {false, true}) {
                for (Form form : Form.values()) {
                    String row = Scale.row(db, form, retained, scale.measure(db, form, small, 4, retained),
                            scale.measure(db, form, large, 4, retained));
                    System.out.print(row);
                    md.append(row);
                }
            }
        }
        md.append("\nTarget: the large backlog at 0.9 or more of the small one's rate.\n");
        Files.createDirectories(out);
        Files.writeString(out.resolve("scale.md"), md.toString());
        System.out.println(md);
    }

    /**
     * Latency mode: steady producers at each rate, enqueue-to-onMessage percentiles per form,
     * polling only and (PostgreSQL) with wake-up, next to the plain-JDBC baseline each way.
     */
    private void latency() throws Exception {
        Latency latency = new Latency(Duration.ofSeconds(Long.parseLong(latencySeconds)));
        LatencyResults results = new LatencyResults();
        for (TestDatabase db : databases) {
            for (int rate : latencyRates) {
                for (Latency.Subject subject : Latency.Subject.all(db, forms)) {
                    LatencyResults.Row row = results.add(db.name(), subject, rate,
                            latency.measure(db, subject, rate, 4));
                    System.out.print(results.line(row));
                }
            }
        }
        Files.createDirectories(out);
        Files.writeString(out.resolve("latency.md"), results.markdown() + "\n" + results.targets());
        Files.writeString(out.resolve("latency.csv"), results.csv());
        latencyCharts(results);
        System.out.println(results.markdown());
        System.out.println(results.targets());
    }

    /**
     * Writes mode: each delivery also writes one row into the same database, through the MDB's own
     * XA data source (two phases) or through the claim's branch (one), next to plain JDBC.
     */
    private void writes() throws Exception {
        Results results = new Results(rows, payloadBytes);
        Writes writes = new Writes(rows, busy);
        for (TestDatabase db : databases) {
            for (int repeat = 1; repeat <= repeats; repeat++) {
                for (int workers : workerCounts) {
                    for (String subject : Writes.SUBJECTS) {
                        double rate = writes.measure(db, subject, workers);
                        results.add(db.name(), subject, workers, rate);
                        System.out.printf("%s %s, %d workers, run %d: %.0f rows/s%n", db, subject, workers, repeat, rate);
                    }
                }
            }
        }
        String md = "Writes: each delivery also inserts one row into another table of the same database.\n\n"
                + results.markdown() + "\n" + Writes.targets(results, workerCounts);
        Files.createDirectories(out);
        Files.writeString(out.resolve("writes.md"), md);
        Files.writeString(out.resolve("writes.csv"), results.csv());
        writesCharts(results);
        System.out.println(md);
    }

    /**
     * Keys mode: sends with and without keys, delivered one row and a batch per transaction, each
     * subject interleaved with the others, repeated; with keys as a ratio to without ({@link Keys}).
     */
    private void keys() throws Exception {
        Results results = new Results(rows, payloadBytes);
        Keys keys = new Keys(rows, busy);
        for (TestDatabase db : databases) {
            // Each subject once, unrecorded: a cold JVM's compilation is charged to none of them.
            for (String subject : Keys.SUBJECTS) {
                keys.measure(db, subject, workerCounts.get(0));
            }
            for (int repeat = 1; repeat <= repeats; repeat++) {
                for (int workers : workerCounts) {
                    // Every other run in the opposite order: neither side always runs first.
                    List<String> order = new java.util.ArrayList<>(Keys.SUBJECTS);
                    if (repeat % 2 == 0) {
                        java.util.Collections.reverse(order);
                    }
                    for (String subject : order) {
                        Throughput.Measurement m = keys.measure(db, subject, workers);
                        results.add(new Results.Sample(db.name(), subject, workers, repeat, m.rate(),
                                m.cpuMicrosPerRow(), Double.NaN));
                        System.out.printf("%s %s, %d workers, run %d: %.0f rows/s, %.0f CPU us/row%n", db, subject,
                                workers, repeat, m.rate(), m.cpuMicrosPerRow());
                    }
                }
            }
        }
        StringBuilder md = new StringBuilder(String.format(java.util.Locale.ROOT, "Keys: %,d rows sent through the"
                + " producer by %d threads (each send commits by itself) while a row lock subscription delivers and"
                + " deletes them; rows/s from the first send until the table is empty, medians of %d runs, range in brackets."
                + " With keys: each send has a key of its own, the table a unique index on it. JVM CPU: the process's"
                + " CPU time (senders, subscription, collector and compiler) per row over the same time, the steadier"
                + " figure on a shared machine.%n%n"
                + "| database | subject | workers | rows/s | with keys ÷ without | JVM CPU µs/row | CPU with ÷ without |%n"
                + "|---|---|---|---|---|---|---|%n",
                rows, Keys.SENDERS, repeats));
        for (String database : results.databases()) {
            for (int workers : workerCounts) {
                for (String subject : Keys.SUBJECTS) {
                    double median = results.median(database, subject, workers);
                    if (Double.isNaN(median)) {
                        continue;
                    }
                    String plain = subject.replace("with keys", "without keys");
                    boolean keyed = subject.startsWith("with keys");
                    String ratio = keyed
                            ? String.format(java.util.Locale.ROOT, "%.2f", median / results.median(database, plain, workers))
                            : "";
                    String cpuRatio = keyed ? String.format(java.util.Locale.ROOT, "%.2f",
                            results.cpu(database, subject, workers) / results.cpu(database, plain, workers)) : "";
                    md.append(String.format(java.util.Locale.ROOT, "| %s | %s | %d | %.0f [%s] | %s | %.0f | %s |%n",
                            database, subject, workers, median, results.range(database, subject, workers), ratio,
                            results.cpu(database, subject, workers), cpuRatio));
                }
            }
        }
        md.append('\n').append(Keys.targets(results, workerCounts));
        Files.createDirectories(out);
        Files.writeString(out.resolve("keys.md"), md.toString());
        Files.writeString(out.resolve("keys.csv"), results.csv());
        System.out.println(md);
    }

    /** The chart of each database's writes mode, next to the tables. */
    private void writesCharts(Results results) throws java.io.IOException {
        for (String database : results.databases()) {
            Chart.write(results, "Each delivery also writes a row, on " + database + " (rows/s, median)", database,
                    out.resolve("writes-" + database.toLowerCase() + ".png"));
        }
    }

    /** The chart of each database's latency, next to the tables. */
    private void latencyCharts(LatencyResults results) throws java.io.IOException {
        for (String database : results.rows().stream().map(LatencyResults.Row::database).distinct().toList()) {
            Chart.latency(results, database, out.resolve("latency-" + database.toLowerCase() + ".png"));
        }
    }

    /** The chart of each database's throughput, next to the tables. */
    private void charts(Results results) throws java.io.IOException {
        for (String database : results.databases()) {
            Chart.write(results, database, out.resolve("throughput-" + database.toLowerCase() + ".png"));
        }
    }

    /**
     * Throughput mode: every subject at every worker count, repeated, interleaved; then (with
     * {@code --trip-rows} above 0) each once more with that many rows through the forwarder, for
     * its round trips. {@code --warm-up} rows first run every subject once, unrecorded, so that a
     * cold JVM's compilation is not charged to the first subjects.
     */
    private void throughput() throws Exception {
        Results results = new Results(rows, payloadBytes);
        Throughput throughput = new Throughput(payloadBytes, busy);
        List<Subject> chosen = Subject.all().stream().filter(s -> subjects.contains(s.name())).toList();
        for (TestDatabase db : databases) {
            if (warmUpRows > 0) {
                for (Subject subject : chosen) {
                    throughput.measure(db, subject, workerCounts.get(0), warmUpRows, false);
                }
                System.out.printf("%s: warmed up, %d rows per subject%n", db, warmUpRows);
            }
            for (int repeat = 1; repeat <= repeats; repeat++) {
                for (int workers : workerCounts) {
                    for (Subject subject : chosen) {
                        Throughput.Measurement m = throughput.measure(db, subject, workers, rows, false);
                        results.add(new Results.Sample(db.name(), subject.name(), workers, repeat, m.rate(),
                                m.cpuMicrosPerRow(), Double.NaN));
                        System.out.printf(java.util.Locale.ROOT, "%s %-22s %2d workers, run %d: %8.0f rows/s %7.1f"
                                + " CPU us/row%n", db, subject.name(), workers, repeat, m.rate(), m.cpuMicrosPerRow());
                    }
                }
            }
            if (tripRows > 0) {
                for (int workers : workerCounts) {
                    for (Subject subject : chosen) {
                        double trips = throughput.measure(db, subject, workers, tripRows, true).tripsPerRow();
                        results.addTrips(db.name(), subject.name(), workers, trips);
                        System.out.printf(java.util.Locale.ROOT, "%s %-22s %2d workers: %6.2f round trips/row%n",
                                db, subject.name(), workers, trips);
                    }
                }
            }
        }
        Files.createDirectories(out);
        Files.writeString(out.resolve("throughput.csv"), results.csv());
        Files.writeString(out.resolve("throughput-samples.csv"), results.samplesCsv());
        Files.writeString(out.resolve("throughput.md"), results.markdown() + "\n" + results.targets());
        charts(results);
        System.out.println(results.markdown());
        System.out.println(results.targets());
    }

}
