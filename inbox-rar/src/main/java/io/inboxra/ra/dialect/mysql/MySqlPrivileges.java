package io.inboxra.ra.dialect.mysql;

import io.inboxra.dialect.LockWaits;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * MySQL's and MariaDB's privilege checks, from {@code information_schema}'s privilege tables
 * (which show the current user's grants, and a role's), and by trying what the adapter runs
 * without a table: {@code XA RECOVER} and {@code INNODB_TRX}.
 */
final class MySqlPrivileges {

    /** The current user and its role as information_schema spells a grantee: 'user'@'host', 'role'. */
    private static final String GRANTEES = "(CONCAT('''', SUBSTRING_INDEX(CURRENT_USER(), '@', 1), '''@''',"
            + " SUBSTRING_INDEX(CURRENT_USER(), '@', -1), ''''), CONCAT('''', CURRENT_ROLE(), ''''))";

    private MySqlPrivileges() {
    }

    static boolean holds(Connection connection, String privilege, String table) throws SQLException {
        String[] parts = qualified(connection, table);
        // A database grant's name is a LIKE pattern (GRANT ... ON `app\_%`.*), hence LIKE there.
        String sql = "SELECT EXISTS (SELECT 1 FROM information_schema.USER_PRIVILEGES WHERE GRANTEE IN " + GRANTEES
                + " AND PRIVILEGE_TYPE = ?) OR EXISTS (SELECT 1 FROM information_schema.SCHEMA_PRIVILEGES"
                + " WHERE GRANTEE IN " + GRANTEES + " AND PRIVILEGE_TYPE = ? AND ? LIKE TABLE_SCHEMA)"
                + " OR EXISTS (SELECT 1 FROM information_schema.TABLE_PRIVILEGES WHERE GRANTEE IN " + GRANTEES
                + " AND PRIVILEGE_TYPE = ? AND TABLE_SCHEMA = ? AND TABLE_NAME = ?)"
                + " OR EXISTS (SELECT 1 FROM information_schema.COLUMN_PRIVILEGES WHERE GRANTEE IN " + GRANTEES
                + " AND PRIVILEGE_TYPE = ? AND ? <> 'DELETE' AND TABLE_SCHEMA = ? AND TABLE_NAME = ?)";
        try (PreparedStatement s = connection.prepareStatement(sql)) {
            int i = 1;
            s.setString(i++, privilege);
            s.setString(i++, privilege);
            s.setString(i++, parts[0]);
            s.setString(i++, privilege);
            s.setString(i++, parts[0]);
            s.setString(i++, parts[1]);
            s.setString(i++, privilege);
            s.setString(i++, privilege);
            s.setString(i++, parts[0]);
            s.setString(i, parts[1]);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }

    static String grant(Connection connection, String privileges, String table) throws SQLException {
        String[] parts = qualified(connection, table);
        return "GRANT " + privileges + " ON `" + parts[0] + "`.`" + parts[1] + "` TO " + grantee(connection);
    }

    /**
     * MySQL 8.0.19 and later list prepared branches to XA RECOVER only with XA_RECOVER_ADMIN;
     * MariaDB (10.11 here) lists them to every user. Tried rather than looked up.
     */
    static List<String> missingServerPrivileges(Connection connection) throws SQLException {
        try (ResultSet rs = connection.createStatement().executeQuery("XA RECOVER")) {
            return List.of();
        } catch (SQLException e) {
            if (!"42000".equals(e.getSQLState())) {
                throw e;
            }
            return List.of("The user cannot list prepared XA branches (XA RECOVER: " + e.getMessage() + "): branches"
                    + " a crash left prepared would never be finished, and would hold their rows' locks. Run GRANT"
                    + " XA_RECOVER_ADMIN ON *.* TO " + grantee(connection));
        }
    }

    /** Without PROCESS, INNODB_TRX is refused, and a failure's record cannot be seen queued on the row's lock. */
    static List<String> degraded(Connection connection, LockWaits waits) throws SQLException {
        List<String> degraded = new ArrayList<>();
        try (ResultSet rs = connection.createStatement().executeQuery(waits.waiting(-1))) {
            return degraded;
        } catch (SQLException e) {
            if (!"42000".equals(e.getSQLState())) {
                throw e;
            }
            degraded.add("The user lacks PROCESS, so information_schema.INNODB_TRX is closed to it (" + e.getMessage()
                    + "): a failed delivery's record of the attempt cannot be seen waiting on the row's lock and"
                    + " gets 150 ms instead; on a loaded server a failure may then return uncounted (retried"
                    + " without its attempt counted). Run GRANT PROCESS ON *.* TO " + grantee(connection));
            return degraded;
        }
    }

    /** {@code database.table}: the connection's database when the name has none. */
    private static String[] qualified(Connection connection, String table) throws SQLException {
        int dot = table.indexOf('.');
        return dot < 0 ? new String[] {connection.getCatalog(), table}
                : new String[] {table.substring(0, dot), table.substring(dot + 1)};
    }

    private static String grantee(Connection connection) throws SQLException {
        try (ResultSet rs = connection.createStatement().executeQuery(
                "SELECT CONCAT('''', SUBSTRING_INDEX(CURRENT_USER(), '@', 1), '''@''',"
                        + " SUBSTRING_INDEX(CURRENT_USER(), '@', -1), '''')")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
