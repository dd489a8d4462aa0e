package io.inboxra.tck;

import io.inboxra.dialect.Label;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import org.junit.jupiter.api.BeforeEach;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A case of {@link PendingRowConformance}: a table of the kit's columns ({@link ColumnTypes}) and
 * a key column under a unique index, its rows inserted one by one, and the dialect's statements read.
 */
abstract class PendingRowCase extends DialectCase {

    /** How long a statement that must not wait may take at most. */
    static final Duration NO_WAIT = Duration.ofSeconds(3);

    String table;

    @BeforeEach
    void createTable() throws Exception {
        ColumnTypes c = target.columns();
        table = "tck_rows_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
        execute("CREATE TABLE " + table + " (id " + c.generatedKey() + ", payload " + c.text() + " NOT NULL, queue "
                + c.text() + ", attempts INT NOT NULL DEFAULT 0, due_at " + c.timestamp() + ", processed_at "
                + c.timestamp() + ", dead_at " + c.timestamp() + ", locked_until " + c.timestamp()
                + ", message_key VARCHAR(200))");
        execute("CREATE UNIQUE INDEX " + table + "_key ON " + table + " (message_key)");
    }

    @Override
    void dropTables() throws Exception {
        execute("DROP TABLE " + table);
    }

    /** @return the first row's columns, or null without a row */
    Object[] read(Connection c, Statement statement, Long id, String key, String... labels) throws SQLException {
        try (PreparedStatement ps = bound(c, statement, id, key); ResultSet rs = ps.executeQuery()) {
            if (!rs.next()) {
                return null;
            }
            int n = labels.length > 0 ? 2 : rs.getMetaData().getColumnCount();
            Object[] row = new Object[n];
            for (int i = 0; i < n; i++) {
                row[i] = labels.length > 0 ? rs.getObject(i == 0 ? Label.ID : labels[0]) : rs.getObject(i + 1);
            }
            return row;
        }
    }

    /** Prepares a dialect's statement, bound for queue {@code q}, this id and key, ten rows, 256 candidates. */
    PreparedStatement bound(Connection c, Statement statement, Long id, String key) throws SQLException {
        PreparedStatement ps = c.prepareStatement(statement.sql());
        int index = 1;
        for (Param param : statement.params()) {
            switch (param) {
                case QUEUE -> ps.setString(index, "q");
                case ID -> ps.setLong(index, id);
                case MESSAGE_KEY -> ps.setString(index, key);
                case LIMIT -> ps.setInt(index, 10);
                case CANDIDATES -> ps.setInt(index, 256);
                default -> throw new AssertionError("the kit binds no " + param + " here: " + statement.sql());
            }
            index++;
        }
        return ps;
    }

    /** Inserts a row and returns its id. */
    long insert(String payload, String queue, String key, String set) throws SQLException {
        try (Connection c = target.connect()) {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " (payload, queue, message_key)"
                    + " VALUES (?, ?, ?)")) {
                ps.setString(1, payload);
                ps.setString(2, queue);
                ps.setString(3, key);
                ps.executeUpdate();
            }
            long id;
            try (PreparedStatement ps = c.prepareStatement("SELECT id FROM " + table + " WHERE payload = ?")) {
                ps.setString(1, payload);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    id = rs.getLong(1);
                }
            }
            if (set != null) {
                try (java.sql.Statement s = c.createStatement()) {
                    s.executeUpdate("UPDATE " + table + " SET " + set + " WHERE id = " + id);
                }
            }
            return id;
        }
    }

    String time(Duration offset) {
        return target.columns().timeFromNow(offset);
    }
}
