package io.inboxra.bench;

import io.inboxra.harness.TestDatabase;

import java.nio.file.Files;
import java.util.List;

/**
 * Throughput mode: every subject at every worker count, repeated, interleaved; then (with
 * {@code --trip-rows} above 0) each once more with that many rows through the forwarder, for
 * its round trips. {@code --warm-up} rows first run every subject once, unrecorded, so that a
 * cold JVM's compilation is not charged to the first subjects.
 */
final class ThroughputMode {

    private ThroughputMode() {
    }

    static void run(BenchOptions o) throws Exception {
        Results results = new Results(o.rows, o.payloadBytes);
        Throughput throughput = new Throughput(o.payloadBytes, o.busy);
        List<Subject> chosen = Subject.all().stream().filter(s -> o.subjects.contains(s.name())).toList();
        for (TestDatabase db : o.databases) {
            if (o.warmUpRows > 0) {
                for (Subject subject : chosen) {
                    throughput.measure(db, subject, o.workerCounts.get(0), o.warmUpRows, false);
                }
                System.out.printf("%s: warmed up, %d rows per subject%n", db, o.warmUpRows);
            }
            for (int repeat = 1; repeat <= o.repeats; repeat++) {
                for (int workers : o.workerCounts) {
                    for (Subject subject : chosen) {
                        Throughput.Measurement m = throughput.measure(db, subject, workers, o.rows, false);
                        results.add(new Results.Sample(db.name(), subject.name(), workers, repeat, m.rate(),
                                m.cpuMicrosPerRow(), Double.NaN));
                        System.out.printf(java.util.Locale.ROOT, "%s %-22s %2d workers, run %d: %8.0f rows/s %7.1f"
                                + " CPU us/row%n", db, subject.name(), workers, repeat, m.rate(), m.cpuMicrosPerRow());
                    }
                }
            }
            if (o.tripRows > 0) {
                for (int workers : o.workerCounts) {
                    for (Subject subject : chosen) {
                        double trips = throughput.measure(db, subject, workers, o.tripRows, true).tripsPerRow();
                        results.addTrips(db.name(), subject.name(), workers, trips);
                        System.out.printf(java.util.Locale.ROOT, "%s %-22s %2d workers: %6.2f round trips/row%n",
                                db, subject.name(), workers, trips);
                    }
                }
            }
        }
        Files.createDirectories(o.out);
        Files.writeString(o.out.resolve("throughput.csv"), results.csv());
        Files.writeString(o.out.resolve("throughput-samples.csv"), results.samplesCsv());
        Files.writeString(o.out.resolve("throughput.md"), results.markdown() + "\n" + results.targets());
        Charts.throughput(results, o.out);
        System.out.println(results.markdown());
        System.out.println(results.targets());
    }
}
