package io.inboxra.soak;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The run's database, PostgreSQL or MariaDB, seen from the runner (directly, not through the
 * proxy): the soak's tables, the adapter's sessions to end, the restart, and what the checks at
 * the end read. Prepared branches that were there before the run (another engineer's test on the
 * shared database) are remembered and left out of the checks.
 */
final class SoakDatabase {

    static final List<String> TABLES = List.of("xa", "shared");

    private final boolean postgres;
    private final Set<String> preparedBefore = new HashSet<>();
    /** Whether the server's autovacuum is on, once read; null before. */
    private Boolean autovacuum;

    SoakDatabase(String kind) {
        this.postgres = kind.equals("postgres");
    }

    boolean postgres() {
        return postgres;
    }

    int port() {
        return postgres ? 5432 : 3306;
    }

    String user() {
        return postgres ? "postgres" : "root";
    }

    /** @return the adapter's url, through the proxy on {@code port} */
    String urlThrough(int port) {
        return postgres ? "jdbc:postgresql://127.0.0.1:" + port + "/test?sslmode=disable"
                : "jdbc:mariadb://127.0.0.1:" + port + "/test";
    }

    /** The server-level XA pool of {@code SoakXa}'s effects, straight to the database (Payara recovers it). */
    List<String> effectsPoolCommands() {
        String cls = postgres ? "org.postgresql.xa.PGXADataSource" : "org.mariadb.jdbc.MariaDbDataSource";
        String url = (postgres ? "jdbc:postgresql://127.0.0.1:5432/test" : "jdbc:mariadb://127.0.0.1:3306/test")
                .replace(":", "\\:");
        return List.of("create-jdbc-connection-pool --datasourceclassname " + cls + " --restype javax.sql.XADataSource"
                        + " --property url=" + url + (postgres ? ":user=postgres:password=postgres" : ":user=inbox_soak:password=soak")
                        + " soak-effects",
                "create-jdbc-resource --connectionpoolid soak-effects jdbc/soak-effects");
    }

    Connection connect() throws SQLException {
        return postgres ? DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test?sslmode=disable", "postgres", "")
                : DriverManager.getConnection("jdbc:mariadb://127.0.0.1:3306/test", "root", "");
    }

    /**
     * Vacuums the soak's tables where PostgreSQL's autovacuum is off (this machine's CI configuration
     * turns it off): a production PostgreSQL vacuums them on its own, and without it the dead tuple of
     * every settled row stays in the table and the claim's index, and the latency grows with the run.
     *
     * @return whether it vacuumed
     */
    boolean vacuumWithoutAutovacuum() throws SQLException {
        if (!postgres) {
            return false;
        }
        try (Connection c = connect(); Statement s = c.createStatement()) {
            if (autovacuum == null) {
                // A server setting the run does not change: read once.
                try (var rs = s.executeQuery("SHOW autovacuum")) {
                    autovacuum = rs.next() && rs.getString(1).equals("on");
                }
            }
            if (autovacuum) {
                return false;
            }
            s.execute("VACUUM (ANALYZE) " + String.join(", ", TABLES.stream().map(t -> "soak_" + t).toList())
                    + ", soak_effects");
            return true;
        }
    }

