package io.inboxra.ra.dialect;

import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Form;

import java.lang.reflect.InvocationTargetException;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Finds a subscription's dialect: a built-in one by name, an application's own by class
 * name (from the MDB's class loader, then the adapter's), or the built-in one that matches
 * the database's product name.
 */
public final class Dialects {

    private static final String SKIP_LOCKED = "FOR UPDATE SKIP LOCKED";

    private static final Map<String, Supplier<Dialect>> BUILT_IN = Map.of(
            PostgresDialect.NAME, PostgresDialect::new,
            MySqlDialect.NAME, MySqlDialect::new,
            MariaDbDialect.NAME, MariaDbDialect::new,
            H2Dialect.NAME, H2Dialect::new,
            SqliteDialect.NAME, SqliteDialect::new);

    /** The built-in dialects' default drivers, by which a URL names its data source class. */
    private static final List<DefaultDriver> DRIVERS = List.of(PostgresDialect.DRIVER, MySqlDialect.DRIVER,
            MariaDbDialect.DRIVER, H2Dialect.DRIVER, SqliteDialect.DRIVER);

    private Dialects() {
    }

    /**
     * The data source class of the built-in dialect's driver that accepts the URL.
     *
     * @param url a JDBC URL
     * @return the {@link javax.sql.XADataSource} class name, or empty for a URL no built-in dialect's driver takes
     */
    public static Optional<String> xaDataSourceClass(String url) {
        return DRIVERS.stream().filter(d -> url.startsWith(d.urlPrefix())).map(DefaultDriver::xaDataSource).findFirst();
    }

    /**
     * Resolves the dialect.
     *
     * @param property the {@code dialect} property, or empty to detect it
     * @param metadata the database's metadata, for detection
     * @param endpointLoader the MDB's class loader
     * @return the dialect
     * @throws DialectException saying which property value is wrong and how to fix it
     */
    public static Dialect resolve(Optional<String> property, DatabaseMetaData metadata,
            ClassLoader endpointLoader) throws DialectException, SQLException {
        if (property.isEmpty()) {
            return detect(metadata);
        }
        String value = property.get();
        Supplier<Dialect> builtIn = BUILT_IN.get(value.toLowerCase(Locale.ROOT));
        if (builtIn != null) {
            return builtIn.get();
        }
        if (!value.contains(".")) {
            throw new DialectException("Property 'dialect' is '" + value + "': not a built-in dialect ("
                    + String.join(", ", BUILT_IN.keySet().stream().sorted().toList())
                    + ") nor a class name; name a built-in dialect, the fully qualified class of your"
                    + " own io.inboxra.dialect.Dialect, or remove 'dialect' to detect it.");
        }
        return instantiate(value, endpointLoader);
    }

    /**
     * Checks that the dialect can claim in the table's form.
     *
     * @param dialect the dialect
     * @param form the table's form
     * @throws DialectException when it cannot
     */
    public static void requireForm(Dialect dialect, Form form) throws DialectException {
        if (!dialect.forms().contains(form)) {
            throw new DialectException("Dialect '" + dialect.name() + "' cannot claim in the " + form
                    + " form (it offers " + dialect.forms() + "): choose a form it offers, or a dialect"
                    + " that implements the " + form + " capability.");
        }
    }

    /**
     * Checks that the dialect can claim in the table's form on this database: its capability
     * ({@link #requireForm(Dialect, Form)}), and the database's version where a built-in dialect's
     * form needs a later one than the dialect itself. PostgreSQL's lease claim fences its
     * {@code LIMIT} with {@code WITH ... AS MATERIALIZED}, PostgreSQL 12's.
     *
     * @param dialect the dialect
     * @param form the table's form
     * @param metadata the database's metadata
     * @throws DialectException when it cannot, naming the form, the version and the fix
     */
    public static void requireForm(Dialect dialect, Form form, DatabaseMetaData metadata)
            throws DialectException, SQLException {
        requireForm(dialect, form);
        if (dialect instanceof PostgresDialect && form == Form.LEASE
                && metadata.getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgresql")
                && metadata.getDatabaseMajorVersion() < PostgresDialect.LEASE_SINCE) {
            throw new DialectException("The database is PostgreSQL " + metadata.getDatabaseProductVersion()
                    + ": the postgres dialect's LEASE form (selected by 'lockedUntilColumn') needs PostgreSQL "
                    + PostgresDialect.LEASE_SINCE + " or later (its claim uses WITH ... AS MATERIALIZED); upgrade"
                    + " the database, or claim in the ROW_LOCK form (remove 'lockedUntilColumn') or the ADVISORY"
                    + " form ('advisoryLock'), which need PostgreSQL 9.5.");
        }
    }

