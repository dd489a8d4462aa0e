package io.inboxra.tck;

import io.inboxra.dialect.DatabaseVersion;
import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.MinimumVersion;
import io.inboxra.dialect.UnsupportedVersionException;
import io.inboxra.dialect.Version;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Checks the version minimums ({@link Dialect#requireVersion}): the database under test is served
 * in each form whose minimum it meets, and a version below a minimum is refused, naming it.
 */
abstract class MinimumVersionConformance extends KeyedInsertConformance {

    /** The dialect reads the database under test's version and serves it in every form whose minimum it meets. */
    @Test
    void theDialectServesTheDatabaseUnderTest() throws Exception {
        DatabaseMetaData metadata = connection().getMetaData();
        DatabaseVersion found = databaseVersion(metadata);
        for (Form form : dialect.forms()) {
            Optional<MinimumVersion> minimum = dialect.minimumVersion(found, form);
            if (minimum.isPresent() && found.version().isBefore(minimum.get().version())) {
                assertThrows(UnsupportedVersionException.class, () -> dialect.requireVersion(metadata, form),
                        found.database() + " " + found.text() + " is older than the " + form + " form's minimum "
                                + minimum.get().version() + ", but the dialect does not refuse it");
            } else {
                dialect.requireVersion(metadata, form);
            }
        }
    }

    /**
     * In each form with a minimum, the database's metadata made to tell a version just below it
     * is refused, the message naming the dialect and the version; at the minimum it is not.
     */
    @Test
    void aVersionBelowTheMinimumIsRefusedNamingTheDialectAndTheVersion() throws Exception {
        DatabaseMetaData metadata = connection().getMetaData();
        DatabaseVersion found = databaseVersion(metadata);
        int checked = 0;
        for (Form form : dialect.forms()) {
            Optional<MinimumVersion> minimum = dialect.minimumVersion(found, form);
            if (minimum.isEmpty()) {
                continue;
            }
            Version least = minimum.get().version();
            Version below = justBefore(least);
            DatabaseMetaData older = telling(metadata, found, below);
            DatabaseVersion read = databaseVersion(older);
            Assumptions.assumeTrue(read.version().isBefore(least), "the kit wrote version " + below + " into the"
                    + " metadata's version text and numbers, but the dialect read " + read.version() + " from them");
            UnsupportedVersionException e = assertThrows(UnsupportedVersionException.class,
                    () -> dialect.requireVersion(older, form), read.database() + " " + read.text() + " is older than the "
                            + form + " form's minimum " + least + ", but the dialect does not refuse it");
            assertTrue(e.getMessage().contains(dialect.name()) && e.getMessage().contains(read.text()),
                    "the refusal names the dialect '" + dialect.name() + "' and the version '" + read.text() + "': "
                            + e.getMessage());
            dialect.requireVersion(telling(metadata, found, least), form);
            checked++;
        }
        Assumptions.assumeTrue(checked > 0, "dialect '" + dialect.name() + "' names no minimum version");
    }

    private DatabaseVersion databaseVersion(DatabaseMetaData metadata) throws SQLException {
        Optional<DatabaseVersion> found = dialect.databaseVersion(metadata);
        Assumptions.assumeTrue(found.isPresent(), "dialect '" + dialect.name() + "' reads no version of "
                + metadata.getDatabaseProductName() + " " + metadata.getDatabaseProductVersion());
        return found.get();
    }

    /** The last version before this one, as the kit writes it: 9.5 gives 9.4.99, 8.0.1 gives 8.0.0, 12 gives 11.99.99. */
    private static Version justBefore(Version v) {
        if (v.patch() > 0) {
            return Version.of(v.major(), v.minor(), v.patch() - 1);
        }
        if (v.minor() > 0) {
            return Version.of(v.major(), v.minor() - 1, 99);
        }
        Assumptions.assumeTrue(v.major() > 0, "no version comes before " + v);
        return Version.of(v.major() - 1, 99, 99);
    }

    /**
     * The database's metadata, telling another version: its version text with the version's
     * numbers replaced, and its major and minor numbers; everything else as the database tells it.
     */
    private static DatabaseMetaData telling(DatabaseMetaData real, DatabaseVersion found, Version version) {
        String text = found.text();
        Version v = found.version();
        String written = version.major() + "." + version.minor() + "." + version.patch();
        String full = v.major() + "." + v.minor() + "." + v.patch();
        String told = text.contains(full) ? text.replaceFirst(java.util.regex.Pattern.quote(full), written)
                : text.contains(v.toString()) ? text.replaceFirst(java.util.regex.Pattern.quote(v.toString()), written)
                : written;
        return (DatabaseMetaData) Proxy.newProxyInstance(DatabaseMetaData.class.getClassLoader(),
                new Class<?>[] {DatabaseMetaData.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getDatabaseProductVersion" -> told;
                    case "getDatabaseMajorVersion" -> version.major();
                    case "getDatabaseMinorVersion" -> version.minor();
                    default -> {
                        try {
                            yield method.invoke(real, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    }
                });
    }
}
