package io.inboxra.bench;

import io.inboxra.harness.TestDatabase;

import java.nio.file.Files;
import java.util.List;

/**
 * Keys mode: sends with and without keys, delivered one row and a batch per transaction, each
 * subject interleaved with the others, repeated; with keys as a ratio to without ({@link Keys}).
 */
final class KeysMode {

    private KeysMode() {
    }

    static void run(BenchOptions o) throws Exception {
        Results results = new Results(o.rows, o.payloadBytes);
        Keys keys = new Keys(o.rows, o.busy);
        for (TestDatabase db : o.databases) {
            // Each subject once, unrecorded: a cold JVM's compilation is charged to none of them.
            for (String subject : Keys.SUBJECTS) {
                keys.measure(db, subject, o.workerCounts.get(0));
            }
            for (int repeat = 1; repeat <= o.repeats; repeat++) {
                for (int workers : o.workerCounts) {
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
        String md = markdown(o, results);
        Files.createDirectories(o.out);
        Files.writeString(o.out.resolve("keys.md"), md);
        Files.writeString(o.out.resolve("keys.csv"), results.csv());
        System.out.println(md);
    }

    /** {@code keys.md}: medians with their ranges, with keys as a ratio to without, then the targets. */
    private static String markdown(BenchOptions o, Results results) {
        StringBuilder md = new StringBuilder(String.format(java.util.Locale.ROOT, "Keys: %,d rows sent through the"
                + " producer by %d threads (each send commits by itself) while a row lock subscription delivers and"
                + " deletes them; rows/s from the first send until the table is empty, medians of %d runs, range in brackets."
                + " With keys: each send has a key of its own, the table a unique index on it. JVM CPU: the process's"
                + " CPU time (senders, subscription, collector and compiler) per row over the same time, the steadier"
                + " figure on a shared machine.%n%n"
                + "| database | subject | workers | rows/s | with keys ÷ without | JVM CPU µs/row | CPU with ÷ without |%n"
                + "|---|---|---|---|---|---|---|%n",
                o.rows, Keys.SENDERS, o.repeats));
        for (String database : results.databases()) {
            for (int workers : o.workerCounts) {
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
        md.append('\n').append(Keys.targets(results, o.workerCounts));
        return md.toString();
    }
}
