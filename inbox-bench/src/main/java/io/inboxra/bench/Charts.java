package io.inboxra.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Each database's charts ({@link Chart}) next to a mode's tables in the output folder; chart mode
 * draws them anew from the last CSVs there.
 */
final class Charts {

    private Charts() {
    }

    /** Chart mode: the charts of whichever of throughput, writes and latency left a CSV in {@code out}. */
    static void redraw(Path out) throws IOException {
        if (Files.exists(out.resolve("throughput.csv"))) {
            throughput(Results.fromCsv(Files.readString(out.resolve("throughput.csv"))), out);
        }
        if (Files.exists(out.resolve("writes.csv"))) {
            writes(Results.fromCsv(Files.readString(out.resolve("writes.csv"))), out);
        }
        if (Files.exists(out.resolve("latency.csv"))) {
            latency(LatencyResults.fromCsv(Files.readString(out.resolve("latency.csv"))), out);
        }
    }

    /** The chart of each database's writes mode, next to the tables. */
    static void writes(Results results, Path out) throws IOException {
        for (String database : results.databases()) {
            Chart.write(results, "Each delivery also writes a row, on " + database + " (rows/s, median)", database,
                    out.resolve("writes-" + database.toLowerCase() + ".png"));
        }
    }

    /** The chart of each database's latency, next to the tables. */
    static void latency(LatencyResults results, Path out) throws IOException {
        for (String database : results.rows().stream().map(LatencyResults.Row::database).distinct().toList()) {
            Chart.latency(results, database, out.resolve("latency-" + database.toLowerCase() + ".png"));
        }
    }

    /** The chart of each database's throughput, next to the tables. */
    static void throughput(Results results, Path out) throws IOException {
        for (String database : results.databases()) {
            Chart.write(results, database, out.resolve("throughput-" + database.toLowerCase() + ".png"));
        }
    }
}
