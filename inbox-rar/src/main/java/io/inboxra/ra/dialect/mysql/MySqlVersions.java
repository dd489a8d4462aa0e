package io.inboxra.ra.dialect.mysql;

import io.inboxra.dialect.DatabaseVersion;
import io.inboxra.dialect.MinimumVersion;
import io.inboxra.dialect.Version;

import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Optional;

/** The MySQL and MariaDB versions {@link MySqlDialect} serves: the first of each with {@code SKIP LOCKED}. */
final class MySqlVersions {

    /** The product MariaDB, as messages name it, whichever driver reaches it. */
    private static final String MARIADB = "MariaDB";

    /** MySQL's first version with {@code SKIP LOCKED}. */
    private static final MinimumVersion MYSQL_SKIP_LOCKED = new MinimumVersion(Version.of(8, 0, 1),
            "FOR UPDATE SKIP LOCKED");

    /** MariaDB's first version with {@code SKIP LOCKED}. */
    private static final MinimumVersion MARIADB_SKIP_LOCKED = new MinimumVersion(Version.of(10, 6),
            "FOR UPDATE SKIP LOCKED");

    private MySqlVersions() {
    }

    /**
     * MySQL, or MariaDB through either driver: MySQL Connector/J names MariaDB "MySQL", with a
     * version such as {@code 5.5.5-10.11.6-MariaDB} (the {@code 5.5.5-} is left out of the numbers).
     */
    static Optional<DatabaseVersion> of(DatabaseMetaData metadata) throws SQLException {
        String product = metadata.getDatabaseProductName();
        String version = metadata.getDatabaseProductVersion();
        if (product.toLowerCase(Locale.ROOT).contains("mariadb") || version.contains("MariaDB")) {
            return Optional.of(new DatabaseVersion(MARIADB, version, Version.parse(version.replaceFirst("^5\\.5\\.5-", ""))));
        }
        if (product.equalsIgnoreCase("mysql")) {
            return Optional.of(new DatabaseVersion(product, version, Version.parse(version)));
        }
        return Optional.empty();
    }

    /** MySQL 8.0.1, MariaDB 10.6, in every form. */
    static MinimumVersion minimum(DatabaseVersion database) {
        return database.database().equals(MARIADB) ? MARIADB_SKIP_LOCKED : MYSQL_SKIP_LOCKED;
    }
}
