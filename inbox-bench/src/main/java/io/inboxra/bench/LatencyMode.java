package io.inboxra.bench;

import io.inboxra.harness.TestDatabase;

import java.nio.file.Files;
import java.time.Duration;

/**
 * Latency mode: steady producers at each rate, enqueue-to-onMessage percentiles per form,
 * polling only and (PostgreSQL) with wake-up, next to the plain-JDBC baseline each way.
 */
final class LatencyMode {

    private LatencyMode() {
    }

    static void run(BenchOptions o) throws Exception {
        Latency latency = new Latency(Duration.ofSeconds(Long.parseLong(o.latencySeconds)));
        LatencyResults results = new LatencyResults();
        for (TestDatabase db : o.databases) {
            for (int rate : o.latencyRates) {
                for (Latency.Subject subject : Latency.Subject.all(db, o.forms)) {
                    LatencyResults.Row row = results.add(db.name(), subject, rate,
                            latency.measure(db, subject, rate, 4));
                    System.out.print(results.line(row));
                }
            }
        }
        Files.createDirectories(o.out);
        Files.writeString(o.out.resolve("latency.md"), results.markdown() + "\n" + results.targets());
        Files.writeString(o.out.resolve("latency.csv"), results.csv());
        Charts.latency(results, o.out);
        System.out.println(results.markdown());
        System.out.println(results.targets());
    }
}
