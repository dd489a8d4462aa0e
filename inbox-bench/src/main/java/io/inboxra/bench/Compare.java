package io.inboxra.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The table of a {@code compare} run: the samples of the BEFORE and the AFTER revision's benches
 * (directories {@code before-*} and {@code after-*} under {@code --runs}, each with the
 * {@code throughput-samples.csv} of one run), side by side per database, workers and subject.
 * A ratio is taken against the baseline's samples of both revisions together: the baselines are
 * the same code on the same drivers in both, so one denominator leaves only the adapter's change
 * in the ratio.
 */
public final class Compare {

    /** One line of a samples CSV, with the revision it came from. */
    record Sample(String revision, String database, String subject, int workers, double rate, double cpu,
            double trips) {
    }

    private static final List<String> REVISIONS = List.of("before", "after");

    private final List<Sample> samples;

    private Compare(List<Sample> samples) {
        this.samples = samples;
    }

    public static void main(String[] argv) throws IOException {
        var args = new java.util.HashMap<String, String>();
        for (int i = 0; i + 1 < argv.length; i += 2) {
            args.put(argv[i].replaceFirst("^--", ""), argv[i + 1]);
        }
        Path runs = Path.of(args.getOrDefault("runs", "results/compare/runs"));
        Path out = Path.of(args.getOrDefault("out", "results/compare"));
        String title = args.getOrDefault("title", "");
        Compare compare = read(runs);
        Files.createDirectories(out);
        Files.writeString(out.resolve("compare.csv"), compare.csv());
        String md = (title.isEmpty() ? "" : title + "\n\n") + compare.markdown() + "\n" + compare.targets();
        Files.writeString(out.resolve("compare.md"), md);
        System.out.println(md);
    }

