package io.inboxra.it;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;

/**
 * The sample's database on MariaDB: a user with a password for the application's data source
 * (MicroProfile Config has no empty values), rows in, invoices out.
 */
final class SampleDatabase {

    private static final String URL = "jdbc:mariadb://127.0.0.1:3306/test";

    private SampleDatabase() {
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(URL, "root", "");
    }

    /** A clean start: the sample's own schema script creates the tables when it deploys. */
    static void createSchema() throws Exception {
        Database.execute(SampleDatabase::connect, "DROP TABLE IF EXISTS invoice_jobs, invoice_jobs_dead, issued_invoices");
        Database.execute(SampleDatabase::connect, script("/META-INF/sql/grant-mariadb.sql"));
    }

    /** A script of the sample's, one statement a line, without its comments. */
    private static String[] script(String resource) throws java.io.IOException {
        try (var script = SampleDatabase.class.getResourceAsStream(resource)) {
            return new String(script.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines()
                    .filter(line -> !line.isBlank() && !line.startsWith("--"))
                    .map(line -> line.endsWith(";") ? line.substring(0, line.length() - 1) : line).toArray(String[]::new);
        }
    }

    /**
     * The sample's tables, from its own MariaDB script (one statement a line), as a user of its WAR
     * for WildFly and Open Liberty creates them before deploying it: that WAR generates no schema.
     */
    static void createTables() throws Exception {
        try (var script = SampleDatabase.class.getResourceAsStream("/META-INF/sql/create-mariadb.sql")) {
            String[] statements = new String(script.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
                    .lines().filter(line -> !line.isBlank()).toArray(String[]::new);
            Database.execute(SampleDatabase::connect, statements);
        }
    }

    /** Enqueues {@code n} invoice jobs as the sample's REST resource would, and returns their ids. */
    static Set<Long> enqueueInvoices(int n) throws SQLException {
        return ids("INSERT INTO invoice_jobs (payload) SELECT CONCAT('{\"number\":\"MDB-', seq, '\",\"customer\":\"ACME\","
                + "\"amount\":', seq, '.50}') FROM seq_1_to_" + n + " RETURNING id");
    }

    /** @return how many XA branches MariaDB has prepared since it started */
    static long xaPrepares() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE 'Com_xa_prepare'")) {
            rs.next();
            return rs.getLong(2);
        }
    }

    static long count(String sql) throws SQLException {
        return Database.count(SampleDatabase::connect, sql);
    }

    static Set<Long> ids(String sql) throws SQLException {
        return Database.ids(SampleDatabase::connect, sql);
    }
}
