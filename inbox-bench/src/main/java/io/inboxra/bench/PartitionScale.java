package io.inboxra.bench;

import io.inboxra.Outcome;
import io.inboxra.dialect.Advisory;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.Label;
import io.inboxra.dialect.Lease;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.RowLock;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.ra.dialect.postgres.PostgresDialect;
import org.HdrHistogram.Histogram;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Partitions mode: the claim's latency at a large backlog on PostgreSQL, on a plain table and on
 * the same rows in tables partitioned three ways (by range of the due time, by range of a creation
 * time, by hash of the id), in one run. Every table is filled with the same rows, due over the
 * last ten days; the claims then alternate between the tables, one at a time, each timed alone
 * (the dialect's own claim statement, its row settled by a delete after the clock stops), so the
 * machine's load falls on every table alike. Then the adapter delivers a window of rows from each
 * table with 4 workers, for rows/s through the whole delivery: three rounds, the tables in turn
 * in each, and the median. Each form starts on vacuumed tables.
 */
final class PartitionScale {

    /** How a table of the run is laid out. */
    enum Layout {
        PLAIN("plain", "PRIMARY KEY (id)", ""),
        RANGE_BY_DUE("range by due_at, 12 daily partitions", "PRIMARY KEY (id, due_at)", " PARTITION BY RANGE (due_at)"),
        RANGE_BY_CREATED("range by created_at, 12 daily partitions", "PRIMARY KEY (id, created_at)",
                " PARTITION BY RANGE (created_at)"),
        HASH_BY_ID("hash by id, 8 partitions", "PRIMARY KEY (id)", " PARTITION BY HASH (id)");

        final String label;
        final String key;
        final String partitionBy;

        Layout(String label, String key, String partitionBy) {
            this.label = label;
            this.key = key;
            this.partitionBy = partitionBy;
        }
    }

    /** The claim latencies of one table, and the adapter's rate from it. */
    record Measured(Histogram claims, double rowsPerSecond) {
    }

    /** The adapter's deliveries from each table are measured this many times; the median is reported. */
    private static final int ROUNDS = 3;

    private final int backlog;
    private final int claims;
    private final int window;
    private final Busy busy;
    private final PostgresDialect dialect = new PostgresDialect();

    PartitionScale(int backlog, int claims, int window, Busy busy) {
        this.backlog = backlog;
        this.claims = claims;
        this.window = window;
        this.busy = busy;
    }

    /**
     * Fills the tables once, then measures each form on them in turn (a form's claims and
     * deliveries take a few thousand of the backlog's rows, the same on every table).
     *
     * @return per form, per layout in {@link Layout} order, what was measured
     */
    Map<Form, Map<Layout, Measured>> measure(java.util.List<Form> forms) throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        Map<Layout, String> tables = new LinkedHashMap<>();
        try {
            for (Layout layout : Layout.values()) {
                long start = System.nanoTime();
                tables.put(layout, create(db, layout));
                System.out.printf(Locale.ROOT, "partitions: %s filled with %,d rows in %.0f s%n", layout.label, backlog,
                        (System.nanoTime() - start) / 1e9);
            }
            Map<Form, Map<Layout, Measured>> all = new LinkedHashMap<>();
            for (Form form : forms) {
                all.put(form, measure(db, form, tables));
            }
            return all;
        } finally {
            for (String table : tables.values()) {
                db.execute("DROP TABLE IF EXISTS " + table);
            }
        }
    }

    private Map<Layout, Measured> measure(TestDatabase db, Form form, Map<Layout, String> tables) throws Exception {
        // The form before left the rows it settled as dead index entries at the head of the claim order: gone.
        for (String table : tables.values()) {
            db.execute("VACUUM ANALYZE " + table);
        }
        Map<Layout, Histogram> latencies = new LinkedHashMap<>();
        Map<Layout, Claimer> claimers = new LinkedHashMap<>();
        try {
            for (Map.Entry<Layout, String> t : tables.entrySet()) {
                latencies.put(t.getKey(), new Histogram(60_000_000_000L, 3));
                claimers.put(t.getKey(), new Claimer(db.connect(), spec(t.getValue(), form)));
            }
            for (int i = 0; i < claims; i++) {
                for (Layout layout : Layout.values()) {
                    latencies.get(layout).recordValue(claimers.get(layout).claimOne());
                }
            }
        } finally {
            for (Claimer c : claimers.values()) {
                c.close();
            }
        }
        // Rounds, each table in turn within a round, and the median: a burst of the machine's load falls on one round.
        Map<Layout, java.util.List<Double>> rates = new LinkedHashMap<>();
        for (int round = 0; round < ROUNDS; round++) {
            for (Map.Entry<Layout, String> t : tables.entrySet()) {
                rates.computeIfAbsent(t.getKey(), k -> new java.util.ArrayList<>()).add(deliver(db, form, t.getValue()));
            }
        }
        Map<Layout, Measured> measured = new LinkedHashMap<>();
        for (Map.Entry<Layout, String> t : tables.entrySet()) {
            java.util.List<Double> sorted = rates.get(t.getKey()).stream().sorted().toList();
            measured.put(t.getKey(), new Measured(latencies.get(t.getKey()), sorted.get(sorted.size() / 2)));
        }
        return measured;
    }

    /** The table, its partitions, the claim order's index, and the backlog: due over the last ten days. */
    private String create(TestDatabase db, Layout layout) throws SQLException {
        String table = "bench_part_" + Long.toHexString(java.util.concurrent.ThreadLocalRandom.current().nextLong() & 0xffffffffL);
        db.execute("CREATE TABLE " + table + " (id BIGSERIAL, payload TEXT NOT NULL,"
                + " due_at TIMESTAMPTZ NOT NULL DEFAULT now(), created_at TIMESTAMPTZ NOT NULL DEFAULT now(),"
                + " locked_until TIMESTAMPTZ, " + layout.key + ")" + layout.partitionBy);
        if (layout == Layout.HASH_BY_ID) {
            for (int i = 0; i < 8; i++) {
                db.execute("CREATE TABLE " + table + "_h" + i + " PARTITION OF " + table
                        + " FOR VALUES WITH (MODULUS 8, REMAINDER " + i + ")");
            }
        } else if (layout != Layout.PLAIN) {
            // Ten days back, today, tomorrow: 12 days, each a partition.
            for (int day = -10; day <= 1; day++) {
                db.execute("CREATE TABLE " + table + "_d" + (day + 10) + " PARTITION OF " + table + " FOR VALUES FROM ("
                        + (day == -10 ? "MINVALUE" : "date_trunc('day', now()) + interval '" + day + " days'") + ") TO ("
                        + (day == 1 ? "MAXVALUE" : "date_trunc('day', now()) + interval '" + (day + 1) + " days'") + ")");
            }
        }
        db.execute("CREATE INDEX " + table + "_claim ON " + table + " (due_at, id)");
        db.execute("INSERT INTO " + table + " (payload, due_at, created_at) SELECT repeat('x', 100), t, t FROM"
                + " (SELECT now() - interval '10 days' * (n::float8 / " + backlog + ") - interval '1 minute' AS t"
                + " FROM generate_series(1, " + backlog + ") n) s");
        db.execute("VACUUM ANALYZE " + table);
        return table;
    }

    private static TableSpec spec(String table, Form form) {
        TableSpec.Builder b = TableSpec.builder(table).dueColumn("due_at");
        if (form == Form.LEASE) {
            b.lockedUntilColumn("locked_until");
        } else if (form == Form.ADVISORY) {
            b.advisoryLock("id");
        }
        return b.build();
    }

    /** rows/s over the first {@code window} deliveries of the adapter, 4 workers. */
    private double deliver(TestDatabase db, Form form, String table) throws Exception {
        Span delivered = new Span(window);
        Map<String, String> p = busy.properties(db, "partitions", table, form, 4);
        p.put("dueColumn", "due_at");
        try (Harness server = Harness.start()) {
            server.activate(message -> {
                delivered.delivered();
                return Outcome.ack();
            }, p);
            while (delivered.count() < window) {
                Thread.sleep(5);
            }
            return delivered.rate();
        }
    }

    /** One connection claiming rows of one table with the dialect's claim, one at a time. */
    private final class Claimer implements AutoCloseable {
        private final Connection connection;
        private final TableSpec spec;
        private final Form form;
        private final PreparedStatement claim;
        private final Statement claimStatement;
        private final PreparedStatement delete;
        private final PreparedStatement unlock;

        Claimer(Connection connection, TableSpec spec) throws Exception {
            this.connection = connection;
            this.spec = spec;
            this.form = spec.form();
            this.claimStatement = switch (form) {
                case ROW_LOCK -> ((RowLock) dialect).lockClaim(spec);
                case LEASE -> ((Lease) dialect).leaseClaim(spec);
                case ADVISORY -> ((Advisory) dialect).advisoryClaim(spec);
            };
            this.claim = connection.prepareStatement(claimStatement.sql());
            this.delete = connection.prepareStatement("DELETE FROM " + dialect.table(spec) + " WHERE id = ?");
            this.unlock = form == Form.ADVISORY ? connection.prepareStatement(dialect.unlock(spec).sql()) : null;
            connection.setAutoCommit(form != Form.ROW_LOCK);
        }

        /** @return the claim's nanoseconds; its row is settled after the clock stops */
        long claimOne() throws SQLException {
            int index = 1;
            for (Param param : claimStatement.params()) {
                switch (param) {
                    case LIMIT -> claim.setInt(index++, 1);
                    case CANDIDATES -> claim.setInt(index++, 256);
                    case LEASE -> claim.setLong(index++, 30_000L);
                    default -> throw new IllegalStateException("the bench binds no " + param);
                }
            }
            long start = System.nanoTime();
            long id;
            int key = 0;
            try (ResultSet rs = claim.executeQuery()) {
                if (!rs.next()) {
                    throw new IllegalStateException("no row left to claim in " + spec.table());
                }
                id = rs.getLong(Label.ID);
                if (form == Form.ADVISORY) {
                    key = rs.getInt(Label.KEY);
                }
            }
            long nanos = System.nanoTime() - start;
            delete.setLong(1, id);
            delete.executeUpdate();
            if (form == Form.ROW_LOCK) {
                connection.commit();
            }
            if (unlock != null) {
                unlock.setInt(1, key);
                unlock.executeQuery().close();
            }
            return nanos;
        }

        @Override
        public void close() throws SQLException {
            connection.close();
        }
    }

    static String header(int backlog, int claims, int window) {
        return String.format(Locale.ROOT, "Partitions: PostgreSQL, a backlog of %,d rows due over the last ten days, in a"
                + " plain table and in three partitioned ones; the claim's latency (the dialect's claim statement, one row,"
                + " timed alone, %,d claims per table alternating between the tables), and the adapter's rows/s over"
                + " %,d deliveries with 4 workers (the median of three rounds, the tables in turn in each); ratios partitioned ÷ plain, from the same run.%n%n"
                + "| form | table | claim p50 ms | claim p99 ms | p50 ÷ plain | p99 ÷ plain | rows/s | rows/s ÷ plain |%n"
                + "|---|---|---|---|---|---|---|---|%n", backlog, claims, window);
    }

    static String rows(Form form, Map<Layout, Measured> measured) {
        StringBuilder md = new StringBuilder();
        Measured plain = measured.get(Layout.PLAIN);
        double plain50 = plain.claims().getValueAtPercentile(50) / 1e6;
        double plain99 = plain.claims().getValueAtPercentile(99) / 1e6;
        for (Map.Entry<Layout, Measured> m : measured.entrySet()) {
            double p50 = m.getValue().claims().getValueAtPercentile(50) / 1e6;
            double p99 = m.getValue().claims().getValueAtPercentile(99) / 1e6;
            md.append(String.format(Locale.ROOT, "| %s | %s | %.2f | %.2f | %.2f | %.2f | %.0f | %.2f |%n",
                    form.name().toLowerCase(Locale.ROOT), m.getKey().label, p50, p99, p50 / plain50, p99 / plain99,
                    m.getValue().rowsPerSecond(), m.getValue().rowsPerSecond() / plain.rowsPerSecond()));
        }
        return md.toString();
    }
}