    static Compare read(Path runs) throws IOException {
        List<Sample> samples = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(runs)) {
            for (Path dir : dirs.sorted().toList()) {
                String revision = dir.getFileName().toString().split("-")[0];
                Path csv = dir.resolve("throughput-samples.csv");
                if (!REVISIONS.contains(revision) || !Files.exists(csv)) {
                    continue;
                }
                Files.readAllLines(csv).stream().skip(1).map(line -> line.split(",", -1)).forEach(f ->
                        samples.add(new Sample(revision, f[0], f[1], Integer.parseInt(f[2]), number(f[4]),
                                number(f[5]), number(f[6]))));
            }
        }
        if (samples.isEmpty()) {
            throw new IllegalStateException("no before-*/throughput-samples.csv or after-*/... under " + runs);
        }
        return new Compare(samples);
    }

    private static double number(String field) {
        return field.isBlank() ? Double.NaN : Double.parseDouble(field);
    }

    private double median(Predicate<Sample> which, java.util.function.ToDoubleFunction<Sample> value) {
        return Results.median(samples.stream().filter(which).map(value::applyAsDouble).toList());
    }

    private static Predicate<Sample> of(String revision, String database, String subject, int workers) {
        return s -> (revision == null || s.revision().equals(revision)) && s.database().equals(database)
                && s.subject().equals(subject) && s.workers() == workers;
    }

    double rate(String revision, String database, String subject, int workers) {
        return median(of(revision, database, subject, workers), Sample::rate);
    }

    double cpu(String revision, String database, String subject, int workers) {
        return median(of(revision, database, subject, workers), Sample::cpu);
    }

    double trips(String revision, String database, String subject, int workers) {
        return median(of(revision, database, subject, workers), Sample::trips);
    }

    /** @return the subject's rate over its baseline's, the baseline's samples of both revisions pooled */
    double ratio(String revision, String database, String subject, int workers) {
        return rate(revision, database, subject, workers) / rate(null, database, baseline(subject), workers);
    }

    private static String baseline(String subject) {
        return Subject.all().stream().filter(s -> s.name().equals(subject)).findFirst().map(Subject::baseline)
                .orElse(Subject.PLAIN_JDBC);
    }

    private <T> Set<T> distinct(java.util.function.Function<Sample, T> key) {
        Set<T> values = new LinkedHashSet<>();
        samples.forEach(s -> values.add(key.apply(s)));
        return values;
    }

    private List<String> subjects() {
        Set<String> measured = distinct(Sample::subject);
        return Subject.all().stream().map(Subject::name).filter(measured::contains).toList();
    }

    String csv() {
        StringBuilder csv = new StringBuilder("database,workers,subject,baseline,revision,rows_per_s,ratio,"
                + "cpu_us_per_row,trips_per_row\n");
        for (String database : distinct(Sample::database)) {
            for (int workers : distinct(Sample::workers).stream().sorted().toList()) {
                for (String subject : subjects()) {
                    for (String revision : REVISIONS) {
                        csv.append(String.format(Locale.ROOT, "%s,%d,%s,%s,%s,%.0f,%.3f,%.1f,%.2f%n", database, workers,
                                subject, baseline(subject), revision, rate(revision, database, subject, workers),
                                ratio(revision, database, subject, workers), cpu(revision, database, subject, workers),
                                trips(revision, database, subject, workers)));
                    }
                }
            }
        }
        return csv.toString();
    }

    String markdown() {
        StringBuilder md = new StringBuilder("| database | workers | subject | rows/s before → after | ratio before"
                + " | ratio after | CPU µs/row before | after | trips/row before | after |\n"
                + "|---|---|---|---|---|---|---|---|---|---|\n");
        for (String database : distinct(Sample::database)) {
            for (int workers : distinct(Sample::workers).stream().sorted().toList()) {
                for (String subject : subjects()) {
                    md.append(String.format(Locale.ROOT, "| %s | %d | %s | %.0f → %.0f | %.2f | %.2f | %.1f | %.1f |"
                            + " %.2f | %.2f |%n", database, workers, subject, rate("before", database, subject, workers),
                            rate("after", database, subject, workers), ratio("before", database, subject, workers),
                            ratio("after", database, subject, workers), cpu("before", database, subject, workers),
                            cpu("after", database, subject, workers), trips("before", database, subject, workers),
                            trips("after", database, subject, workers)));
                }
            }
        }
        return md.toString();
    }

    /** The targets, before and after. */
    String targets() {
        StringBuilder text = new StringBuilder("Targets (before → after):\n\n");
        for (String database : distinct(Sample::database)) {
            for (int workers : distinct(Sample::workers).stream().sorted().toList()) {
                if (database.equals("POSTGRES")) {
                    // Not a target but the run's condition: the targets are set for a database this fast.
                    line(text, database + ", plain-jdbc at " + workers + " workers, rows/s (the targets are set for a"
                            + " run where it passes 7,000)", r -> rate(r, database, Subject.PLAIN_JDBC, workers),
                            Double.NaN, true, "%.0f");
                }
                if (database.equals("POSTGRES") && workers == 8) {
                    line(text, database + ", row-lock at 8 workers, ratio to plain-jdbc",
                            r -> ratio(r, database, "row-lock", 8), 0.85, true, "%.2f");
                    line(text, database + ", row-lock at 8 workers, CPU per row over plain-jdbc's",
                            r -> cpu(r, database, "row-lock", 8) / cpu(null, database, Subject.PLAIN_JDBC, 8), 2, false,
                            "%.2f×");
                }
                for (String form : List.of("row-lock", "lease", "advisory")) {
                    line(text, database + ", " + form + " at " + workers + " workers over db-scheduler",
                            r -> rate(r, database, form, workers) / rate(null, database, Subject.DB_SCHEDULER, workers),
                            1, true, "%.2f×");
                    if (database.equals("MARIADB")) {
                        line(text, database + ", " + form + " at " + workers + " workers, round trips per row",
                                r -> trips(r, database, form, workers), form.equals("lease") ? 6 : 4, false, "%.2f");
                    }
                }
                line(text, database + ", row-lock-batch-50 at " + workers + " workers, ratio to plain-jdbc-batch-50",
                        r -> ratio(r, database, "row-lock-batch-50", workers), 0.9, true, "%.2f");
            }
        }
        return text.toString();
    }

    private static void line(StringBuilder text, String what, java.util.function.ToDoubleFunction<String> value,
            double target, boolean atLeast, String format) {
        double before = value.applyAsDouble("before");
        double after = value.applyAsDouble("after");
        if (Double.isNaN(before) && Double.isNaN(after)) {
            return;
        }
        String verdict = Double.isNaN(target) ? ""
                : String.format(Locale.ROOT, " (target %s %s): %s", atLeast ? "at least" : "at most",
                        String.format(Locale.ROOT, format, target), Double.isNaN(after) ? "not measured"
                                : (atLeast ? after >= target : after <= target) ? "met" : "not met");
        text.append(String.format(Locale.ROOT, "- %s: " + format + " → " + format + "%s%n", what, before, after,
                verdict));
    }
}
