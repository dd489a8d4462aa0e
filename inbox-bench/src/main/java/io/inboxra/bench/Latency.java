package io.inboxra.bench;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.Histogram;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Latency mode: a producer inserts rows at a steady rate, each carrying the time it was
 * enqueued (this JVM's clock, which the listener reads too), and the listener records how long
 * each waited until {@code onMessage}.
 */
final class Latency {

    private final Duration length;

    Latency(Duration length) {
        this.length = length;
    }

    /** @return the histogram of enqueue-to-onMessage times, in microseconds */
    Histogram measure(TestDatabase db, Form form, int rate, int workers) throws Exception {
        String table = db.newInbox();
        Recorder recorder = new Recorder(3);
        try (Harness server = Harness.start()) {
            Map<String, String> p = db.properties("latency", table, form);
            p.put("workers", String.valueOf(workers));
            p.put("pollInterval", "PT0.05S");
            p.put("maxPollInterval", "PT0.2S");
            server.activate(message -> {
                long enqueued = Long.parseLong(message.text());
                recorder.recordValue(Math.max(0, (System.nanoTime() - enqueued) / 1000));
                return Outcome.ack();
            }, p);
            produce(db, table, rate);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (db.count("SELECT count(*) FROM " + table) > 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
        } finally {
            db.execute("DROP TABLE " + table);
        }
        return recorder.getIntervalHistogram();
    }

    /** Inserts {@code rate} rows a second for the mode's length, one autocommitted insert each. */
    private void produce(TestDatabase db, String table, int rate) throws Exception {
        long interval = TimeUnit.SECONDS.toNanos(1) / rate;
        long total = length.toSeconds() * rate;
        try (Connection c = db.connect();
             PreparedStatement insert = c.prepareStatement("INSERT INTO " + table + " (payload) VALUES (?)")) {
            long next = System.nanoTime();
            for (long i = 0; i < total; i++) {
                long wait = next - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                insert.setString(1, Long.toString(System.nanoTime()));
                insert.executeUpdate();
                next += interval;
            }
        }
    }

    static String row(TestDatabase db, Form form, int rate, Histogram h) {
        return String.format(Locale.ROOT, "| %s | %s | %d | %d | %.1f | %.1f | %.1f |%n", db, form.name().toLowerCase(),
                rate, h.getTotalCount(), h.getValueAtPercentile(50) / 1000.0, h.getValueAtPercentile(95) / 1000.0,
                h.getValueAtPercentile(99) / 1000.0);
    }
}
