package io.inboxra.bench;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Latency mode: a producer inserts rows at a steady rate, each carrying the time it was
 * enqueued (this JVM's clock, which the listener reads too), and the listener records how long
 * each waited until {@code onMessage}. Each form runs polling only, and (on PostgreSQL) with
 * wake-up: the subscription's {@code notifyChannel}, and a producer that sends {@code NOTIFY} in
 * its insert's transaction; next to the plain-JDBC baseline ({@link LatencyBaseline}) doing the
 * same each way.
 */
final class Latency {

    /** Polling only: the poll the latency mode has always run, often and short. */
    static final Duration POLL = Duration.ofMillis(50);
    static final Duration MAX_POLL = Duration.ofMillis(200);
    /** With wake-up: the adapter's default poll, only the safety net now. */
    static final Duration WAKE_POLL = Duration.ofSeconds(1);
    static final Duration WAKE_MAX_POLL = Duration.ofSeconds(10);

    /**
     * One measured case.
     *
     * @param form the adapter's form, or null for the plain-JDBC baseline
     * @param wakeUp whether the producer notifies and the consumer listens
     */
    record Subject(Form form, boolean wakeUp) {
        static List<Subject> all(TestDatabase db, List<Form> forms) {
            List<Subject> subjects = new ArrayList<>();
            for (boolean wakeUp : db == TestDatabase.POSTGRES ? new boolean[] {false, true} : new boolean[] {false}) {
                subjects.add(new Subject(null, wakeUp));
                forms.forEach(form -> subjects.add(new Subject(form, wakeUp)));
            }
            return subjects;
        }

        String name() {
            return form == null ? "plain JDBC" : form.name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }

        Duration poll() {
            return wakeUp ? WAKE_POLL : POLL;
        }

        Duration maxPoll() {
            return wakeUp ? WAKE_MAX_POLL : MAX_POLL;
        }
    }

    /** The payload of a warm-up row. */
    static final long WARM_UP = -1;

    private final Duration length;

    Latency(Duration length) {
        this.length = length;
    }

    /** @return the histogram of enqueue-to-onMessage times, in microseconds */
    Histogram measure(TestDatabase db, Subject subject, int rate, int workers) throws Exception {
        String table = db.newInbox();
        String channel = subject.wakeUp()
                ? "bench_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffL) : null;
        Recorder recorder = new Recorder(3);
        try {
            if (subject.form() == null) {
                try (LatencyBaseline baseline = new LatencyBaseline(db, table, recorder, subject.poll(),
                        subject.maxPoll())) {
                    baseline.start(workers, channel);
                    run(db, table, rate, channel);
                }
            } else {
                adapter(db, table, subject, rate, workers, channel, recorder);
            }
        } finally {
            db.execute("DROP TABLE " + table);
        }
        return recorder.getIntervalHistogram();
    }

    private void adapter(TestDatabase db, String table, Subject subject, int rate, int workers, String channel,
            Recorder recorder) throws Exception {
        try (Harness server = Harness.start()) {
            Map<String, String> p = db.properties("latency", table, subject.form());
            p.put("workers", String.valueOf(workers));
            p.put("pollInterval", subject.poll().toString());
            p.put("maxPollInterval", subject.maxPoll().toString());
            if (channel != null) {
                p.put("notifyChannel", channel);
            }
            server.activate(message -> {
                record(recorder, message.text());
                return Outcome.ack();
            }, p);
            if (channel != null) {
                awaitListening(db, channel);
            }
            run(db, table, rate, channel);
        }
    }

    /** Waits until the subscription's listener has run its LISTEN: a notification before it wakes no one. */
    private static void awaitListening(TestDatabase db, String channel) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (db.count("SELECT count(*) FROM pg_stat_activity WHERE query = 'LISTEN " + channel + "'") == 0) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the subscription does not listen on " + channel);
            }
            Thread.sleep(20);
        }
    }

    /** Records a row's wait; the warm-up's rows ({@link #WARM_UP}) are not recorded. */
    static void record(Recorder recorder, String payload) {
        long enqueued = Long.parseLong(payload);
        if (enqueued != WARM_UP) {
            recorder.recordValue(Math.max(0, (System.nanoTime() - enqueued) / 1000));
        }
    }

    /**
     * Warms up (20 rows delivered and not recorded, so that the first delivery's class loading,
     * which a long-lived server pays once, is not in the figures), then produces for the mode's
     * length, then waits (30 s at most) until every row is gone.
     */
    private void run(TestDatabase db, String table, int rate, String channel) throws Exception {
        for (int i = 0; i < 20; i++) {
            enqueue(db, table, channel, WARM_UP);
        }
        drain(db, table);
        // The consumers' last claims found nothing: they are idle, as between bursts of a real producer.
        Thread.sleep(500);
        produce(db, table, rate, channel);
        drain(db, table);
    }

    private static void drain(TestDatabase db, String table) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (db.count("SELECT count(*) FROM " + table) > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    private static void enqueue(TestDatabase db, String table, String channel, long payload) throws Exception {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            c.setAutoCommit(channel == null);
            s.execute("INSERT INTO " + table + " (payload) VALUES ('" + payload + "')");
            if (channel != null) {
                s.execute("NOTIFY " + channel);
                c.commit();
            }
        }
    }

    /**
     * Inserts {@code rate} rows a second for the mode's length: one autocommitted insert each, or
     * with a channel, the insert and its {@code NOTIFY} in one transaction.
     */
    private void produce(TestDatabase db, String table, int rate, String channel) throws Exception {
        long interval = TimeUnit.SECONDS.toNanos(1) / rate;
        long total = length.toSeconds() * rate;
        try (Connection c = db.connect();
             PreparedStatement insert = c.prepareStatement("INSERT INTO " + table + " (payload) VALUES (?)");
             Statement notify = c.createStatement()) {
            c.setAutoCommit(channel == null);
            long next = System.nanoTime();
            for (long i = 0; i < total; i++) {
                long wait = next - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                insert.setString(1, Long.toString(System.nanoTime()));
                insert.executeUpdate();
                if (channel != null) {
                    notify.execute("NOTIFY " + channel);
                    c.commit();
                }
                next += interval;
            }
        }
    }
}
