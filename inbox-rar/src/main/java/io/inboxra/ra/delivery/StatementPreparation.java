package io.inboxra.ra.delivery;

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
 * <p>{@code prepareStatement} alone parses nothing on PostgreSQL and MariaDB (their drivers
 * prepare lazily, or on the client). Asking for the metadata makes the driver send the statement
 * to the server to be parsed and described, without running it: the result's metadata on MariaDB
 * (a server-side {@code PREPARE}; its parameters' metadata is made up on the client), either on
 * PostgreSQL (a Parse and Describe).
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
        for (Map.Entry<String, Statement> named : statements.entrySet()) {
            String sql = named.getValue().sql();
            try (PreparedStatement ps = connection.prepareStatement(sql)) {
                ps.getMetaData();
                ps.getParameterMetaData();
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

    private static String firstLine(String message) {
        String text = message == null ? "refused" : message.strip();
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end).strip();
    }
}
