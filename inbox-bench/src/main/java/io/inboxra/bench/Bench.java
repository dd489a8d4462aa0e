package io.inboxra.bench;

import java.util.List;
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

    private final BenchOptions o;

    private Bench(BenchOptions o) {
        this.o = o;
    }

    public static void main(String[] argv) throws Exception {
        Bench bench;
        try {
            bench = new Bench(new BenchOptions(Arguments.parse(argv)));
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

    /** The chosen modes, each in this order whatever the order of {@code --modes}. */
    private void run() throws Exception {
        if (o.modes.contains("chart")) {
            Charts.redraw(o.out);
        }
        if (o.modes.contains("latency")) {
            LatencyMode.run(o);
        }
        if (o.modes.contains("throughput")) {
            ThroughputMode.run(o);
        }
        if (o.modes.contains("scale")) {
            ScaleMode.run(o);
        }
        if (o.modes.contains("partitions")) {
            PartitionsMode.run(o);
        }
        if (o.modes.contains("writes")) {
            WritesMode.run(o);
        }
        if (o.modes.contains("keys")) {
            KeysMode.run(o);
        }
        if (o.modes.contains("traces")) {
            new Traces(o.rows, o.busy).run(o.databases, o.workerCounts, o.repeats, o.payloadBytes, o.out);
        }
        if (o.modes.contains("chaos")) {
            ChaosMode.run(o);
        }
    }
}
