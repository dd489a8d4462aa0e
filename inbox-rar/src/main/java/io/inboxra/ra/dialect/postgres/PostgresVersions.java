package io.inboxra.ra.dialect.postgres;

import io.inboxra.dialect.DatabaseVersion;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.MinimumVersion;
import io.inboxra.dialect.UnsupportedVersionException;
import io.inboxra.dialect.Version;

import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Optional;

/** The PostgreSQL versions {@link PostgresDialect} serves: 9.5 for every form, 12 for the lease form. */
final class PostgresVersions {

    /** Every form's claim skips locked rows: PostgreSQL 9.5's. */
    private static final MinimumVersion SKIP_LOCKED = new MinimumVersion(Version.of(9, 5), "FOR UPDATE SKIP LOCKED");

    /** The lease claim fences its {@code LIMIT}: PostgreSQL 12's. */
    private static final MinimumVersion MATERIALIZED = new MinimumVersion(Version.of(PostgresDialect.LEASE_SINCE, 0),
            "WITH ... AS MATERIALIZED");

    private PostgresVersions() {
    }

    /** PostgreSQL, as the PostgreSQL driver names it: another product speaking its protocol is not this dialect's own. */
    static Optional<DatabaseVersion> of(DatabaseMetaData metadata) throws SQLException {
        String product = metadata.getDatabaseProductName();
        if (!product.toLowerCase(Locale.ROOT).contains("postgresql")) {
            return Optional.empty();
        }
        return Optional.of(new DatabaseVersion(product, metadata.getDatabaseProductVersion(),
                Version.of(metadata.getDatabaseMajorVersion(), metadata.getDatabaseMinorVersion())));
    }

    /** 9.5 ({@code SKIP LOCKED}); the lease form 12 ({@code AS MATERIALIZED}). */
    static MinimumVersion minimum(Form form) {
        return form == Form.LEASE ? MATERIALIZED : SKIP_LOCKED;
    }

    /** Below 12, the lease form's refusal names the forms that still serve. */
    static void require(String dialect, DatabaseMetaData metadata, Form form) throws UnsupportedVersionException,
            SQLException {
        Optional<DatabaseVersion> found = of(metadata);
        if (found.isEmpty()) {
            return;
        }
        SKIP_LOCKED.require(dialect, found.get());
        if (form == Form.LEASE && found.get().version().isBefore(MATERIALIZED.version())) {
            throw new UnsupportedVersionException("The database is " + found.get().database() + " "
                    + found.get().text() + ": the " + dialect + " dialect's LEASE form (selected by 'lockedUntilColumn')"
                    + " needs PostgreSQL " + PostgresDialect.LEASE_SINCE + " or later (its claim uses "
                    + MATERIALIZED.feature() + "); upgrade the database, or claim in the ROW_LOCK form (remove"
                    + " 'lockedUntilColumn') or the ADVISORY form ('advisoryLock'), which need PostgreSQL "
                    + SKIP_LOCKED.version() + ".");
        }
    }
}
