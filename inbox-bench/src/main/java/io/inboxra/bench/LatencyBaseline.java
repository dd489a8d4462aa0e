package io.inboxra.bench;

import io.inboxra.harness.TestDatabase;
import org.HdrHistogram.Recorder;
import org.postgresql.PGConnection;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The latency mode's plain-JDBC baseline, as the throughput mode defines it: the row lock
 * form's claim and delete by hand, one local transaction per row, with as many threads as the
 * adapter has workers. A thread that finds nothing waits as the adapter's workers do (the same
 * poll interval, doubling to the same longest); with wake-up, one more connection {@code LISTEN}s
 * and a notification ends every thread's wait, as the adapter's listener does. The latency is
 * taken where the adapter calls {@code onMessage}: the row claimed and read, before its delete.
 */
final class LatencyBaseline implements AutoCloseable {

    private final TestDatabase db;
    private final String table;
    private final Recorder recorder;
    private final Duration poll;
    private final Duration maxPoll;
    private final Object signal = new Object();
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<Future<?>> running = new ArrayList<>();
    private volatile boolean stopped;
    private long wakes;

    LatencyBaseline(TestDatabase db, String table, Recorder recorder, Duration poll, Duration maxPoll) {
        this.db = db;
        this.table = table;
        this.recorder = recorder;
        this.poll = poll;
        this.maxPoll = maxPoll;
    }

    /** Starts the consumers, and with a channel the listener, and returns once it listens. */
    void start(int workers, String channel) throws Exception {
        if (channel != null) {
            Connection listening = db.connect();
            listening.createStatement().execute("LISTEN " + channel);
            running.add(threads.submit(() -> listen(listening)));
        }
        for (int i = 0; i < workers; i++) {
            running.add(threads.submit(() -> {
                consume();
                return null;
            }));
        }
    }

    private Void listen(Connection listening) throws SQLException {
        try (listening) {
            PGConnection pg = listening.unwrap(PGConnection.class);
            while (!stopped) {
                var notifications = pg.getNotifications(250);
                if (notifications != null && notifications.length > 0) {
                    synchronized (signal) {
                        wakes++;
                        signal.notifyAll();
                    }
                }
            }
        }
        return null;
    }

    private void consume() throws Exception {
        try (Connection c = db.connect();
             PreparedStatement claim = c.prepareStatement("SELECT id, payload FROM " + table
                     + " ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED");
             PreparedStatement delete = c.prepareStatement("DELETE FROM " + table + " WHERE id = ?")) {
            c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            c.setAutoCommit(false);
            Duration idle = Duration.ZERO;
            while (!stopped) {
                long seen;
                synchronized (signal) {
                    seen = wakes;
                }
                Long id = null;
                try (ResultSet rs = claim.executeQuery()) {
                    if (rs.next()) {
                        id = rs.getLong(1);
                        Latency.record(recorder, rs.getString(2));
                    }
                }
                if (id != null) {
                    delete.setLong(1, id);
                    delete.executeUpdate();
                    c.commit();
                    idle = Duration.ZERO;
                    continue;
                }
                c.commit();
                idle = idle.isZero() ? poll : idle.multipliedBy(2);
                if (idle.compareTo(maxPoll) > 0) {
                    idle = maxPoll;
                }
                await(idle, seen);
            }
        }
    }

    private void await(Duration wait, long seen) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        synchronized (signal) {
            while (!stopped && wakes == seen) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                signal.wait(Math.max(1, left / 1_000_000));
            }
        }
    }

    @Override
    public void close() throws Exception {
        synchronized (signal) {
            stopped = true;
            signal.notifyAll();
        }
        try {
            for (Future<?> f : running) {
                f.get();
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