    /** The soak's tables, new and empty, and the prepared branches already there remembered. */
    void reset() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            // A prepared branch of an earlier run that was killed holds its rows' locks: fail, not hang.
            s.execute(postgres ? "SET lock_timeout = '10s'" : "SET SESSION lock_wait_timeout = 10");
            for (String t : TABLES) {
                dropTable(s, "soak_" + t);
                s.execute(postgres
                        ? "CREATE TABLE soak_" + t + " (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL, processed_at TIMESTAMPTZ,"
                                + " due_at TIMESTAMPTZ NOT NULL DEFAULT now(), attempts INT NOT NULL DEFAULT 0)"
                        : "CREATE TABLE soak_" + t + " (id BIGINT AUTO_INCREMENT PRIMARY KEY, payload TEXT NOT NULL,"
                                + " processed_at TIMESTAMP(6) NULL, due_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),"
                                + " attempts INT NOT NULL DEFAULT 0, KEY (processed_at)) ENGINE=InnoDB");
                if (postgres) {
                    s.execute("CREATE INDEX soak_" + t + "_claimable ON soak_" + t + " (id) WHERE processed_at IS NULL");
                }
            }
            dropTable(s, "soak_effects");
            s.execute("CREATE TABLE soak_effects (tbl VARCHAR(16) NOT NULL, row_id BIGINT NOT NULL)"
                    + (postgres ? "" : " ENGINE=InnoDB"));
            s.execute("CREATE INDEX soak_effects_row ON soak_effects (tbl, row_id)");
            if (!postgres) {
                // The effects' pool needs a password (Payara refuses none): a user of the soak's own.
                s.execute("CREATE USER IF NOT EXISTS 'inbox_soak'@'%' IDENTIFIED BY 'soak'");
                s.execute("GRANT SELECT, INSERT ON test.soak_effects TO 'inbox_soak'@'%'");
            }
        }
        preparedBefore.addAll(prepared());
    }

    private void dropTable(Statement s, String table) throws SQLException {
        try {
            s.execute("DROP TABLE IF EXISTS " + table);
        } catch (SQLException e) {
            throw new SQLException("Cannot drop the soak's table " + table + " within 10 s: a prepared branch of an"
                    + " earlier run (" + prepared() + ") or a session holds it; bash .ci/setup-databases rolls the"
                    + " prepared branches back", e.getSQLState(), e);
        }
    }

    /** @return the prepared (in-doubt) branches in the database now that were not there before the run */
    List<String> preparedSinceStart() throws SQLException {
        List<String> now = prepared();
        now.removeAll(preparedBefore);
        return now;
    }

    private List<String> prepared() throws SQLException {
        List<String> found = new ArrayList<>();
        try (Connection c = connect(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery(postgres ? "SELECT gid FROM pg_prepared_xacts WHERE database = 'test'"
                     : "XA RECOVER FORMAT='SQL'")) {
            while (r.next()) {
                found.add(r.getString(postgres ? 1 : 4));
            }
        }
        return found;
    }

    /** @return rows not settled yet, in both tables */
    long unsettled() throws SQLException {
        long n = 0;
        for (String t : TABLES) {
            n += count("SELECT count(*) FROM soak_" + t + " WHERE processed_at IS NULL");
        }
        return n;
    }

    /**
     * The name each session of the given client ports gave itself: on PostgreSQL its
     * {@code application_name} ({@code inbox-ra:<subscription>} for a subscription's connections,
     * {@code inbox-ra:producer} for the producer factory's); on MariaDB, whose sessions have no such
     * name, nothing.
     */
    Map<Integer, String> applicationNames(Collection<Integer> clientPorts) throws SQLException {
        Map<Integer, String> names = new HashMap<>();
        if (!postgres || clientPorts.isEmpty()) {
            return names;
        }
        String ports = clientPorts.stream().map(String::valueOf).collect(Collectors.joining(","));
        try (Connection c = connect(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT client_port, application_name FROM pg_stat_activity"
                     + " WHERE datname = 'test' AND client_port IN (" + ports + ")")) {
            while (r.next()) {
                names.put(r.getInt(1), r.getString(2));
            }
        }
        return names;
    }

    /**
     * Ends the sessions whose client port is one of the proxy's: the adapter's (the effects' pool
     * goes straight to the database).
     *
     * @return how many were ended
     */
    int killBackends(Set<Integer> clientPorts) throws SQLException {
        if (clientPorts.isEmpty()) {
            return 0;
        }
        String ports = clientPorts.stream().map(String::valueOf).collect(Collectors.joining(","));
        try (Connection c = connect(); Statement s = c.createStatement()) {
            if (postgres) {
                try (ResultSet r = s.executeQuery("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                        + " WHERE datname = 'test' AND client_port IN (" + ports + ")")) {
                    r.next();
                    return r.getInt(1);
                }
            }
            List<Long> ids = new ArrayList<>();
            try (ResultSet r = s.executeQuery("SELECT ID, HOST FROM information_schema.PROCESSLIST")) {
                while (r.next()) {
                    String host = r.getString(2);
                    if (host != null && host.contains(":")
                            && clientPorts.contains(Integer.parseInt(host.substring(host.lastIndexOf(':') + 1)))) {
                        ids.add(r.getLong(1));
                    }
                }
            }
            int killed = 0;
            for (long id : ids) {
                try {
                    s.execute("KILL " + id);
                    killed++;
                } catch (SQLException gone) {
                    // Ended meanwhile.
                }
            }
            return killed;
        }
    }

    /** Restarts PostgreSQL (the shared database: only when the run is told to). */
    void restart() throws IOException, InterruptedException {
        if (!postgres) {
            throw new IllegalStateException("--chaos db-restart is PostgreSQL's only (MariaDB here runs without a service manager)");
        }
        String version;
        try (var versions = Files.list(Path.of("/etc/postgresql"))) {
            version = versions.map(p -> p.getFileName().toString()).sorted().findFirst().orElseThrow();
        }
        Process p = new ProcessBuilder("pg_ctlcluster", "--skip-systemctl-redirect", version, "main", "restart")
                .inheritIO().start();
        if (p.waitFor() != 0) {
            throw new IllegalStateException("pg_ctlcluster restart exited with " + p.exitValue());
        }
    }

    /** @return what the checks at the end found, per table */
    List<Verdict> verdicts() throws SQLException {
        List<Verdict> verdicts = new ArrayList<>();
        for (String t : TABLES) {
            String table = "soak_" + t;
            verdicts.add(new Verdict(t,
                    count("SELECT count(*) FROM " + table),
                    count("SELECT count(*) FROM " + table + " WHERE processed_at IS NULL"),
                    count("SELECT count(*) FROM " + table + " r WHERE r.processed_at IS NOT NULL AND NOT EXISTS"
                            + " (SELECT 1 FROM soak_effects e WHERE e.tbl = '" + t + "' AND e.row_id = r.id)"),
                    count("SELECT count(*) FROM (SELECT row_id FROM soak_effects WHERE tbl = '" + t + "'"
                            + " GROUP BY row_id HAVING count(*) > 1) d"),
                    count("SELECT count(*) FROM soak_effects e WHERE e.tbl = '" + t + "' AND NOT EXISTS"
                            + " (SELECT 1 FROM " + table + " r WHERE r.id = e.row_id AND r.processed_at IS NOT NULL)")));
        }
        return verdicts;
    }

    private long count(String sql) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    /**
     * The end of a run for one table.
     *
     * @param rows rows sent and committed
     * @param unsettled rows still in the inbox
     * @param missing settled rows without their effect
     * @param duplicated rows whose effect is there more than once
     * @param orphans effects of rows not settled (or not there)
     */
    record Verdict(String table, long rows, long unsettled, long missing, long duplicated, long orphans) {

        boolean exactlyOnce() {
            return unsettled == 0 && missing == 0 && duplicated == 0 && orphans == 0 && rows > 0;
        }

        @Override
        public String toString() {
            return String.format("soak_%s: %d rows, %d unsettled, %d without their effect, %d with it more than once,"
                    + " %d effects of no settled row", table, rows, unsettled, missing, duplicated, orphans);
        }
    }
}
