package io.inboxra.it;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;

/** The test's side of the real PostgreSQL: schema, rows in, effects out. */
final class Database {

    static final String URL = "jdbc:postgresql://127.0.0.1:5432/test";

    private Database() {
    }

    static Connection connect() throws SQLException {
        return DriverManager.getConnection(URL, "postgres", "");
    }

    /** Where a query's connection comes from: this PostgreSQL, or the sample's MariaDB. */
    interface Connector {
        Connection connect() throws SQLException;
    }

    static void execute(String... statements) throws SQLException {
        execute(Database::connect, statements);
    }

    static void execute(Connector db, String... statements) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    static long count(String sql) throws SQLException {
        return count(Database::connect, sql);
    }

    /** @return the first column of the query's first row, a number */
    static long count(Connector db, String sql) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    static Set<Long> ids(String sql) throws SQLException {
        return ids(Database::connect, sql);
    }

    static Set<Long> ids(Connector db, String sql) throws SQLException {
        Set<Long> ids = new HashSet<>();
        try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
        }
        return ids;
    }

    /** @return the query's rows, each its columns' values in order */
    static java.util.List<Object[]> rows(String sql) throws SQLException {
        java.util.List<Object[]> rows = new java.util.ArrayList<>();
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                Object[] row = new Object[rs.getMetaData().getColumnCount()];
                for (int i = 0; i < row.length; i++) {
                    row[i] = rs.getObject(i + 1);
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /**
     * Runs an insert and returns what it inserted, id to the value of {@code column}: read from the
     * insert itself, since the MDBs may take the rows before a later query could see them.
     */
    static java.util.Map<Long, String> insert(String insert, String column) throws SQLException {
        java.util.Map<Long, String> rows = new java.util.HashMap<>();
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "WITH inserted AS (" + insert + " RETURNING id, " + column + ") SELECT id, " + column + " FROM inserted")) {
            while (rs.next()) {
                rows.put(rs.getLong(1), rs.getString(2));
            }
        }
        return rows;
    }

    /** @return the ids of the rows whose value is {@code value} */
    static Set<Long> where(java.util.Map<Long, String> rows, java.util.function.Predicate<String> value) {
        Set<Long> ids = new HashSet<>();
        rows.forEach((id, v) -> {
            if (value.test(v)) {
                ids.add(id);
            }
        });
        return ids;
    }

    /** The tables, created before the subscriptions check them (the MDBs deploy after this). */
    static void createSchema() throws SQLException {
        String inbox = " (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL, queue TEXT)";
        execute("DROP TABLE IF EXISTS it_exactly, it_flaky, it_queues, it_config, it_lease, it_advisory, it_effects,"
                        + " it_invocations, it_poison, it_dead, it_fifo",
                "CREATE TABLE it_poison (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL, due_at TIMESTAMPTZ,"
                        + " attempts INT NOT NULL DEFAULT 0)",
                "CREATE TABLE it_dead (id BIGINT PRIMARY KEY, payload TEXT, attempts INT, reason TEXT, dead_at TIMESTAMPTZ)",
                "CREATE TABLE it_fifo (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL, grp TEXT NOT NULL)",
                "CREATE INDEX ON it_fifo (grp, id)",
                "CREATE TABLE it_lease (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL, locked_until TIMESTAMPTZ)",
                "CREATE TABLE it_advisory" + inbox,
                "CREATE TABLE it_exactly" + inbox,
                "CREATE TABLE it_flaky" + inbox,
                "CREATE TABLE it_queues" + inbox,
                "CREATE TABLE it_config" + inbox,
                "CREATE TABLE it_effects (seq BIGSERIAL, row_id BIGINT NOT NULL, mdb TEXT NOT NULL)",
                "CREATE TABLE it_invocations (row_id BIGINT NOT NULL, mdb TEXT NOT NULL, attempt INT,"
                        + " at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp())");
        // OutageWatched's own role, which the health test locks out: an outage of that subscription alone.
        execute("DROP TABLE IF EXISTS it_outage, it_produced, it_shared, it_batched_ones, it_batched_all",
                "CREATE TABLE it_batched_ones (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL, due_at TIMESTAMPTZ,"
                        + " attempts INT NOT NULL DEFAULT 0, dead_at TIMESTAMPTZ)",
                "CREATE TABLE it_batched_all" + inbox,
                "CREATE TABLE it_produced" + inbox,
                "CREATE TABLE it_shared (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL, due_at TIMESTAMPTZ,"
                        + " attempts INT NOT NULL DEFAULT 0)",
                "CREATE TABLE it_outage" + inbox,
                "DO $$ BEGIN CREATE ROLE inbox_outage LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$",
                "ALTER ROLE inbox_outage LOGIN",
                "GRANT ALL ON it_outage, it_effects TO inbox_outage",
                "GRANT ALL ON SEQUENCE it_outage_id_seq TO inbox_outage");
    }

    /** The MDBs of {@code io.inboxra.it.faults} and {@code io.inboxra.it.timeout}. */
    static final String[] FAULT_TABLES = {"it_commit_fails", "it_commit_counted", "it_errors", "it_killed", "it_timeout",
        "it_timeout_lent"};

    /**
     * The shared tables of {@link #createSchema()}, the fault MDBs' inboxes, and a deferred
     * constraint trigger that fails the PREPARE TRANSACTION of every effect written by an MDB
     * whose name starts with {@code CommitFails}.
     */
    static void createFaultSchema() throws SQLException {
        release(FAULT_TABLES);
        release("it_effects", "it_invocations", "it_dead");
        execute("DROP TABLE IF EXISTS " + String.join(", ", FAULT_TABLES));
        createSchema();
        String inbox = " (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL)";
        execute("CREATE TABLE it_commit_fails" + inbox,
                "CREATE TABLE it_commit_counted (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL, due_at TIMESTAMPTZ,"
                        + " attempts INT NOT NULL DEFAULT 0)",
                "CREATE TABLE it_errors" + inbox,
                "CREATE TABLE it_killed" + inbox,
                "CREATE TABLE it_timeout" + inbox,
                "CREATE TABLE it_timeout_lent" + inbox,
                "CREATE OR REPLACE FUNCTION it_refuse_effect() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                        + " RAISE EXCEPTION 'it_refuse_effect: the effect of % on row % never commits', NEW.mdb, NEW.row_id;"
                        + " END $$",
                "CREATE CONSTRAINT TRIGGER it_refuse_effect AFTER INSERT ON it_effects DEFERRABLE INITIALLY DEFERRED"
                        + " FOR EACH ROW WHEN (NEW.mdb LIKE 'CommitFails%') EXECUTE FUNCTION it_refuse_effect()");
    }

    /**
     * Frees the tables for {@code DROP TABLE}: rolls back the prepared transactions that hold locks
     * on them (left by an earlier run) and ends the adapter's sessions that do. Nothing else of the
     * database is touched: other tests may share it.
     */
    static void release(String... tables) throws SQLException {
        StringBuilder relations = new StringBuilder();
        for (String table : tables) {
            relations.append(relations.length() == 0 ? "" : ", ").append("to_regclass('").append(table).append("')");
        }
        String where = " WHERE l.relation IN (" + relations + ")";
        try (Connection c = connect(); Statement s = c.createStatement()) {
            java.util.List<String> prepared = new java.util.ArrayList<>();
            // A prepared transaction's locks are held under a virtual transaction of its own (not '-1/xid'
            // on PostgreSQL 15): found through the lock on its transaction id.
            try (ResultSet rs = s.executeQuery("SELECT DISTINCT p.gid FROM pg_prepared_xacts p"
                    + " JOIN pg_locks x ON x.locktype = 'transactionid' AND x.transactionid = p.transaction"
                    + " JOIN pg_locks l ON l.virtualtransaction = x.virtualtransaction" + where)) {
                while (rs.next()) {
                    prepared.add(rs.getString(1));
                }
            }
            for (String gid : prepared) {
                s.execute("ROLLBACK PREPARED '" + gid.replace("'", "''") + "'");
            }
            s.executeQuery("SELECT pg_terminate_backend(pid) FROM (SELECT DISTINCT a.pid FROM pg_locks l"
                    + " JOIN pg_stat_activity a ON a.pid = l.pid AND a.application_name LIKE 'inbox-ra:%'" + where
                    + ") adapter").close();
        }
    }
}
