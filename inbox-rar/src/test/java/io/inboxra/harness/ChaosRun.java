package io.inboxra.harness;

import io.inboxra.dialect.Form;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Nothing lost, nothing twice, under everything at once: two adapter instances ("servers")
 * deliver the same table, the MDB writes its effect through its own XA connection (two phases
 * with the adapter's branch) and then fails at random, and the adapter's connections are killed
 * at random. In the end every row's effect is there exactly once, the inbox is empty and
 * nothing is left in doubt. The tests run it small; {@code inbox-bench --modes chaos} runs it long.
 */
public final class ChaosRun {

    /**
     * What a run came to.
     *
     * @param rows rows inserted
     * @param effects distinct rows whose effect committed
     * @param duplicated rows whose effect committed more than once
     * @param left rows still in the inbox
     * @param inDoubt prepared branches left in the database
     * @param kills connection kills made
     * @param deliveries listener calls, failures included
     * @param seconds how long it took
     * @param sessionsLeft the adapter's database sessions still open once both servers stopped
     */
    public record Result(int rows, long effects, long duplicated, long left, long inDoubt, int kills, int deliveries,
            double seconds, long sessionsLeft) {
        public boolean exactlyOnce() {
            return effects == rows && duplicated == 0 && left == 0 && inDoubt == 0;
        }
    }

    private static final String NODE = Narayana.node();

    private ChaosRun() {
    }

    /**
     * @param failure the share of deliveries whose listener fails after its write (0.1: one in ten)
     * @param killEvery the mean time between kills of the adapter's connections
     */
    public static Result run(TestDatabase db, Form form, int rows, double failure, Duration killEvery,
            Duration timeout) throws Exception {
        return run(db, form, rows, failure, killEvery, timeout, 1);
    }

    /** As {@link #run(TestDatabase, Form, int, double, Duration, Duration)}, claiming {@code batchSize} rows at a time. */
    public static Result run(TestDatabase db, Form form, int rows, double failure, Duration killEvery,
            Duration timeout, int batchSize) throws Exception {
        return run(db, form, rows, failure, killEvery, timeout, Map.of("batchSize", String.valueOf(batchSize)));
    }

    /**
     * As {@link #run(TestDatabase, Form, int, double, Duration, Duration)}, with activation properties of the
     * test's over the run's own ({@code batchSize}, {@code prefetch}).
     */
    public static Result run(TestDatabase db, Form form, int rows, double failure, Duration killEvery,
            Duration timeout, Map<String, String> settings) throws Exception {
        // A prepared branch left behind makes dropping the tables wait for its locks and fail: the
        // try-with-resources keeps the run's own failure, with the drop's as suppressed.
        try (TestTables tables = new TestTables()) {
            return run(db, form, rows, failure, killEvery, timeout, settings, tables);
        }
    }

    private static Result run(TestDatabase db, Form form, int rows, double failure, Duration killEvery,
            Duration timeout, Map<String, String> settings, TestTables tables) throws Exception {
        String table = tables.inbox(db);
        // The index the claim order of this run's subscription needs (due time, then id): without it
        // every claim of a long run sorts the whole table.
        db.execute("CREATE INDEX " + table + "_due ON " + table + " (due_at, id)");
        String effects = tables.effects(db);
        db.insertRows(table, rows);
        AtomicBoolean killing = new AtomicBoolean(true);
        AtomicInteger kills = new AtomicInteger();
        AtomicInteger deliveries = new AtomicInteger();
        long started = System.nanoTime();
        double seconds;
        try (Harness one = Harness.start(); Harness two = Harness.start();
                EffectWriter mdb = new EffectWriter(db.xaDataSource(), effects, new HashSet<>(), message -> {
                    deliveries.incrementAndGet();
                    if (ThreadLocalRandom.current().nextDouble() < failure) {
                        throw new IllegalStateException("a random failure after the MDB's write");
                    }
                })) {
            Map<String, String> p = db.properties("chaos", table, form);
            p.put("workers", "4");
            p.put("lease", "PT2S");
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("retryDelay", "PT0.01S");
            p.put("maxRetryDelay", "PT0.05S");
            p.putAll(settings);
            one.activate(mdb, p);
            two.activate(mdb, p);
            Thread killer = new Thread(() -> {
                // The first kill as soon as rows are in work: a fast run (batches, rows claimed ahead) could drain
                // the inbox before a first kill at random, and a run without a kill proves nothing.
                while (killing.get() && deliveries.get() == 0) {
                    Await.sleep(1);
                }
                boolean first = true;
                while (killing.get()) {
                    if (!first) {
                        Await.sleep(ThreadLocalRandom.current().nextLong(killEvery.toMillis() * 2 + 1));
                    }
                    first = false;
                    try {
                        if (killing.get()) {
                            db.killAdapterConnections("chaos");
                            kills.incrementAndGet();
                        }
                    } catch (SQLException | RuntimeException e) {
                        // The database is busy or the connection died meanwhile: the next kill comes soon.
                    }
                }
            }, "chaos-killer");
            killer.setDaemon(true);
            killer.start();
            try {
                Await.until("the inbox is empty", timeout, () -> db.count("SELECT count(*) FROM " + table) == 0);
            } catch (AssertionError e) {
                // Which rows stayed, who held them, and where the workers were: a stall is otherwise unreadable.
                throw new AssertionError(e.getMessage() + " (" + form + " " + settings + ", " + kills
                        + " kills, " + deliveries + " deliveries); rows left: " + rowsLeft(db, table)
                        + "; open transactions: " + db.openTransactions() + "; adapter threads:\n"
                        + adapterThreads(), e);
            } finally {
                killing.set(false);
                killer.join();
            }
            // Let deliveries still finishing their second phase end before counting.
            try {
                Await.until("nothing is left in doubt", Duration.ofSeconds(30), () -> inDoubt(db, tables).isEmpty());
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "; in doubt: " + inDoubt(db, tables), e);
            }
            seconds = (System.nanoTime() - started) / 1e9;
        }
        // Stopped, the servers have closed every connection they opened; a killed session may take a moment to go.
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        long sessionsLeft = db.adapterConnections("chaos");
        while (sessionsLeft > 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
            sessionsLeft = db.adapterConnections("chaos");
        }
        return new Result(rows, db.count("SELECT count(DISTINCT row_id) FROM " + effects), duplicated(db, effects),
                db.count("SELECT count(*) FROM " + table), inDoubt(db, tables).size(), kills.get(), deliveries.get(),
                seconds, sessionsLeft);
    }

    /** @return the first rows still in the inbox, every column */
    private static List<String> rowsLeft(TestDatabase db, String table) {
        List<String> rows = new ArrayList<>();
        try (Connection c = db.connect();
                ResultSet rs = c.createStatement().executeQuery("SELECT * FROM " + table + " ORDER BY id")) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next() && rows.size() < 20) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= columns; i++) {
                    row.append(i == 1 ? "" : " ").append(rs.getMetaData().getColumnLabel(i)).append('=')
                            .append(rs.getString(i));
                }
                rows.add(row.toString());
            }
        } catch (SQLException e) {
            rows.add("(could not be read: " + e + ")");
        }
        return rows;
    }

    /** @return the stacks of the threads in the adapter's code, the frames of the adapter and below them */
    private static String adapterThreads() {
        StringBuilder dump = new StringBuilder();
        Thread.getAllStackTraces().forEach((thread, stack) -> {
            if (Arrays.stream(stack).anyMatch(f -> f.getClassName().startsWith("io.inboxra.ra"))) {
                dump.append(thread.getName()).append(' ').append(thread.getState()).append('\n');
                Arrays.stream(stack).limit(25).forEach(f -> dump.append("    at ").append(f).append('\n'));
            }
        });
        return dump.toString();
    }

    private static long duplicated(TestDatabase db, String effects) throws SQLException {
        return db.count("SELECT count(*) FROM (SELECT row_id FROM " + effects + " GROUP BY row_id HAVING count(*) > 1) d");
    }

    /** Prepared branches of this run's: on its tables (PostgreSQL), or of this harness's transactions (MariaDB). */
    private static List<String> inDoubt(TestDatabase db, TestTables tables) throws SQLException {
        if (db != TestDatabase.POSTGRES) {
            // XA RECOVER tells no tables; the harness's transaction manager names itself in every xid.
            List<String> branches = new ArrayList<>();
            try (Connection c = db.connect(); ResultSet rs = c.createStatement().executeQuery("XA RECOVER")) {
                while (rs.next()) {
                    if (rs.getString("data").contains(NODE)) {
                        branches.add(rs.getString("data"));
                    }
                }
            }
            return branches;
        }
        return Postgres.preparedBranchesOn(tables.on(db));
    }
}
