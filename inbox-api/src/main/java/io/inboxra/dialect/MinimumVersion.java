package io.inboxra.dialect;

import java.util.Objects;

/**
 * The oldest version of its database a dialect's statements run on, and what they need that came
 * in it ({@link Dialect#minimumVersion}). {@link #require} refuses an older database with the
 * adapter's message:
 *
 * <pre>
 * The database is PostgreSQL 9.4.26: the postgres dialect needs 9.5 or later (the first with
 * FOR UPDATE SKIP LOCKED); upgrade the database.
 * </pre>
 *
 * @param version the oldest version that serves
 * @param feature what the statements need that this version brought, as the message names it after
 *        "the first with" ({@code FOR UPDATE SKIP LOCKED}, {@code UPDATE ... RETURNING})
 */
public record MinimumVersion(Version version, String feature) {

    /** Checks that nothing is missing. */
    public MinimumVersion {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(feature, "feature");
    }

    /**
     * Refuses a database older than this minimum.
     *
     * @param dialect the dialect's name ({@link Dialect#name()})
     * @param found the database, as the dialect read it
     * @throws UnsupportedVersionException when the database's version comes before this one, naming
     *         the database and its version, the dialect, this version, the feature, and the fix
     */
    public void require(String dialect, DatabaseVersion found) throws UnsupportedVersionException {
        if (found.version().isBefore(version)) {
            throw new UnsupportedVersionException("The database is " + found.database() + " " + found.text()
                    + ": the " + dialect + " dialect needs " + version + " or later (the first with " + feature
                    + "); upgrade the database.");
        }
    }
}
