package io.inboxra.bench;

import io.inboxra.harness.TestDatabase;

import java.nio.file.Files;

/**
 * Writes mode: each delivery also writes one row into the same database, through the MDB's own
 * XA data source (two phases) or through the claim's branch (one), next to plain JDBC.
 */
final class WritesMode {

    private WritesMode() {
    }

    static void run(BenchOptions o) throws Exception {
        Results results = new Results(o.rows, o.payloadBytes);
        Writes writes = new Writes(o.rows, o.busy);
        for (TestDatabase db : o.databases) {
            for (int repeat = 1; repeat <= o.repeats; repeat++) {
                for (int workers : o.workerCounts) {
                    for (String subject : Writes.SUBJECTS) {
                        double rate = writes.measure(db, subject, workers);
                        results.add(db.name(), subject, workers, rate);
                        System.out.printf("%s %s, %d workers, run %d: %.0f rows/s%n", db, subject, workers, repeat, rate);
                    }
                }
            }
        }
        String md = "Writes: each delivery also inserts one row into another table of the same database.\n\n"
                + results.markdown() + "\n" + Writes.targets(results, o.workerCounts);
        Files.createDirectories(o.out);
        Files.writeString(o.out.resolve("writes.md"), md);
        Files.writeString(o.out.resolve("writes.csv"), results.csv());
        Charts.writes(results, o.out);
        System.out.println(md);
    }
}
