package io.inboxra.harness;

import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Form;
import io.inboxra.ra.dialect.mysql.MariaDbDialect;
import io.inboxra.ra.dialect.postgres.PostgresDialect;
import org.mariadb.jdbc.MariaDbDataSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import javax.sql.XADataSource;

/**
 * A real database on this machine, for the suites that run against each of them: its SQL for
 * test tables and rows, its XA data source (an MDB's own), and how to see and kill the
 * adapter's connections.
 */
public enum TestDatabase {

    POSTGRES {
        @Override
        public Dialect dialect() {
            return new PostgresDialect();
        }

        @Override
        public Connection connect() throws SQLException {
            return Postgres.connect();
        }

        @Override
        public String timestamp() {
            return "TIMESTAMPTZ";
        }

        @Override
        public String text() {
            return "TEXT";
        }

        @Override
        public String autoId() {
            return "BIGSERIAL PRIMARY KEY";
        }

        @Override
        public String series(int n) {
            return "generate_series(1, " + n + ") AS s(n)";
        }

        @Override
        public String minutesAgo(String minutes) {
            return "now() - (" + minutes + ") * interval '1 minute'";
        }

        @Override
        public String secondsFromNow(int seconds) {
            return "now() + interval '" + seconds + " seconds'";
        }

        @Override
        public Map<String, String> properties(String name, String table) {
            return Postgres.properties(name, table);
        }

        @Override
        public XADataSource xaDataSource() {
            return Postgres.xaDataSource();
        }

        @Override
        public long adapterConnections(String subscription) throws SQLException {
            return count("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'inbox-ra:" + subscription + "'");
        }

        @Override
        public long killAdapterConnections(String subscription) throws SQLException {
            return count("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                    + " WHERE application_name = 'inbox-ra:" + subscription + "'");
        }
    },

    /** MariaDB through its own driver; the adapter connects as a user of its own, to be told apart. */
    MARIADB {
        @Override
        public Dialect dialect() {
            return new MariaDbDialect();
        }

        private static final String URL = "jdbc:mariadb://127.0.0.1:3306/test";
        private static final String ADAPTER = mariaDbAdapterUser();
        private volatile boolean userCreated;

        @Override
        public Connection connect() throws SQLException {
            return DriverManager.getConnection(URL, "root", "");
        }

        @Override
        public String timestamp() {
            return "DATETIME(6)";
        }

        @Override
        public String text() {
            return "VARCHAR(255)";
        }

        @Override
        public String autoId() {
            return "BIGINT AUTO_INCREMENT PRIMARY KEY";
        }

        @Override
        public String series(int n) {
            return "(SELECT seq AS n FROM seq_1_to_" + n + ") AS s";
        }

        @Override
        public String minutesAgo(String minutes) {
            return "NOW(6) - INTERVAL (" + minutes + ") MINUTE";
        }

        @Override
        public String secondsFromNow(int seconds) {
            return "NOW(6) + INTERVAL " + seconds + " SECOND";
        }

        @Override
        public Map<String, String> properties(String name, String table) {
            createAdapterUser();
            Map<String, String> p = Postgres.properties(name, table);
            p.put("url", URL);
            p.put("user", ADAPTER);
            return p;
        }

        @Override
        public XADataSource xaDataSource() {
            try {
                return new MariaDbDataSource(URL + "?user=root&password=");
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public long adapterConnections(String subscription) throws SQLException {
            return count("SELECT count(*) FROM information_schema.PROCESSLIST WHERE USER = '" + ADAPTER + "'");
        }

        @Override
        public long killAdapterConnections(String subscription) throws SQLException {
            List<Long> ids = new ArrayList<>();
            try (Connection c = connect(); ResultSet rs = c.createStatement().executeQuery(
                    "SELECT ID FROM information_schema.PROCESSLIST WHERE USER = '" + ADAPTER + "'")) {
                while (rs.next()) {
                    ids.add(rs.getLong(1));
                }
            }
            for (long id : ids) {
                try {
                    execute("KILL CONNECTION " + id);
                } catch (SQLException gone) {
                    // ended meanwhile
                }
            }
            return ids.size();
        }

        private void createAdapterUser() {
            if (!userCreated) {
                try {
                    execute("CREATE USER IF NOT EXISTS '" + ADAPTER + "'@'%'");
                    execute("GRANT ALL PRIVILEGES ON *.* TO '" + ADAPTER + "'@'%'");
                    userCreated = true;
                } catch (SQLException e) {
                    throw new IllegalStateException("cannot create the adapter's MariaDB user", e);
                }
            }
        }
    };

    /**
     * The system property naming the MariaDB user the adapter connects as: one per test JVM (the
     * surefire configuration sets it per fork), since MariaDB's sessions are told apart only by
     * their user, and a test that counts or kills the adapter's sessions must see only its own JVM's.
     */
    public static final String MARIADB_USER_PROPERTY = "inbox.harness.mariadbUser";

    /** @return the MariaDB user the adapter connects as in this JVM ({@link #MARIADB_USER_PROPERTY}) */
    public static String mariaDbAdapterUser() {
        return System.getProperty(MARIADB_USER_PROPERTY, "inbox_adapter");
    }

    public abstract Connection connect() throws SQLException;

    /** @return the type of a time column with microseconds and a zone where the database has one */
    public abstract String timestamp();

    /** @return a text type that can be indexed */
    public abstract String text();

    /** @return a generated primary key column's type */
    public abstract String autoId();

    /** @return a FROM item of the numbers 1..n, as column {@code n} */
    public abstract String series(int n);

    public abstract String minutesAgo(String minutes);

    public abstract String secondsFromNow(int seconds);

    /** @return the activation config every test starts from: fast polling, this database */
    public abstract Map<String, String> properties(String name, String table);

    /** @return the activation config every test starts from, claiming in the given form on this database */
    public Map<String, String> properties(String name, String table, Form form) {
        Map<String, String> p = properties(name, table);
        switch (form) {
            case LEASE -> p.put("lockedUntilColumn", "locked_until");
            case ADVISORY -> p.put("advisoryLock", "id");
            case ROW_LOCK -> { }
        }
        return p;
    }

    /** @return an XA data source, as an MDB's own would be */
    public abstract XADataSource xaDataSource();

    /** @return the adapter's built-in dialect for this database */
    public abstract Dialect dialect();

    public abstract long adapterConnections(String subscription) throws SQLException;

    public abstract long killAdapterConnections(String subscription) throws SQLException;

    /**
     * @return the database's open and prepared transactions, with their sessions: to say in a failure who held
     *         what a test waited for
     */
    public String openTransactions() {
        String sql = this == POSTGRES
                ? "SELECT 'pid ' || pid || ' ' || coalesce(usename, '') || ' ' || coalesce(application_name, '') || ' '"
                        + " || state || ' since ' || xact_start || ': ' || left(query, 200) FROM pg_stat_activity"
                        + " WHERE xact_start IS NOT NULL AND pid <> pg_backend_pid()"
                        + " UNION ALL SELECT 'prepared ' || gid || ' at ' || prepared FROM pg_prepared_xacts"
                // The session's idle seconds and the tables its transaction locked: which of the adapter's paths left it.
                : "SELECT CONCAT('trx ', t.trx_id, ' ', t.trx_state, ' since ', t.trx_started, ' (now ', NOW(6), ') session ',"
                        + " t.trx_mysql_thread_id, ' ', COALESCE(p.USER, '(none)'), ' ', COALESCE(p.COMMAND, ''), ' for ',"
                        + " COALESCE(p.TIME_MS, ''), ' ms ', COALESCE(p.STATE, ''), ' locks ', t.trx_rows_locked, ' rows in ',"
                        + " t.trx_tables_locked, ' tables, ', t.trx_rows_modified, ' modified, isolation ', t.trx_isolation_level,"
                        + " ', read only ', t.trx_is_read_only, ': ', COALESCE(LEFT(t.trx_query, 200), ''))"
                        + " FROM information_schema.INNODB_TRX t"
                        + " LEFT JOIN information_schema.PROCESSLIST p ON p.ID = t.trx_mysql_thread_id";
        List<String> found = new ArrayList<>();
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                found.add(rs.getString(1));
            }
            if (this != POSTGRES) {
                try (ResultSet xa = s.executeQuery("XA RECOVER")) {
                    while (xa.next()) {
                        found.add("XA prepared " + xa.getString("data"));
                    }
                }
            }
        } catch (SQLException e) {
            found.add("(could not be listed: " + e + ")");
        }
        return found.toString();
    }

    /** @return the columns of the test inbox table: every optional column of the table description */
    public String inboxColumns() {
        return "id " + autoId() + ", payload " + text() + " NOT NULL, queue " + text() + ", due_at " + timestamp()
                + ", priority INT NOT NULL DEFAULT 0, processed_at " + timestamp() + ", attempts INT NOT NULL DEFAULT 0,"
                + " locked_until " + timestamp();
    }

    /** Creates a table of a fresh name with the given columns and returns the name. */
    public String newTable(String prefix, String columns) throws SQLException {
        String name = prefix + "_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
        execute("CREATE TABLE " + name + " (" + columns + ")");
        return name;
    }

    /** A test inbox, with the index its claim order needs. */
    public String newInbox() throws SQLException {
        String table = newTable("inbox", inboxColumns());
        execute("CREATE INDEX " + table + "_claim ON " + table + " (queue, priority, due_at, id)");
        return table;
    }

    public void execute(String sql) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    public long count(String sql) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * Inserts a row behind every other in claim order (the highest id; give a due column the
     * current time) and returns its id. A test that awaits its delivery knows that a claim ran
     * after everything before the insert and found no earlier row claimable: the moment it
     * asserts a negative ("no marked row came back") at, instead of after a fixed sleep.
     */
    public long insertMarker(String table, String columns, String values) throws SQLException {
        // The generated key, not max(id): a worker may settle (delete) the row before a second query runs.
        try (Connection c = connect(); java.sql.Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO " + table + " (" + columns + ") VALUES (" + values + ")",
                    java.sql.Statement.RETURN_GENERATED_KEYS);
            try (ResultSet keys = s.getGeneratedKeys()) {
                if (!keys.next()) {
                    throw new SQLException("no generated id for the row inserted into " + table);
                }
                return keys.getLong(1);
            }
        }
    }

    /** Inserts n rows with payloads "row 1" .. "row n". */
    public void insertRows(String table, int n) throws SQLException {
        execute("INSERT INTO " + table + " (payload) SELECT CONCAT('row ', n) FROM " + series(n));
    }
}
