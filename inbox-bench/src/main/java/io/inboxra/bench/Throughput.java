package io.inboxra.bench;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Throughput mode: preload N rows, deliver until none is left, rows per second; for each form
 * of the adapter and for the two baselines, with the same number of threads.
 */
final class Throughput {

    /**
     * What is measured: one of the baselines, or the adapter in one form, each delivery in a
     * container transaction (Narayana) or, for the row lock form also, in the adapter's own
     * local transaction (a bean-managed MDB): the difference is the container's share.
     */
    record Subject(String name, Form form, boolean transacted, int batchSize) {
        static final String PLAIN_JDBC = "plain JDBC";
        static final String DB_SCHEDULER = "db-scheduler";
        /** The batch sizes measured besides 1, in every form: subjects "row lock batch 10", "lease batch 10" and so on. */
        static final List<Integer> BATCHES = List.of(10, 50, 100);

        static List<Subject> all() {
            List<Subject> subjects = new ArrayList<>(List.of(new Subject(PLAIN_JDBC, null, false, 1),
                    new Subject(DB_SCHEDULER, null, false, 1)));
            for (Form form : Form.values()) {
                subjects.add(new Subject(formName(form), form, true, 1));
            }
            subjects.add(new Subject("row lock (bean-managed)", Form.ROW_LOCK, false, 1));
            for (Form form : Form.values()) {
                for (int batch : BATCHES) {
                    subjects.add(new Subject(batchName(form, batch), form, true, batch));
                }
            }
            return subjects;
        }

        static String formName(Form form) {
            return form.name().toLowerCase().replace('_', ' ');
        }

        static String batchName(Form form, int batch) {
            return formName(form) + " batch " + batch;
        }
    }

    private final int rows;
    private final int payloadBytes;
    private final Busy busy;

    Throughput(int rows, int payloadBytes, Busy busy) {
        this.rows = rows;
        this.payloadBytes = payloadBytes;
        this.busy = busy;
    }

    /** @return rows per second from the first delivery to the last, once every row is gone */
    double measure(TestDatabase db, Subject subject, int workers) throws Exception {
        Span span = new Span();
        if (subject.name().equals(Subject.DB_SCHEDULER)) {
            DbSchedulerBaseline.createTable(db);
            try {
                DbSchedulerBaseline.preload(db, rows);
                DbSchedulerBaseline.runUntilEmpty(db, workers, rows, span);
                return span.rate();
            } finally {
                db.execute("DROP TABLE " + DbSchedulerBaseline.TABLE);
            }
        }
        String table = db.newInbox();
        try {
            db.execute("INSERT INTO " + table + " (payload) SELECT REPEAT('x', " + payloadBytes + ") FROM "
                    + db.series(rows));
            if (subject.form() == null) {
                plainJdbc(db, table, workers, span);
            } else {
                adapter(db, table, subject, workers, rows, span);
            }
            return span.rate();
        } finally {
            db.execute("DROP TABLE " + table);
        }
    }

    /** The baseline: the row lock form's claim and delete, by hand, one local transaction per row. */
    private static void plainJdbc(TestDatabase db, String table, int workers, Span span) throws Exception {
        onThreads(workers, () -> claimAndDeleteUntilEmpty(db, table, span));
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

    private static void claimAndDeleteUntilEmpty(TestDatabase db, String table, Span span) throws SQLException {
        try (Connection c = db.connect();
             PreparedStatement claim = c.prepareStatement("SELECT id, payload FROM " + table
                     + " ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED");
             PreparedStatement delete = c.prepareStatement("DELETE FROM " + table + " WHERE id = ?")) {
            c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            c.setAutoCommit(false);
            while (true) {
                long id;
                try (ResultSet rs = claim.executeQuery()) {
                    if (!rs.next()) {
                        c.commit();
                        return;
                    }
                    id = rs.getLong(1);
                    rs.getString(2);
                }
                delete.setLong(1, id);
                delete.executeUpdate();
                c.commit();
                span.delivered();
            }
        }
    }

    /**
     * The adapter, in the given form, driven through real Narayana transactions (or none). The listener
     * counts the deliveries; the table is counted only once they are all in, since a count every
     * few milliseconds would take database time from the deliveries being measured.
     */
    private void adapter(TestDatabase db, String table, Subject subject, int workers, int rows, Span span)
            throws Exception {
        Map<String, String> p = busy.properties(db, "bench", table, subject.form(), workers);
        if (subject.batchSize() > 1) {
            p.put("batchSize", String.valueOf(subject.batchSize()));
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
