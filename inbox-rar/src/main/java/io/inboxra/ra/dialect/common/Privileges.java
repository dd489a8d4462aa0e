package io.inboxra.ra.dialect.common;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * How a built-in dialect checks, at activation, that the subscription's user holds what its
 * statements need, with the database's own privilege functions. A dialect without it (an
 * application's own) skips the check: a missing grant then shows as failed rows.
 */
public interface Privileges {

    /**
     * @param connection the activation's check connection, as the subscription's user
     * @param privilege SELECT, INSERT, UPDATE or DELETE
     * @param table the table as stored, {@code table} or {@code schema.table}
     * @return whether the current user holds it (directly, through a role, or on the schema or server)
     */
    boolean holds(Connection connection, String privilege, String table) throws SQLException;

    /**
     * @param privileges one or more privileges, comma-separated
     * @return the GRANT statement an administrator runs to give them to the current user
     */
    String grant(Connection connection, String privileges, String table) throws SQLException;

    /** @return whether the row lock form's locking read needs UPDATE (PostgreSQL's {@code FOR UPDATE}) */
    boolean lockingReadNeedsUpdate();

    /**
     * @return what this database needs of every subscription beyond its tables and lacks, each
     *         with its fix (MySQL 8.0.19+: XA_RECOVER_ADMIN, to finish prepared branches)
     */
    List<String> missingServerPrivileges(Connection connection) throws SQLException;

    /** @return the optional settings or privileges that are missing, each naming what degrades and the fix */
    List<String> degraded(Connection connection) throws SQLException;
}
