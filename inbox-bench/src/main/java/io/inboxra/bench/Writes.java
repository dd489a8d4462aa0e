package io.inboxra.bench;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.EffectWriter;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.XaConnectionManager;
import io.inboxra.producer.InboxProducerFactory;
import io.inboxra.ra.outbound.ProducerConnectionFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes mode: every delivery also inserts one row into another table of the same database, the
 * MDB's own work. Through its own XA data source (a second resource: two phases), or through the
 * inbox producer factory's connection, which is the claim's own (one resource: one phase); next to
 * plain JDBC doing the claim, the insert and the delete in one local transaction.
 */
final class Writes {

    static final String PLAIN_JDBC = Subject.PLAIN_JDBC;
    static final String OWN_XA = "row lock: write through its own XA data source";
    static final String SHARED = "row lock: write through the claim's branch";
    static final List<String> SUBJECTS = List.of(PLAIN_JDBC, OWN_XA, SHARED);

    private final int rows;
    private final Busy busy;

    Writes(int rows, Busy busy) {
        this.rows = rows;
        this.busy = busy;
    }

    /** @return rows per second, each with its write, once every row is gone and every write is in */
    double measure(TestDatabase db, String subject, int workers) throws Exception {
        String table = db.newInbox();
        String effects = db.newTable("effects", "row_id BIGINT NOT NULL");
        Span span = new Span(rows);
        try {
            db.execute("INSERT INTO " + table + " (payload) SELECT 'x' FROM " + db.series(rows));
            switch (subject) {
                case PLAIN_JDBC -> plainJdbc(db, table, effects, workers, span);
                case OWN_XA -> adapter(db, table, effects, workers, span, false);
                case SHARED -> adapter(db, table, effects, workers, span, true);
                default -> throw new IllegalArgumentException("no subject " + subject);
            }
            if (db.count("SELECT count(*) FROM " + effects) != rows) {
                throw new IllegalStateException(subject + ": " + db.count("SELECT count(*) FROM " + effects)
                        + " writes for " + rows + " rows");
            }
            return span.rate();
        } finally {
            db.execute("DROP TABLE " + table);
            db.execute("DROP TABLE " + effects);
        }
    }

    private io.inboxra.InboxListener ownXa(TestDatabase db, String effects, Span span) {
        EffectWriter writer = new EffectWriter(db.xaDataSource(), effects, new java.util.HashSet<>());
        return message -> {
            Outcome outcome = writer.onMessage(message);
            span.delivered();
            return outcome;
        };
    }

    private void adapter(TestDatabase db, String table, String effects, int workers, Span span, boolean shared)
            throws Exception {
        Map<String, String> p = busy.properties(db, "bench-writes", table, Form.ROW_LOCK, workers);
        try (Harness server = Harness.start()) {
            server.activate(shared ? shared(producers(server, p), effects, span) : ownXa(db, effects, span), p);
            Throughput.untilEmpty(db, table, span, rows);
        }
    }

    private static InboxProducerFactory producers(Harness server, Map<String, String> p) throws Exception {
        ProducerConnectionFactory factory = new ProducerConnectionFactory();
        factory.setResourceAdapter(server.adapter());
        factory.setUrl(p.get("url"));
        factory.setUser(p.get("user"));
        factory.setPassword(p.get("password"));
        return (InboxProducerFactory) factory.createConnectionFactory(new XaConnectionManager());
    }

    private static io.inboxra.InboxListener shared(InboxProducerFactory producers, String effects, Span span) {
        return message -> {
            try (Connection c = producers.connection();
                    PreparedStatement write = c.prepareStatement("INSERT INTO " + effects + " (row_id) VALUES (?)")) {
                write.setLong(1, ((Number) message.id()).longValue());
                write.executeUpdate();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            span.delivered();
            return Outcome.ack();
        };
    }

    /** The baseline: claim, write, delete, one local transaction per row. */
    private static void plainJdbc(TestDatabase db, String table, String effects, int workers, Span span) throws Exception {
        Throughput.onThreads(workers, () -> claimWriteDelete(db, table, effects, span));
    }

    private static void claimWriteDelete(TestDatabase db, String table, String effects, Span span) throws SQLException {
        try (Connection c = db.connect();
                PreparedStatement claim = c.prepareStatement("SELECT id FROM " + table
                        + " ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED");
                PreparedStatement write = c.prepareStatement("INSERT INTO " + effects + " (row_id) VALUES (?)");
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
                }
                write.setLong(1, id);
                write.executeUpdate();
                delete.setLong(1, id);
                delete.executeUpdate();
                c.commit();
                span.delivered();
            }
        }
    }

    /** @return the target line: the claim's branch at 3x its own XA data source or more */
    static String targets(Results results, List<Integer> workerCounts) {
        StringBuilder text = new StringBuilder("Target: an MDB's write through the claim's branch at 3× or more of the"
                + " same write through its own XA data source.\n\n");
        for (String database : List.of("POSTGRES", "MARIADB")) {
            for (int workers : workerCounts) {
                double own = results.median(database, OWN_XA, workers);
                double shared = results.median(database, SHARED, workers);
                if (Double.isNaN(own) || Double.isNaN(shared)) {
                    continue;
                }
                double ratio = shared / own;
                text.append(String.format(Locale.ROOT, "- %s, %d workers: %.2f× (%s)%n", database, workers, ratio,
                        ratio >= 3 ? "met" : String.format(Locale.ROOT, "%.2f short", 3 - ratio)));
            }
        }
        return text.toString();
    }
}
