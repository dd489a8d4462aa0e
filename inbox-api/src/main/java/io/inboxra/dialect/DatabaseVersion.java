package io.inboxra.dialect;

import java.util.Objects;

/**
 * The database a dialect finds itself on, as the dialect reads it from the connection's
 * {@link java.sql.DatabaseMetaData} ({@link Dialect#databaseVersion}): its product, for messages,
 * the version as the database tells it, and that version's numbers.
 *
 * <pre>{@code
 * // MySQL Connector/J names MariaDB "MySQL", version "5.5.5-10.11.6-MariaDB"
 * new DatabaseVersion("MariaDB", metadata.getDatabaseProductVersion(), Version.parse("10.11.6-MariaDB"))
 * }</pre>
 *
 * @param database the database product, as messages name it ({@code PostgreSQL}, {@code MariaDB})
 * @param text the version as the database tells it ({@code DatabaseMetaData.getDatabaseProductVersion()}),
 *        shown in messages as it is
 * @param version the version's numbers, as the dialect compares them with its minimum
 */
public record DatabaseVersion(String database, String text, Version version) {

    /** Checks that nothing is missing. */
    public DatabaseVersion {
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(version, "version");
    }
}
