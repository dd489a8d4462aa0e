package io.inboxra.harness;

import java.io.File;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * The second PostgreSQL primary on this machine, the shard tests' other database: the cluster
 * {@code shard2} that {@code .ci/setup-shard-database} creates on port 5433. The tests stop and
 * start this cluster only, never the main one.
 */
public final class SecondPostgres {

    public static final String URL = System.getProperty("inbox.test.shard2.url", "jdbc:postgresql://127.0.0.1:5433/test");
    private static final String CLUSTER = "shard2";

    private SecondPostgres() {
    }

    public static Connection connect() throws SQLException {
        return DriverManager.getConnection(URL, Postgres.USER, "");
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

    /** @return whether it answers */
    public static boolean isUp() {
        try (Connection c = connect()) {
            return c.isValid(2);
        } catch (SQLException e) {
            return false;
        }
    }

    /** Stops the second cluster (fast shutdown: its sessions are cut, as a crash of the primary would). */
    public static void stop() throws IOException, InterruptedException {
        ctl("stop", "-m", "fast");
    }

    /** Starts the second cluster and waits until it answers. */
    public static void start() throws Exception {
        if (!isUp()) {
            ctl("start");
        }
        Await.until("the second PostgreSQL answers", Duration.ofSeconds(30), SecondPostgres::isUp);
    }

    private static void ctl(String... action) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("pg_ctlcluster", "--skip-systemctl-redirect",
                version(), CLUSTER));
        command.addAll(Arrays.asList(action));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        int exit = process.waitFor();
        if (exit != 0) {
            throw new IOException(String.join(" ", command) + " failed (" + exit + "): " + output);
        }
    }

    /** The PostgreSQL version whose configuration holds the second cluster. */
    private static String version() throws IOException {
        File[] versions = new File("/etc/postgresql").listFiles(f -> new File(f, CLUSTER).isDirectory());
        if (versions == null || versions.length == 0) {
            throw new IOException("No PostgreSQL cluster '" + CLUSTER + "' on this machine: run bash .ci/setup-databases");
        }
        return versions[0].getName();
    }
}
