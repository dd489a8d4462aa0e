package io.inboxra.ra.subscription.check;

import io.inboxra.dialect.Statement;
import io.inboxra.ra.dialect.ServerParse;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Every statement of a subscription prepared once at activation, on the check's connection: a
 * statement the database refuses (a syntax error, a function or column it does not have) fails
 * the activation, naming it, instead of failing each claim or settlement for ever after. The
 * database parses each without running it ({@link ServerParse}, which knows how each driver
 * gets it parsed on the server).
 */
final class StatementPreparation {

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
            try {
                ServerParse.parse(connection, sql);
            } catch (SQLException e) {
                if (DatabaseUnreachable.isOutage(e)) {
                    throw e;
                }
                refused.add(named.getKey() + " (" + sql + "): " + firstLine(e.getMessage()));
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
