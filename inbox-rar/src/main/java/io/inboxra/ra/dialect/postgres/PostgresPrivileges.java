package io.inboxra.ra.dialect.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** PostgreSQL's privilege checks: {@code has_table_privilege} and {@code max_prepared_transactions}. */
final class PostgresPrivileges {

    private PostgresPrivileges() {
    }

    static boolean holds(Connection connection, String privilege, String table) throws SQLException {
        // A column grant is enough to SELECT, INSERT or UPDATE the columns it names; DELETE is the table's only.
        String function = privilege.equals("DELETE") ? "has_table_privilege" : "has_any_column_privilege";
        try (PreparedStatement s = connection.prepareStatement("SELECT " + function + "(?, ?)")) {
            s.setString(1, quoted(table));
            s.setString(2, privilege);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }

    static String grant(Connection connection, String privileges, String table) throws SQLException {
        return "GRANT " + privileges + " ON " + quoted(table) + " TO " + quotedName(currentUser(connection));
    }

    static List<String> degraded(Connection connection) throws SQLException {
        try (ResultSet rs = connection.createStatement().executeQuery(
                "SELECT current_setting('max_prepared_transactions')::int")) {
            if (rs.next() && rs.getInt(1) == 0) {
                return List.of("PostgreSQL has max_prepared_transactions = 0: a delivery whose transaction holds"
                        + " a second resource (the MDB's own database, a JMS queue) fails at prepare, and each"
                        + " such row is retried and dead-lettered; only deliveries the adapter's branch alone"
                        + " commits (one phase) succeed. Run ALTER SYSTEM SET max_prepared_transactions = 64"
                        + " (at least the connections that prepare at once) and restart PostgreSQL");
            }
        }
        return List.of();
    }

    private static String currentUser(Connection connection) throws SQLException {
        try (ResultSet rs = connection.createStatement().executeQuery("SELECT current_user")) {
            rs.next();
            return rs.getString(1);
        }
    }

    /** The stored name, each part quoted: PostgreSQL would fold an unquoted part to lower case. */
    private static String quoted(String table) {
        return Arrays.stream(table.split("\\.")).map(PostgresPrivileges::quotedName).collect(Collectors.joining("."));
    }

    private static String quotedName(String name) {
        return name.matches("[a-z_][a-z0-9_]*") ? name : "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
