package io.inboxra.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * The crash tests' side of the databases (the same on every server): the rows of {@code it_crash}
 * on PostgreSQL, the MDB's effects on MariaDB, and the branches a crash left prepared on both.
 */
final class CrashDatabase {

    static final String MARIADB = "jdbc:mariadb://127.0.0.1:3306/test";

    private CrashDatabase() {
    }

    static long insert(String payload) throws SQLException {
        return Database.insert("INSERT INTO it_crash (payload) VALUES ('" + payload + "')", "payload")
                .keySet().iterator().next();
    }

    static long rows(long id) throws SQLException {
        return Database.count("SELECT count(*) FROM it_crash WHERE id = " + id);
    }

    static long effects(long id) throws SQLException {
        return count(MARIADB, "SELECT count(*) FROM it_crash_effects WHERE row_id = " + id);
    }

    /**
     * @return the prepared branches of the transaction that claimed the row: the PostgreSQL one
     *     holding a lock on {@code it_crash} (the adapter's), and MariaDB's of the same global id
     */
    static List<String> inDoubt(long id) throws SQLException {
        List<String> branches = new ArrayList<>();
        List<byte[]> globalIds = new ArrayList<>();
        for (Object[] row : Database.rows("SELECT DISTINCT p.gid FROM pg_prepared_xacts p"
                + " JOIN pg_locks x ON x.locktype = 'transactionid' AND x.transactionid = p.transaction"
                + " JOIN pg_locks l ON l.virtualtransaction = x.virtualtransaction"
                + " WHERE l.relation = to_regclass('it_crash')")) {
            String gid = (String) row[0];
            String[] parts = gid.split("_");
            byte[] global = Base64.getDecoder().decode(parts[1]);
            globalIds.add(global);
            branches.add("PostgreSQL " + describe(global, Base64.getDecoder().decode(parts[2])));
        }
        try (Connection c = DriverManager.getConnection(MARIADB, "inbox_sample", "inbox");
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery("XA RECOVER")) {
            while (rs.next()) {
                int globalLength = rs.getInt("gtrid_length");
                byte[] data = rs.getBytes("data");
                byte[] global = Arrays.copyOf(data, globalLength);
                if (globalIds.stream().anyMatch(g -> Arrays.equals(g, global))) {
                    branches.add("MariaDB " + describe(global, Arrays.copyOfRange(data, globalLength, data.length)));
                }
            }
        }
        return branches;
    }

    /**
     * Rolls back what an earlier, failed run left prepared: the MariaDB branches of the
     * transactions whose PostgreSQL branch holds a lock on {@code it_crash}, then those.
     */
    static void releaseLeftBranches() throws SQLException {
        List<String> left = new ArrayList<>();
        for (Object[] row : Database.rows("SELECT DISTINCT p.gid FROM pg_prepared_xacts p"
                + " JOIN pg_locks x ON x.locktype = 'transactionid' AND x.transactionid = p.transaction"
                + " JOIN pg_locks l ON l.virtualtransaction = x.virtualtransaction"
                + " WHERE l.relation = to_regclass('it_crash')")) {
            left.add(HexFormat.of().formatHex(Base64.getDecoder().decode(((String) row[0]).split("_")[1])));
        }
        try (Connection c = DriverManager.getConnection(MARIADB, "inbox_sample", "inbox"); Statement s = c.createStatement()) {
            List<String> xids = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("XA RECOVER FORMAT='SQL'")) {
                while (rs.next()) {
                    String xid = rs.getString("data");
                    if (left.stream().anyMatch(global -> xid.toLowerCase().startsWith("x'" + global + "'"))) {
                        xids.add(xid);
                    }
                }
            }
            for (String xid : xids) {
                s.execute("XA ROLLBACK " + xid);
            }
        }
        Database.release("it_crash");
    }

    /** What is prepared in either database, whoever prepared it: for a failure's message (a recovery pass may wait on it). */
    static String preparedEverywhere() {
        StringBuilder prepared = new StringBuilder("prepared in PostgreSQL: ");
        try {
            for (Object[] row : Database.rows("SELECT gid, owner, database, prepared FROM pg_prepared_xacts")) {
                prepared.append(java.util.Arrays.toString(row)).append(' ');
            }
        } catch (SQLException e) {
            prepared.append("(cannot tell: ").append(e.getMessage()).append(')');
        }
        prepared.append("; in MariaDB (XA RECOVER as root): ");
        try (Connection c = DriverManager.getConnection(MARIADB, "root", "");
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery("XA RECOVER")) {
            while (rs.next()) {
                prepared.append(rs.getString("data")).append(' ');
            }
        } catch (SQLException e) {
            prepared.append("(cannot tell: ").append(e.getMessage()).append(')');
        }
        return prepared.toString();
    }

    private static String describe(byte[] global, byte[] branch) {
        return "branch (global " + HexFormat.of().formatHex(global) + ", qualifier '"
                + new String(branch, java.nio.charset.StandardCharsets.ISO_8859_1).replaceAll("[^\\x20-\\x7e]", ".") + "')";
    }

    /**
     * Runs statements as the MDB's MariaDB user, {@code inbox_sample}, which holds grants on its
     * own tables only: given here (as root) what these tests do with the MDB's effects table.
     */
    static void mariadb(String... statements) throws SQLException {
        try (Connection root = DriverManager.getConnection(MARIADB, "root", ""); Statement s = root.createStatement()) {
            s.execute("GRANT SELECT, INSERT, CREATE, DROP ON it_crash_effects TO 'inbox_sample'@'%'");
        }
        try (Connection c = DriverManager.getConnection(MARIADB, "inbox_sample", "inbox"); Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    private static long count(String url, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, "inbox_sample", "inbox");
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (Files.exists(root)) {
            try (Stream<Path> paths = Files.walk(root)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
