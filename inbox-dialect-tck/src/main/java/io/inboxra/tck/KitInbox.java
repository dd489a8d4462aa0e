package io.inboxra.tck;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One case's inbox table, of the columns {@link ColumnTypes} lists, with the indexes the claim
 * order and the FIFO head check need; dropped when the case ends.
 */
final class KitInbox implements AutoCloseable {

    /** A row to insert: its payload (unique in a case) and what the case sets of it. */
    record Row(String payload, String queue, String group, int priority, Duration due, boolean processed,
            boolean dead, Duration leased) {

        static Row of(String payload) {
            return new Row(payload, null, null, 0, null, false, false, null);
        }

        Row inQueue(String q) {
            return new Row(payload, q, group, priority, due, processed, dead, leased);
        }

        Row inGroup(String g) {
            return new Row(payload, queue, g, priority, due, processed, dead, leased);
        }

        Row withPriority(int p) {
            return new Row(payload, queue, group, p, due, processed, dead, leased);
        }

        /** Due this far from now (negative: overdue). */
        Row dueIn(Duration d) {
            return new Row(payload, queue, group, priority, d, processed, dead, leased);
        }

        /** Marked processed already. */
        Row markedProcessed() {
            return new Row(payload, queue, group, priority, due, true, dead, leased);
        }

        /** Marked dead already. */
        Row markedDead() {
            return new Row(payload, queue, group, priority, due, processed, true, leased);
        }

        /** Leased by another server for this long. */
        Row leasedFor(Duration d) {
            return new Row(payload, queue, group, priority, due, processed, dead, d);
        }
    }

    private final DialectUnderTest target;
    private final String name;
    private String deadLetters;

    private KitInbox(DialectUnderTest target, String name) {
        this.target = target;
        this.name = name;
    }

    /** Creates a table of a fresh name. */
    static KitInbox create(DialectUnderTest target) throws SQLException {
        KitInbox inbox = new KitInbox(target, "tck_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL));
        ColumnTypes c = target.columns();
        inbox.execute("CREATE TABLE " + inbox.name + " (id " + c.generatedKey() + ", payload " + c.text() + " NOT NULL,"
                + " queue " + c.text() + ", grp " + c.text() + ", priority INT NOT NULL DEFAULT 0,"
                + " attempts INT NOT NULL DEFAULT 0, due_at " + c.timestamp() + ", processed_at " + c.timestamp() + ","
                + " dead_at " + c.timestamp() + ", locked_until " + c.timestamp() + ")");
        inbox.execute("CREATE INDEX " + inbox.name + "_claim ON " + inbox.name + " (queue, priority, due_at, id)");
        inbox.execute("CREATE INDEX " + inbox.name + "_group ON " + inbox.name + " (grp, id)");
        return inbox;
    }

    String name() {
        return name;
    }

    /** @return the case's dead-letter table, in the shape the adapter writes, created on first use */
    String deadLetters() throws SQLException {
        if (deadLetters == null) {
            ColumnTypes c = target.columns();
            String table = name + "_dead";
            execute("CREATE TABLE " + table + " (id BIGINT PRIMARY KEY, queue " + c.text() + ", payload " + c.text()
                    + ", attempts INT, reason " + c.text() + ", dead_at " + c.timestamp() + ")");
            deadLetters = table;
        }
        return deadLetters;
    }

    /** Puts a dead letter of this id and payload into {@link #deadLetters()}. */
    void insertDeadLetter(long id, String payload) throws SQLException {
        try (Connection c = target.connect();
             PreparedStatement ps = c.prepareStatement("INSERT INTO " + deadLetters()
                     + " (id, payload, attempts, reason) VALUES (?, ?, 1, 'put there by the conformance kit')")) {
            ps.setLong(1, id);
            ps.setString(2, payload);
            ps.executeUpdate();
        }
    }

    /** @return the ids and payloads of the dead letters, in id order */
    Map<Long, String> deadLetterPayloads() throws SQLException {
        Map<Long, String> payloads = new LinkedHashMap<>();
        try (Connection c = target.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT id, payload FROM " + deadLetters() + " ORDER BY id")) {
            while (rs.next()) {
                payloads.put(rs.getLong(1), rs.getString(2));
            }
        }
        return payloads;
    }

    /** Inserts the rows in this order (so their ids ascend in it), each in its own statement. */
    void insert(List<Row> rows) throws SQLException {
        try (Connection c = target.connect()) {
            for (Row row : rows) {
                String sql = "INSERT INTO " + name + " (payload, queue, grp, priority, due_at, processed_at, dead_at,"
                        + " locked_until) VALUES (?, ?, ?, ?, " + time(row.due()) + ", "
                        + time(row.processed() ? Duration.ZERO : null) + ", " + time(row.dead() ? Duration.ZERO : null)
                        + ", " + time(row.leased()) + ")";
                try (PreparedStatement ps = c.prepareStatement(sql)) {
                    ps.setString(1, row.payload());
                    ps.setString(2, row.queue());
                    ps.setString(3, row.group());
                    ps.setInt(4, row.priority());
                    ps.executeUpdate();
                }
            }
        }
    }

    void insert(Row... rows) throws SQLException {
        insert(List.of(rows));
    }

    private String time(Duration offset) {
        return offset == null ? "NULL" : target.columns().timeFromNow(offset);
    }

    /** @return each row's id and payload, in id order */
    Map<Long, String> payloads(String where) throws SQLException {
        Map<Long, String> payloads = new LinkedHashMap<>();
        try (Connection c = target.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT id, payload FROM " + name + " WHERE " + where + " ORDER BY id")) {
            while (rs.next()) {
                payloads.put(rs.getLong(1), rs.getString(2));
            }
        }
        return payloads;
    }

    /** @return the ids of the rows, in the order given */
    List<Long> ids(String where, String orderBy) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (Connection c = target.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT id FROM " + name + " WHERE " + where + " ORDER BY " + orderBy)) {
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
        }
        return ids;
    }

    /** @return the ids of the rows, in id order, as the driver reads them ({@code getObject}): what a claim reads */
    List<Object> keys(String where) throws SQLException {
        List<Object> keys = new ArrayList<>();
        try (Connection c = target.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT id FROM " + name + " WHERE " + where + " ORDER BY id")) {
            while (rs.next()) {
                keys.add(rs.getObject(1));
            }
        }
        return keys;
    }

    long count(String where) throws SQLException {
        try (Connection c = target.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM " + name + " WHERE " + where)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private void execute(String sql) throws SQLException {
        try (Connection c = target.connect(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    @Override
    public void close() throws SQLException {
        try {
            execute("DROP TABLE " + name);
        } finally {
            if (deadLetters != null) {
                execute("DROP TABLE " + deadLetters);
            }
        }
    }
}
