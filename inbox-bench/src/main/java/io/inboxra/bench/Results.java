package io.inboxra.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The measurements, by database, subject and worker count: medians and ranges of the rates,
 * ratios to the plain-JDBC baseline with the same threads (with the same batch size for a
 * batch, where it was measured), and the medians of CPU time and round trips per row.
 */
final class Results {

    /**
     * One measurement.
     *
     * @param cpuMicrosPerRow the JVM's CPU time per row, NaN when not measured
     * @param tripsPerRow     round trips per row, NaN when not counted
     */
    record Sample(String database, String subject, int workers, int repeat, double rate, double cpuMicrosPerRow,
            double tripsPerRow) {
    }

    private final int rows;
    private final int payloadBytes;
    private final Map<String, List<Sample>> samples = new LinkedHashMap<>();
    private final Map<String, List<Double>> trips = new LinkedHashMap<>();

    Results(int rows, int payloadBytes) {
        this.rows = rows;
        this.payloadBytes = payloadBytes;
    }

    /** The medians of an earlier run, read back from its CSV (to draw its chart again). */
    static Results fromCsv(String csv) {
        Results results = new Results(0, 0);
        csv.lines().skip(1).map(line -> line.split(",")).forEach(f ->
                results.add(f[0], known(f[1]), Integer.parseInt(f[2]), Double.parseDouble(f[3])));
        return results;
    }

    private static String known(String subject) {
        String name = Subject.canonical(subject);
        return Subject.all().stream().anyMatch(s -> s.name().equals(name)) ? name : subject;
    }

    /** A rate without CPU time (the writes mode). */
    void add(String database, String subject, int workers, double rate) {
        add(new Sample(database, subject, workers, 0, rate, Double.NaN, Double.NaN));
    }

    void add(Sample sample) {
        samples.computeIfAbsent(key(sample.database(), sample.subject(), sample.workers()), k -> new ArrayList<>())
                .add(sample);
    }

    /** Round trips per row of one run through the forwarder. */
    void addTrips(String database, String subject, int workers, double perRow) {
        trips.computeIfAbsent(key(database, subject, workers), k -> new ArrayList<>()).add(perRow);
    }

    private static String key(String database, String subject, int workers) {
        return database + "|" + subject + "|" + workers;
    }

