package io.inboxra.dialect;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Optional;
import javax.transaction.xa.XAResource;

/**
 * What a dialect tells about its database and the adapter's connections to it: which database it
 * finds and the oldest version it serves, refused at activation; a session's statement timeout;
 * the XA resource a delivery's branch runs through; how a short local transaction commits.
 */
public interface ConnectionSetup {

    /** @return the dialect's name, as in logs and error messages */
    String name();

    /**
     * The database this dialect finds itself on, read from the metadata, when it is this
     * dialect's own database: its product, its version's text and numbers. A dialect named for a
     * compatible database of another product (the {@code mysql} dialect on MariaDB is its own, a
     * PostgreSQL dialect on a database that speaks PostgreSQL's protocol is not) finds nothing,
     * and refuses no version.
     *
     * <pre>{@code
     * public Optional<DatabaseVersion> databaseVersion(DatabaseMetaData metadata) throws SQLException {
     *     String product = metadata.getDatabaseProductName();
     *     return product.equals("Microsoft SQL Server")
     *             ? Optional.of(new DatabaseVersion(product, metadata.getDatabaseProductVersion(),
     *                     Version.parse(metadata.getDatabaseProductVersion())))
     *             : Optional.empty();
     * }
     * }</pre>
     *
     * @param metadata the metadata of a connection to the database
     * @return the database, or empty (the default) where the dialect does not tell
     * @throws SQLException when the metadata cannot be read
     */
    default Optional<DatabaseVersion> databaseVersion(DatabaseMetaData metadata) throws SQLException {
        return Optional.empty();
    }

    /**
     * The statement that sets, once for a whole session, how long any of its statements may run
     * before the database cancels it ({@code statementTimeout}), where the database has such a
     * setting. The adapter runs it when it opens a connection, outside any transaction, and then
     * sets no timeout on each statement: a JDBC driver may keep a timer task per statement for
     * {@code setQueryTimeout} (the PostgreSQL driver does), which costs every claim and settlement.
     * Empty (the default): each statement gets {@code setQueryTimeout}.
     *
     * <pre>{@code
     * public Optional<Statement> sessionStatementTimeout(Duration timeout) {
     *     return Optional.of(Statement.of("SET statement_timeout = " + timeout.toMillis()));
     * }
     * }</pre>
     *
     * @param timeout the longest a statement may run
     * @return the statement (it binds nothing), or empty
     */
    default Optional<Statement> sessionStatementTimeout(java.time.Duration timeout) {
        return Optional.empty();
    }

    /**
     * The oldest version of the database that this dialect's statements of the form run on, and
     * what they need of it.
     *
     * <pre>{@code
     * public Optional<MinimumVersion> minimumVersion(DatabaseVersion database, Form form) {
     *     return Optional.of(new MinimumVersion(Version.of(11, 0), "READPAST"));
     * }
     * }</pre>
     *
     * @param database the database, as {@link #databaseVersion} found it (a dialect serving two
     *        products, as {@code mysql} serves MySQL and MariaDB, has a minimum for each)
     * @param form the subscription's form
     * @return the minimum, or empty (the default) where any version serves
     */
    default Optional<MinimumVersion> minimumVersion(DatabaseVersion database, Form form) {
        return Optional.empty();
    }

    /**
     * Refuses, at activation, a database too old for the dialect's statements in the form, before
     * any of them runs: by default, where {@link #databaseVersion} finds the database and
     * {@link #minimumVersion} names a minimum, a version before it ({@link MinimumVersion#require}).
     * A dialect overrides it for a message of its own (PostgreSQL's lease form names the forms
     * that still serve).
     *
     * @param metadata the metadata of a connection to the database
     * @param form the subscription's form
     * @throws UnsupportedVersionException naming the database and its version, the dialect, the
     *         version and feature needed, and the fix
     * @throws SQLException when the metadata cannot be read
     */
    default void requireVersion(DatabaseMetaData metadata, Form form) throws UnsupportedVersionException, SQLException {
        Optional<DatabaseVersion> found = databaseVersion(metadata);
        if (found.isPresent()) {
            Optional<MinimumVersion> minimum = minimumVersion(found.get(), form);
            if (minimum.isPresent()) {
                minimum.get().require(name(), found.get());
            }
        }
    }

    /**
     * The XA resource through which the adapter drives a delivery's branch on one of this
     * database's connections: by default the driver's own. A dialect may return one that saves
     * round trips, as long as every call keeps the driver's meaning and error codes (the
     * {@code mariadb} and {@code mysql} dialects, on the MariaDB driver, send a branch's
     * {@code XA END} in one round trip with the {@code XA COMMIT} or {@code XA PREPARE} after it).
     * Recovery always uses the driver's own.
     *
     * @param driver the driver's XA resource of the connection
     * @param connection the connection's handle, on the same session
     * @return the resource for the branch
     */
    default XAResource branchResource(XAResource driver, Connection connection) {
        return driver;
    }

    /**
     * The statement that commits the adapter's short local transactions (a lease claim in steps, a
     * failure's record) and leaves the connection out of autocommit with no transaction open,
     * whatever the session's settings: a pooled connection then stays out of autocommit between
     * them, so the next begins with no statement, and returns to autocommit only before a
     * statement that commits on its own (a lease extension, a lease's release). A statement and a
     * {@code set autocommit} fewer per lease claim. Only where an XA branch may start on a
     * connection out of autocommit with no transaction open.
     *
     * <pre>{@code
     * public Optional<String> commitLeavingAutocommitOff() {
     *     return Optional.of("COMMIT AND NO CHAIN NO RELEASE");   // MySQL, MariaDB: whatever completion_type says
     * }
     * }</pre>
     *
     * @return the statement, or empty (the default): each local transaction leaves autocommit,
     *         commits and returns to it
     */
    default Optional<String> commitLeavingAutocommitOff() {
        return Optional.empty();
    }
}
