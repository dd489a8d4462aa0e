package io.inboxra.ra.subscription;

import io.inboxra.dialect.Statement;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Every statement of a subscription prepared once at activation, on the check's connection: a
 * statement the database refuses (a syntax error, a function or column it does not have) fails
 * the activation, naming it, instead of failing each claim or settlement for ever after.
 *
 * <p>{@code prepareStatement} alone parses nothing on PostgreSQL, MariaDB and MySQL (their
 * drivers prepare lazily, or on the client). What makes each send the statement to the server to
 * be parsed, without running it: the parameters' metadata on PostgreSQL (a Parse and Describe),
 * the result's metadata with the MariaDB driver (a server-side {@code PREPARE}; its parameters'
 * metadata is made up on the client), and MySQL Connector/J's {@code serverPrepareStatement}
 * (its client-side statement's result metadata would run the query, parameters bound to NULL).
 * H2 and SQLite parse in {@code prepareStatement} itself.
 */
final class StatementPreparation {

    /** MySQL and MariaDB: "This command is not supported in the prepared statement protocol yet". */
    private static final int NOT_PREPARABLE = 1295;

    private StatementPreparation() {
    }

    /**
     * @param connection the check's connection, outside any transaction
     * @param statements each statement by the name of what wrote it ({@code settle}, {@code lockClaim}, ...)
     * @return what the database refused, one sentence per statement; empty when it took them all
     * @throws SQLException when the database went away meanwhile
     */
    static List<String> refused(Connection connection, Map<String, Statement> statements) throws SQLException {
        List<String> refused = new ArrayList<>();
        String driver = String.valueOf(connection.getMetaData().getDriverName());
        for (Map.Entry<String, Statement> named : statements.entrySet()) {
            String sql = named.getValue().sql();
            try {
                prepareOnServer(connection, driver, sql);
            } catch (SQLException e) {
                if (DatabaseUnreachable.isOutage(e)) {
                    throw e;
                }
                if (e.getErrorCode() != NOT_PREPARABLE) {
                    refused.add(named.getKey() + " (" + sql + "): " + firstLine(e.getMessage()));
                }
            }
        }
        return refused;
    }

    private static void prepareOnServer(Connection connection, String driver, String sql) throws SQLException {
        if (driver.startsWith("MySQL Connector")) {
            try (PreparedStatement ps = serverPrepared(connection, sql)) {
                return;
            }
        }
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.getParameterMetaData();
            if (driver.startsWith("MariaDB")) {
                ps.getMetaData();
            }
        }
    }

    /** MySQL Connector/J's {@code JdbcConnection.serverPrepareStatement}, reached by reflection: the RAR does not bundle it. */
    private static PreparedStatement serverPrepared(Connection connection, String sql) throws SQLException {
        try {
            Class<?> jdbc = Class.forName("com.mysql.cj.jdbc.JdbcConnection", false, connection.getClass().getClassLoader());
            return (PreparedStatement) jdbc.getMethod("serverPrepareStatement", String.class)
                    .invoke(connection.unwrap(jdbc), sql);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof SQLException refused) {
                throw refused;
            }
            throw new SQLException("MySQL Connector/J failed to prepare on the server: " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            // Another Connector/J than the one known: its statements are then checked at their first run.
            return connection.prepareStatement(sql);
        }
    }

    private static String firstLine(String message) {
        String text = message == null ? "refused" : message.strip();
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end).strip();
    }
}
