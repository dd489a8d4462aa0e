package io.inboxra.bench;

import io.inboxra.Outcome;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Throughput mode: preload N rows, deliver until none is left, rows per second and the JVM's CPU
 * time per row; for each form of the adapter and for the baselines, with the same number of
 * threads. Round trips per row are counted in a run of their own through {@link RoundTrips}, since
 * the forwarder's own cost per trip would slow what is timed.
 */
final class Throughput {

    /**
     * One measurement of one subject.
     *
     * @param rate            rows per second, first delivery to last
     * @param cpuMicrosPerRow the JVM's CPU time per row over the same span, microseconds
     * @param tripsPerRow     round trips per row, NaN when not counted
     */
    record Measurement(double rate, double cpuMicrosPerRow, double tripsPerRow) {
    }

    private final int payloadBytes;
    private final Busy busy;

    Throughput(int payloadBytes, Busy busy) {
        this.payloadBytes = payloadBytes;
        this.busy = busy;
    }

    /**
     * Delivers {@code rows} rows and measures them: timed directly ({@code countTrips} false), or
     * through the forwarder to count the round trips (then only the trips are worth reading).
     */
    Measurement measure(TestDatabase db, Subject subject, int workers, int rows, boolean countTrips) throws Exception {
        String table = subject.name().equals(Subject.DB_SCHEDULER) ? DbSchedulerBaseline.TABLE : db.newInbox();
        Map<String, String> p = subject.form() == null ? db.properties("bench", table)
                : busy.properties(db, "bench", table, subject.form(), workers);
        RoundTrips wire = countTrips ? RoundTrips.to(p.get("url")) : null;
        try {
            Span span = wire == null ? new Span(rows) : new Span(rows, wire::count);
            if (wire != null) {
                p.put("url", wire.route(p.get("url")));
            }
            if (subject.name().equals(Subject.DB_SCHEDULER)) {
                DbSchedulerBaseline.createTable(db);
                try {
                    DbSchedulerBaseline.preload(db, rows);
                    DbSchedulerBaseline.runUntilEmpty(db, p, workers, rows, span);
                } finally {
                    db.execute("DROP TABLE " + DbSchedulerBaseline.TABLE);
                }
            } else {
                try {
                    db.execute("INSERT INTO " + table + " (payload) SELECT REPEAT('x', " + payloadBytes + ") FROM "
                            + db.series(rows));
                    if (subject.plainJdbc()) {
                        PlainJdbc plain = new PlainJdbc(p, table, subject.batchSize());
                        plain.run(workers, span);
                        if (plain.deadlocks().get() > 0) {
                            System.out.printf("%s %s: %d batches deadlocked and were claimed again%n", db,
                                    subject.name(), plain.deadlocks().get());
                        }
                    } else {
                        adapter(db, table, p, subject, rows, span);
                    }
                } finally {
                    db.execute("DROP TABLE " + table);
                }
            }
            if (wire != null && span.tripsPerRow() <= 0) {
                throw new IllegalStateException(subject.name() + " on " + db + ": no round trip went through the"
                        + " forwarder; its connections did not take the routed URL " + p.get("url"));
            }
            return new Measurement(span.rate(), span.cpuMicrosPerRow(), span.tripsPerRow());
        } finally {
            if (wire != null) {
                wire.close();
            }
        }
    }

    /** A loop of the plain-JDBC baselines, run on that many threads at once until each returns. */
    interface Loop {
        void run() throws SQLException;
    }

    /** Runs {@code loop} on {@code workers} threads at once and waits for them all; the first failure is thrown. */
    static void onThreads(int workers, Loop loop) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(workers);
        try {
            List<Future<Void>> done = new ArrayList<>();
            for (int i = 0; i < workers; i++) {
                done.add(threads.submit(() -> {
                    loop.run();
                    return null;
                }));
            }
            for (Future<Void> f : done) {
                f.get();
            }
        } finally {
            threads.shutdown();
        }
    }

    /**
     * The adapter, in the given form, driven through real Narayana transactions (or none). The listener
     * counts the deliveries; the table is counted only once they are all in, since a count every
     * few milliseconds would take database time from the deliveries being measured.
     */
    private static void adapter(TestDatabase db, String table, Map<String, String> p, Subject subject, int rows,
            Span span) throws Exception {
        if (subject.batchSize() > 1) {
            p.put("batchSize", String.valueOf(subject.batchSize()));
        }
        if (subject.prefetch() > 1) {
            p.put("prefetch", String.valueOf(subject.prefetch()));
        }
        try (Harness server = Harness.start()) {
            server.activate(message -> {
                span.delivered();
                return Outcome.ack();
            }, p, subject.transacted());
            untilEmpty(db, table, span, rows);
        }
    }

    /** Waits until {@code rows} deliveries have run and the last transactions have emptied the table. */
    static void untilEmpty(TestDatabase db, String table, Span delivered, int rows) throws Exception {
        while (delivered.count() < rows) {
            Thread.sleep(2);
        }
        while (db.count("SELECT count(*) FROM " + table) > 0) {
            Thread.sleep(2);
        }
    }
}
