package io.inboxra.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.util.Arrays;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The plain-JDBC baselines, the least a claim can cost: the row lock form's claim and delete by
 * hand, one local transaction per row; and its batch, {@code batchSize} rows claimed with
 * {@code FOR UPDATE SKIP LOCKED}, deleted by one statement, committed once. Each thread loops
 * until nothing is left to claim.
 *
 * @param properties where to connect ({@code url}, {@code user}, {@code password}), as the
 *                   adapter's activation config says, so that both take the same route
 * @param table      the inbox table
 * @param batchSize  rows per transaction
 */
record PlainJdbc(Map<String, String> properties, String table, int batchSize, AtomicLong deadlocks) {

    PlainJdbc(Map<String, String> properties, String table, int batchSize) {
        this(properties, table, batchSize, new AtomicLong());
    }

    /** Runs the baseline on {@code workers} threads until the table is empty. */
    void run(int workers, Span span) throws Exception {
        Throughput.onThreads(workers, () -> {
            if (batchSize == 1) {
                claimAndDeleteUntilEmpty(span);
            } else {
                claimAndDeleteBatchesUntilEmpty(span);
            }
        });
    }

    private Connection connect() throws SQLException {
        String password = properties.get("password");
        Connection c = DriverManager.getConnection(properties.get("url"), properties.get("user"),
                password == null ? "" : password);
        c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        c.setAutoCommit(false);
        return c;
    }

    private void claimAndDeleteUntilEmpty(Span span) throws SQLException {
        try (Connection c = connect();
             PreparedStatement claim = c.prepareStatement("SELECT id, payload FROM " + table
                     + " ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED");
             PreparedStatement delete = c.prepareStatement("DELETE FROM " + table + " WHERE id = ?")) {
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
     * A batch: each row read counts as delivered (as the adapter's listener sees each row before
     * the settlement), then one {@code DELETE ... IN} of all of them, then the commit. A short
     * batch repeats its first id in the unused places, so one prepared statement serves all. On
     * MariaDB the {@code DELETE} looks the ids up by the primary key, as the adapter's MariaDB
     * dialect does (with the statistics of a freshly loaded table it scans, and batches deadlock);
     * a batch that deadlocks anyway is rolled back and claimed again, its rows counted again, as
     * the adapter's would be.
     */
    private void claimAndDeleteBatchesUntilEmpty(Span span) throws SQLException {
        boolean mariaDb = properties.get("url").startsWith("jdbc:mariadb:");
        StringJoiner places = new StringJoiner(", ", "(", ")");
        for (int i = 0; i < batchSize; i++) {
            places.add("?");
        }
        try (Connection c = connect();
             PreparedStatement claim = c.prepareStatement("SELECT id, payload FROM " + table
                     + " ORDER BY id LIMIT " + batchSize + " FOR UPDATE SKIP LOCKED");
             PreparedStatement delete = c.prepareStatement("DELETE " + (mariaDb ? "h FROM " + table
                     + " h FORCE INDEX (PRIMARY) WHERE h.id IN " : "FROM " + table + " WHERE id IN ") + places)) {
            long[] ids = new long[batchSize];
            while (true) {
                try {
                    if (!claimAndDeleteBatch(c, claim, delete, ids, span)) {
                        return;
                    }
                } catch (SQLTransactionRollbackException deadlock) {
                    c.rollback();
                    deadlocks.incrementAndGet();
                }
            }
        }
    }

    /** @return whether a batch was claimed (none: the table is empty) */
    private boolean claimAndDeleteBatch(Connection c, PreparedStatement claim, PreparedStatement delete, long[] ids,
            Span span) throws SQLException {
        int n = 0;
        try (ResultSet rs = claim.executeQuery()) {
            while (rs.next()) {
                ids[n++] = rs.getLong(1);
                rs.getString(2);
                span.delivered();
            }
        }
        if (n == 0) {
            c.commit();
            return false;
        }
        Arrays.fill(ids, n, batchSize, ids[0]);
        for (int i = 0; i < batchSize; i++) {
            delete.setLong(i + 1, ids[i]);
        }
        if (delete.executeUpdate() != n) {
            throw new SQLException("the batch's DELETE of " + n + " claimed rows of " + table
                    + " did not delete them all");
        }
        c.commit();
        return true;
    }
}
