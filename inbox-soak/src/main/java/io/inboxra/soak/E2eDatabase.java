package io.inboxra.soak;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/** The end-to-end run's PostgreSQL: the WAR's tables, and the statements the runner sends them. */
final class E2eDatabase {

    static final String URL = "jdbc:postgresql://127.0.0.1:5432/test?sslmode=disable";

    /** The tables of the WAR's subscriptions, and the producer's warm-up table. */
    private static final List<String> TABLES = List.of("e2e_latency", "e2e_b1", "e2e_b50", "e2e_warm");

    private E2eDatabase() {
    }

    static void createTables() throws SQLException {
        for (String t : TABLES) {
            execute("DROP TABLE IF EXISTS " + t);
            execute("CREATE TABLE " + t + " (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL)");
        }
    }

    static void dropTables() throws SQLException {
        for (String t : TABLES) {
            execute("DROP TABLE IF EXISTS " + t);
        }
    }

    static Connection connect() throws SQLException {
        return DriverManager.getConnection(URL, "postgres", "");
    }

    static void execute(String sql) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    static long count(String table) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement();
             java.sql.ResultSet r = s.executeQuery("SELECT count(*) FROM " + table)) {
            r.next();
            return r.getLong(1);
        }
    }

    static void preload(String table, int rows) throws SQLException {
        execute("INSERT INTO " + table + " (payload) SELECT REPEAT('x', 100) FROM generate_series(1, " + rows + ")");
    }
}