    static double median(List<Double> values) {
        List<Double> sorted = values.stream().filter(v -> !v.isNaN()).sorted().toList();
        int n = sorted.size();
        return n == 0 ? Double.NaN : n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private double median(String database, String subject, int workers, ToDoubleFunction<Sample> value) {
        List<Sample> values = samples.get(key(database, subject, workers));
        return values == null ? Double.NaN : median(values.stream().map(value::applyAsDouble).toList());
    }

    /** @return the median rate, or NaN when it was not measured */
    double median(String database, String subject, int workers) {
        return median(database, subject, workers, Sample::rate);
    }

    /** @return the lowest and highest rate, as {@code 1234–1567}, or empty when it was not measured */
    String range(String database, String subject, int workers) {
        List<Sample> values = samples.get(key(database, subject, workers));
        return values == null ? "" : String.format(Locale.ROOT, "%.0f–%.0f",
                values.stream().mapToDouble(Sample::rate).min().orElse(0),
                values.stream().mapToDouble(Sample::rate).max().orElse(0));
    }

    /** @return the median CPU time per row in microseconds, or NaN */
    double cpu(String database, String subject, int workers) {
        return median(database, subject, workers, Sample::cpuMicrosPerRow);
    }

    /** @return the median round trips per row, or NaN when they were not counted */
    double trips(String database, String subject, int workers) {
        List<Double> values = trips.get(key(database, subject, workers));
        return values == null ? Double.NaN : median(values);
    }

    /** @return the databases measured, in the order they ran */
    List<String> databases() {
        return samples.keySet().stream().map(k -> k.split("\\|")[0]).distinct().toList();
    }

    /** @return the subjects measured, in the order they ran */
    List<String> subjects() {
        return samples.keySet().stream().map(k -> k.split("\\|")[1]).distinct().toList();
    }

    /** @return the worker counts measured, in the order they ran */
    List<Integer> workerCounts() {
        return samples.keySet().stream().map(k -> Integer.parseInt(k.split("\\|")[2])).distinct().toList();
    }

    /**
     * @return the subject a ratio is taken against: plain JDBC with the subject's batch size if
     *         that was measured, else single-row plain JDBC
     */
    String baseline(String database, String subject, int workers) {
        String batch = Subject.all().stream().filter(s -> s.name().equals(subject)).findFirst()
                .map(Subject::baseline).orElse(Subject.PLAIN_JDBC);
        return samples.containsKey(key(database, batch, workers)) ? batch : Subject.PLAIN_JDBC;
    }

    /** @return the median rate over its baseline's with the same threads, NaN when either is missing */
    double ratio(String database, String subject, int workers) {
        return median(database, subject, workers) / median(database, baseline(database, subject, workers), workers);
    }

    /** The targets, as far as this run measured them. */
    String targets() {
        StringBuilder text = new StringBuilder("Targets:\n\n");
        for (String database : databases()) {
            double ratio = ratio(database, "row-lock", 8);
            double target = database.equals("POSTGRES") ? 0.85 : Double.NaN;
            // "As far as this run measured them": a run without the row lock form at 8 workers says nothing of it.
            if (!Double.isNaN(target) && !Double.isNaN(ratio)) {
                double cpu = cpu(database, "row-lock", 8) / cpu(database, Subject.PLAIN_JDBC, 8);
                text.append(String.format(Locale.ROOT, "- %s, row-lock at 8 workers: %.2f of plain JDBC (target"
                        + " %.2f): %s; CPU per row %.2f× plain JDBC's (target at most 2×): %s%n", database, ratio,
                        target, verdict(ratio >= target, ratio), cpu, verdict(cpu <= 2, cpu)));
            }
            for (int workers : workerCounts()) {
                double scheduler = median(database, Subject.DB_SCHEDULER, workers);
                for (String subject : subjects()) {
                    Subject s = Subject.all().stream().filter(x -> x.name().equals(subject)).findFirst().orElse(null);
                    if (s == null || s.form() == null) {
                        continue;
                    }
                    if (s.batchSize() == 1 && !Double.isNaN(scheduler)) {
                        double versus = median(database, subject, workers) / scheduler;
                        text.append(String.format(Locale.ROOT, "- %s, %s at %d workers: %.2f× db-scheduler (target:"
                                + " ahead): %s%n", database, subject, workers, versus, verdict(versus >= 1, versus)));
                    }
                    if (s.batchSize() == 50 && !baseline(database, subject, workers).equals(Subject.PLAIN_JDBC)) {
                        double r = ratio(database, subject, workers);
                        text.append(String.format(Locale.ROOT, "- %s, %s at %d workers: %.2f of plain-jdbc-batch-50%s%n",
                                database, subject, workers, r, s.form() == io.inboxra.dialect.Form.ROW_LOCK
                                        ? " (target at least 0.90): " + verdict(r >= 0.9, r) : ""));
                    }
                    double limit = !database.equals("MARIADB") || s.batchSize() != 1 || !s.transacted() ? Double.NaN
                            : s.form() == io.inboxra.dialect.Form.LEASE ? 6 : 4;
                    double t = trips(database, subject, workers);
                    if (!Double.isNaN(limit) && !Double.isNaN(t)) {
                        text.append(String.format(Locale.ROOT, "- %s, %s at %d workers: %.2f round trips per row"
                                + " (target at most %.0f): %s%n", database, subject, workers, t, limit,
                                verdict(t <= limit, t)));
                    }
                }
            }
        }
        return text.toString();
    }

    private static String verdict(boolean met, double value) {
        return Double.isNaN(value) ? "not measured" : met ? "met" : "not met";
    }

    String csv() {
        StringBuilder csv = new StringBuilder("database,subject,workers,median_rows_per_s,min,max,ratio,baseline,"
                + "cpu_us_per_row,trips_per_row\n");
        samples.forEach((key, values) -> {
            Sample s = values.get(0);
            csv.append(String.format(Locale.ROOT, "%s,%s,%d,%.0f,%.0f,%.0f,%.2f,%s,%.1f,%.2f%n", s.database(),
                    s.subject(), s.workers(), median(s.database(), s.subject(), s.workers()),
                    values.stream().mapToDouble(Sample::rate).min().orElse(0),
                    values.stream().mapToDouble(Sample::rate).max().orElse(0),
                    ratio(s.database(), s.subject(), s.workers()), baseline(s.database(), s.subject(), s.workers()),
                    cpu(s.database(), s.subject(), s.workers()), trips(s.database(), s.subject(), s.workers())));
        });
        return csv.toString();
    }

    /** Every measurement, one line each, for a comparison across runs ({@code compare}). */
    String samplesCsv() {
        StringBuilder csv = new StringBuilder("database,subject,workers,repeat,rows_per_s,cpu_us_per_row,trips_per_row\n");
        samples.values().stream().flatMap(List::stream).forEach(s -> csv.append(String.format(Locale.ROOT,
                "%s,%s,%d,%d,%.1f,%.2f,%s%n", s.database(), s.subject(), s.workers(), s.repeat(), s.rate(),
                s.cpuMicrosPerRow(), "")));
        trips.forEach((key, values) -> {
            String[] k = key.split("\\|");
            values.forEach(t -> csv.append(String.format(Locale.ROOT, "%s,%s,%s,0,,,%.3f%n", k[0], k[1], k[2], t)));
        });
        return csv.toString();
    }

    String markdown() {
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "Throughput: %,d rows of %d-byte payloads delivered and deleted, rows/s"
                + " from the first delivery to the last; medians of the runs, range in brackets; ratio to the"
                + " baseline (plain JDBC with the same threads, and with the same batch size for a batch where"
                + " measured); the JVM's CPU time per row over the same span; round trips per row, counted"
                + " through a forwarder in a run of their own.%n%n", rows, payloadBytes));
        md.append("| database | subject | workers | rows/s | ratio | baseline | CPU µs/row | trips/row |\n"
                + "|---|---|---|---|---|---|---|---|\n");
        samples.forEach((key, values) -> {
            Sample s = values.get(0);
            md.append(String.format(Locale.ROOT, "| %s | %s | %d | %.0f [%.0f–%.0f] | %.2f | %s | %.1f | %.2f |%n",
                    s.database(), s.subject(), s.workers(), median(s.database(), s.subject(), s.workers()),
                    values.stream().mapToDouble(Sample::rate).min().orElse(0),
                    values.stream().mapToDouble(Sample::rate).max().orElse(0),
                    ratio(s.database(), s.subject(), s.workers()), baseline(s.database(), s.subject(), s.workers()),
                    cpu(s.database(), s.subject(), s.workers()), trips(s.database(), s.subject(), s.workers())));
        });
        return md.toString();
    }
}
