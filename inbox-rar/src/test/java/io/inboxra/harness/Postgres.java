package io.inboxra.harness;

import org.postgresql.xa.PGXADataSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/** The real PostgreSQL on localhost, for tests: tables of their own, counts, XA data sources. */
public final class Postgres {

    public static final String URL = System.getProperty("inbox.test.postgres.url",
            "jdbc:postgresql://127.0.0.1:5432/test");
    public static final String USER = System.getProperty("inbox.test.postgres.user", "postgres");

    /** The inbox table the tests use: every optional column of the table description. */
    public static final String INBOX_COLUMNS = "id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL, queue TEXT,"
            + " due_at TIMESTAMPTZ, priority INT NOT NULL DEFAULT 0, processed_at TIMESTAMPTZ,"
            + " attempts INT NOT NULL DEFAULT 0, locked_until TIMESTAMPTZ";

    private Postgres() {
    }

    public static Connection connect() throws SQLException {
        return DriverManager.getConnection(URL, USER, "");
    }

    /** Creates a table of a fresh name with the given columns and returns the name. */
    public static String newTable(String prefix, String columns) throws SQLException {
        String name = prefix + "_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
        execute("CREATE TABLE " + name + " (" + columns + ")");
        return name;
    }

    public static String newInbox() throws SQLException {
        return newTable("inbox", INBOX_COLUMNS);
    }

    public static void execute(String sql) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    public static long count(String sql) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Inserts n rows with payloads "row 1" .. "row n". */
    public static void insertRows(String table, int n) throws SQLException {
        execute("INSERT INTO " + table + " (payload) SELECT 'row ' || g FROM generate_series(1, " + n + ") g");
    }

    /** An XA data source on the test database, as an application's own would be. */
    public static PGXADataSource xaDataSource() {
        PGXADataSource ds = new PGXADataSource();
        ds.setUrl(URL);
        ds.setUser(USER);
        return ds;
    }

    /** The activation config every test starts from: fast polling on the test database. */
    public static Map<String, String> properties(String name, String table) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("name", name);
        p.put("table", table);
        p.put("url", URL);
        p.put("user", USER);
        p.put("pollInterval", "PT0.05S");
        p.put("maxPollInterval", "PT0.2S");
        return p;
    }

    /** @return the prepared branches in PostgreSQL that hold locks on any of the tables */
    public static List<String> preparedBranchesOn(List<String> tables) throws SQLException {
        List<String> gids = new ArrayList<>();
        for (String table : tables) {
            try (Connection c = connect(); ResultSet rs = c.createStatement().executeQuery(
                    // A prepared transaction holds its locks under a virtual transaction of its own, found
                    // through the lock on its transaction id.
                    "SELECT DISTINCT p.gid FROM pg_prepared_xacts p JOIN pg_locks x ON x.locktype = 'transactionid'"
                            + " AND x.transactionid = p.transaction AND x.pid IS NULL"
                            + " JOIN pg_locks l ON l.virtualtransaction = x.virtualtransaction AND l.pid IS NULL"
                            + " AND l.locktype = 'relation' AND l.relation = to_regclass('" + table + "')"
                            + " WHERE p.database = current_database()")) {
                while (rs.next()) {
                    gids.add(rs.getString(1));
                }
            }
        }
        return gids;
    }
}
