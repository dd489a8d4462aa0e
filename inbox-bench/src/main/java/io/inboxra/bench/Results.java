package io.inboxra.bench;

import io.inboxra.dialect.Form;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The measured rates, by database, subject and worker count: medians, ranges and ratios to plain JDBC. */
final class Results {

    private final int rows;
    private final int payloadBytes;
    private final Map<String, List<Double>> rates = new LinkedHashMap<>();

    Results(int rows, int payloadBytes) {
        this.rows = rows;
        this.payloadBytes = payloadBytes;
    }

    /** The medians of an earlier run, read back from its CSV (to draw its chart again). */
    static Results fromCsv(String csv) {
        Results results = new Results(0, 0);
        csv.lines().skip(1).map(line -> line.split(",")).forEach(f ->
                results.add(f[0], f[1], Integer.parseInt(f[2]), Double.parseDouble(f[3])));
        return results;
    }

    void add(String database, String subject, int workers, double rate) {
        rates.computeIfAbsent(key(database, subject, workers), k -> new ArrayList<>()).add(rate);
    }

    private static String key(String database, String subject, int workers) {
        return database + "|" + subject + "|" + workers;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** @return the median rate, or NaN when it was not measured */
    double median(String database, String subject, int workers) {
        List<Double> values = rates.get(key(database, subject, workers));
        return values == null ? Double.NaN : median(values);
    }

    /** @return the databases measured, in the order they ran */
    List<String> databases() {
        return rates.keySet().stream().map(k -> k.split("\\|")[0]).distinct().toList();
    }

    /** @return the subjects measured, in the order they ran */
    List<String> subjects() {
        return rates.keySet().stream().map(k -> k.split("\\|")[1]).distinct().toList();
    }

    /** @return the worker counts measured, in the order they ran */
    List<Integer> workerCounts() {
        return rates.keySet().stream().map(k -> Integer.parseInt(k.split("\\|")[2])).distinct().toList();
    }

    /**
     * How far each target is: the row lock form at 8 workers against plain JDBC (0.90 on
     * PostgreSQL, 0.85 on MariaDB), and every form against db-scheduler at the same threads.
     */
    String targets() {
        StringBuilder text = new StringBuilder("Targets:\n\n");
        Map<String, Double> rowLockTarget = Map.of("POSTGRES", 0.90, "MARIADB", 0.85);
        for (String database : rates.keySet().stream().map(k -> k.split("\\|")[0]).distinct().toList()) {
            double target = rowLockTarget.getOrDefault(database, 0.85);
            double ratio = median(database, "row lock", 8) / baseline(database, 8);
            text.append(String.format(Locale.ROOT, "- %s, row lock at 8 workers: %.2f of plain JDBC (target %.2f): %s%n",
                    database, ratio, target, Double.isNaN(ratio) ? "not measured (run with 8 workers)"
                            : ratio >= target ? "met" : String.format(Locale.ROOT, "%.2f short", target - ratio)));
            for (int workers : workerCounts()) {
                for (Form form : Form.values()) {
                    batchTargets(text, database, form, workers);
                }
                double scheduler = median(database, "db-scheduler", workers);
                if (Double.isNaN(scheduler)) {
                    continue;
                }
                for (String subject : subjects()) {
                    if (subject.equals("plain JDBC") || subject.equals("db-scheduler")) {
                        continue;
                    }
                    double versus = median(database, subject, workers) / scheduler;
                    text.append(String.format(Locale.ROOT, "- %s, %s at %d workers: %.2f× db-scheduler: %s%n", database,
                            subject, workers, versus, versus >= 1 ? "ahead" : "behind"));
                }
            }
        }
        return text.toString();
    }

    /**
     * A form's batches at the given workers: each batch size as a multiple of the form at
     * {@code batchSize} 1 (target on PostgreSQL: the row lock form at 50 at least 5×), and the
     * form's best against db-scheduler (target: ahead).
     */
    private void batchTargets(StringBuilder text, String database, Form form, int workers) {
        String name = Throughput.Subject.formName(form);
        double single = median(database, name, workers);
        double best = single;
        for (int batch : Throughput.Subject.BATCHES) {
            double rate = median(database, Throughput.Subject.batchName(form, batch), workers);
            if (Double.isNaN(rate)) {
                continue;
            }
            best = Double.isNaN(best) ? rate : Math.max(best, rate);
            if (!Double.isNaN(single)) {
                boolean target = form == Form.ROW_LOCK && batch == 50 && database.equals("POSTGRES");
                text.append(String.format(Locale.ROOT, "- %s, %s batchSize %d at %d workers: %.2f× batchSize 1,"
                        + " %.2f of plain JDBC%s%n", database, name, batch, workers, rate / single,
                        rate / baseline(database, workers), !target ? ""
                                : String.format(Locale.ROOT, " (target 5×: %s)", rate / single >= 5 ? "met"
                                        : String.format(Locale.ROOT, "%.2f short", 5 - rate / single))));
            }
        }
        double scheduler = median(database, "db-scheduler", workers);
        if (!Double.isNaN(best) && !Double.isNaN(scheduler) && best != single) {
            text.append(String.format(Locale.ROOT, "- %s, %s at its best batchSize at %d workers: %.2f× db-scheduler"
                    + " (target: ahead): %s%n", database, name, workers, best / scheduler,
                    best >= scheduler ? "met" : "behind"));
        }
    }

    private double baseline(String database, int workers) {
        // Not measured at these workers (a run with --workers that leaves them out): NaN, reported as such.
        return median(database, "plain JDBC", workers);
    }

    String csv() {
        StringBuilder csv = new StringBuilder("database,subject,workers,median_rows_per_s,min,max,ratio_to_plain_jdbc\n");
        rates.forEach((key, values) -> {
            String[] k = key.split("\\|");
            double median = median(values);
            csv.append(String.format(Locale.ROOT, "%s,%s,%s,%.0f,%.0f,%.0f,%.2f%n", k[0], k[1], k[2], median,
                    values.stream().mapToDouble(d -> d).min().orElse(0), values.stream().mapToDouble(d -> d).max().orElse(0),
                    median / baseline(k[0], Integer.parseInt(k[2]))));
        });
        return csv.toString();
    }

    String markdown() {
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "Throughput: %,d rows of %d-byte payloads delivered and deleted, one row"
                + " per transaction, rows/s from the first delivery to the last; medians of the runs, range in"
                + " brackets, ratio to plain JDBC with the same threads.%n%n", rows, payloadBytes));
        md.append("| database | subject | workers | rows/s | ratio |\n|---|---|---|---|---|\n");
        rates.forEach((key, values) -> {
            String[] k = key.split("\\|");
            double median = median(values);
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %.0f [%.0f–%.0f] | %.2f |%n", k[0], k[1], k[2], median,
                    values.stream().mapToDouble(d -> d).min().orElse(0), values.stream().mapToDouble(d -> d).max().orElse(0),
                    median / baseline(k[0], Integer.parseInt(k[2]))));
        });
        return md.toString();
    }
}
