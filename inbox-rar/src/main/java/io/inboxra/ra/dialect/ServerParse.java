package io.inboxra.ra.dialect;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Has the database parse a statement without running it, through whichever driver reaches it:
 * what the activation's check of every statement needs ({@code StatementPreparation}), for the
 * built-in dialects and an application's alike, since it depends on the driver, not the dialect.
 *
 * <p>{@code prepareStatement} alone parses nothing on PostgreSQL, MariaDB and MySQL (their
 * drivers prepare lazily, or on the client). What makes each send the statement to the server to
 * be parsed: the parameters' metadata on PostgreSQL (a Parse and Describe), the result's metadata
 * with the MariaDB driver (a server-side {@code PREPARE}; its parameters' metadata is made up on
 * the client), and MySQL Connector/J's {@code serverPrepareStatement} (its client-side statement's
 * result metadata would run the query, parameters bound to NULL). H2 and SQLite parse in
 * {@code prepareStatement} itself. A statement MySQL and MariaDB cannot prepare at all (error
 * 1295, "not supported in the prepared statement protocol yet") is taken as parsed: it is then
 * checked at its first run.
 */
public final class ServerParse {

    /** MySQL and MariaDB: "This command is not supported in the prepared statement protocol yet". */
    private static final int NOT_PREPARABLE = 1295;

    private ServerParse() {
    }

    /**
     * @param connection a connection outside any transaction
     * @param sql the statement
     * @throws SQLException what the database answered when it refused the statement (or went away)
     */
    public static void parse(Connection connection, String sql) throws SQLException {
        String driver = String.valueOf(connection.getMetaData().getDriverName());
        try {
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
        } catch (SQLException e) {
            if (e.getErrorCode() != NOT_PREPARABLE) {
                throw e;
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
}