    private static Dialect detect(DatabaseMetaData metadata) throws DialectException, SQLException {
        String product = metadata.getDatabaseProductName();
        String version = metadata.getDatabaseProductVersion();
        String lower = product.toLowerCase(Locale.ROOT);
        if (lower.contains("postgresql")) {
            requireVersion(product, version, metadata.getDatabaseMajorVersion(), metadata.getDatabaseMinorVersion(), 0,
                    new int[] {9, 5, 0}, PostgresDialect.NAME, SKIP_LOCKED);
            return new PostgresDialect();
        }
        // MySQL Connector/J names MariaDB "MySQL", with a version such as 5.5.5-10.11.6-MariaDB.
        if (lower.contains("mariadb") || version.contains("MariaDB")) {
            int[] found = numbers(version.replaceFirst("^5\\.5\\.5-", ""));
            requireVersion("MariaDB", version, found[0], found[1], found[2], new int[] {10, 6, 0}, MariaDbDialect.NAME, SKIP_LOCKED);
            return new MariaDbDialect();
        }
        if (lower.equals("mysql")) {
            int[] found = numbers(version);
            requireVersion(product, version, found[0], found[1], found[2], new int[] {8, 0, 1}, MySqlDialect.NAME, SKIP_LOCKED);
            return new MySqlDialect();
        }
        if (lower.equals("h2")) {
            int[] found = numbers(version);
            requireVersion(product, version, found[0], found[1], found[2], new int[] {2, 2, 220}, H2Dialect.NAME, SKIP_LOCKED);
            return new H2Dialect();
        }
        if (lower.equals("sqlite")) {
            int[] found = numbers(version);
            requireVersion(product, version, found[0], found[1], found[2], new int[] {3, 35, 0}, SqliteDialect.NAME,
                    "UPDATE ... RETURNING");
            return new SqliteDialect();
        }
        throw new DialectException("The database is " + product + " " + metadata.getDatabaseProductVersion()
                + ", which no built-in dialect serves: set 'dialect' to the class name of your own"
                + " io.inboxra.dialect.Dialect.");
    }

    /** The claims need a feature (FOR UPDATE SKIP LOCKED): refuse a database older than the first version with it. */
    private static void requireVersion(String product, String version, int major, int minor, int patch, int[] needed,
            String dialect, String feature) throws DialectException {
        int[] found = {major, minor, patch};
        for (int i = 0; i < 3; i++) {
            if (found[i] != needed[i]) {
                if (found[i] < needed[i]) {
                    throw new DialectException("The database is " + product + " " + version + ": the " + dialect
                            + " dialect needs " + needed[0] + "." + needed[1] + (needed[2] > 0 ? "." + needed[2] : "")
                            + " or later (the first with " + feature + "); upgrade the database.");
                }
                return;
            }
        }
    }

    /** The first three numbers of a version text: "2.2.224 (2023-09-17)" gives 2, 2, 224. */
    static int[] numbers(String version) {
        int[] numbers = new int[3];
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\d+").matcher(version);
        for (int i = 0; i < 3 && m.find(); i++) {
            numbers[i] = Integer.parseInt(m.group());
        }
        return numbers;
    }

    private static Dialect instantiate(String className, ClassLoader endpointLoader) throws DialectException {
        Class<?> type = load(className, endpointLoader);
        if (!Dialect.class.isAssignableFrom(type)) {
            throw new DialectException("Property 'dialect' is '" + className + "': that class does not"
                    + " implement io.inboxra.dialect.Dialect; implement it (and the capability of the"
                    + " subscription's form, such as io.inboxra.dialect.RowLock).");
        }
        try {
            return (Dialect) type.getConstructor().newInstance();
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new DialectException("Property 'dialect' is '" + className + "': the class has no public"
                    + " no-argument constructor; add one.");
        } catch (InstantiationException | InvocationTargetException e) {
            Throwable cause = e instanceof InvocationTargetException ite ? ite.getCause() : e;
            throw new DialectException("Property 'dialect' is '" + className + "': its constructor failed ("
                    + cause + "); fix the dialect's constructor.");
        }
    }

    private static Class<?> load(String className, ClassLoader endpointLoader) throws DialectException {
        for (ClassLoader loader : new ClassLoader[] {endpointLoader, Dialects.class.getClassLoader()}) {
            if (loader == null) {
                continue;
            }
            try {
                return Class.forName(className, true, loader);
            } catch (ClassNotFoundException e) {
                // try the next loader; reported below when none has it
            }
        }
        throw new DialectException("Property 'dialect' is '" + className + "': no such class in the"
                + " application or the adapter; check the name, and package the class with the MDB.");
    }

    /** A dialect that cannot be had, with the message that says why and how to fix it. */
    public static final class DialectException extends Exception {
        private static final long serialVersionUID = 1L;

        DialectException(String message) {
            super(message);
        }
    }
}
