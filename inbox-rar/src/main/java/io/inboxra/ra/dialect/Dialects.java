package io.inboxra.ra.dialect;

import io.inboxra.ra.dialect.common.DefaultDriver;
import io.inboxra.ra.dialect.common.EngineRefusal;

import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.Notifications;
import io.inboxra.dialect.UnsupportedVersionException;
import io.inboxra.ra.dialect.mysql.MariaDbDialect;
import io.inboxra.ra.dialect.mysql.MySqlDialect;
import io.inboxra.ra.dialect.postgres.PostgresDialect;

import java.lang.reflect.InvocationTargetException;
import java.sql.Connection;
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
 * the database's product name (which must then serve the database's version: each dialect
 * knows its minimums, {@link Dialect#requireVersion}). Checks, at activation, what the
 * subscription asks of its dialect: the form's capability, the database's version, the
 * wake-up's.
 */
public final class Dialects {

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
     * ({@link #requireForm(Dialect, Form)}), and the database's version, which the dialect checks
     * itself ({@link Dialect#requireVersion}: the built-in postgres dialect's lease form, for one,
     * needs PostgreSQL 12).
     *
     * @param dialect the dialect
     * @param form the table's form
     * @param metadata the database's metadata
     * @throws DialectException when it cannot, naming the form, the version and the fix
     */
    public static void requireForm(Dialect dialect, Form form, DatabaseMetaData metadata)
            throws DialectException, SQLException {
        requireForm(dialect, form);
        try {
            dialect.requireVersion(metadata, form);
        } catch (UnsupportedVersionException e) {
            throw new DialectException(e.getMessage());
        }
    }

    /**
     * Checks that a subscription with a {@code notifyChannel} can be woken: its dialect has the
     * capability ({@link Notifications}) and its connection can wait for notifications.
     *
     * @param dialect the subscription's dialect
     * @param channel the {@code notifyChannel} property
     * @param connection a connection of the subscription's data source
     * @return the dialect's notifications
     * @throws DialectException when it cannot, naming the dialect and the fix
     */
    public static Notifications requireNotifications(Dialect dialect, String channel, Connection connection)
            throws DialectException, SQLException {
        if (dialect instanceof Notifications notifications && notifications.canListen(connection)) {
            return notifications;
        }
        throw new DialectException("Property 'notifyChannel' is '" + channel + "', but the database (dialect '"
                + dialect.name() + "') has no LISTEN: only PostgreSQL, through the PostgreSQL driver the adapter"
                + " bundles, wakes a subscription by notification; remove 'notifyChannel' (the subscription polls"
                + " every pollInterval up to maxPollInterval).");
    }

    /**
     * Refuses, before any dialect is resolved and whichever the subscription names, an engine that
     * speaks a built-in dialect's protocol but cannot keep the adapter's promise: the built-in
     * dialect of the database's product tells ({@link EngineRefusal}).
     *
     * @param connection the activation check's connection
     * @param where the database, as messages describe it
     * @throws DialectException naming the engine, why it cannot work and the fix
     */
    public static void refuseUnworkableEngine(Connection connection, String where) throws DialectException,
            SQLException {
        Optional<Dialect> builtIn = builtInOf(connection.getMetaData());
        if (builtIn.isPresent() && builtIn.get() instanceof EngineRefusal engines) {
            Optional<String> refusal = engines.refusal(connection, where);
            if (refusal.isPresent()) {
                throw new DialectException(refusal.get());
            }
        }
    }

    /** The built-in dialect of the database's product, if it serves the database's version. */
    private static Dialect detect(DatabaseMetaData metadata) throws DialectException, SQLException {
        Optional<Dialect> dialect = builtInOf(metadata);
        if (dialect.isEmpty()) {
            throw new DialectException("The database is " + metadata.getDatabaseProductName() + " "
                    + metadata.getDatabaseProductVersion() + ", which no built-in dialect serves: set 'dialect' to"
                    + " the class name of your own io.inboxra.dialect.Dialect.");
        }
        requireServed(dialect.get(), metadata);
        return dialect.get();
    }

    /** The built-in dialect of the database's product, whatever its version. */
    private static Optional<Dialect> builtInOf(DatabaseMetaData metadata) throws SQLException {
        String product = metadata.getDatabaseProductName();
        String version = metadata.getDatabaseProductVersion();
        String lower = product.toLowerCase(Locale.ROOT);
        if (lower.contains("postgresql")) {
            return Optional.of(new PostgresDialect());
        } else if (lower.contains("mariadb") || version.contains("MariaDB")) {
            // MySQL Connector/J names MariaDB "MySQL", with a version such as 5.5.5-10.11.6-MariaDB.
            return Optional.of(new MariaDbDialect());
        } else if (lower.equals("mysql")) {
            return Optional.of(new MySqlDialect());
        } else if (lower.equals("h2")) {
            return Optional.of(new H2Dialect());
        } else if (lower.equals("sqlite")) {
            return Optional.of(new SqliteDialect());
        }
        return Optional.empty();
    }

    /**
     * Refuses a database the dialect serves in none of its forms: too old for all of them. The
     * refusal is that of its first form (the row lock form where it has one).
     */
    private static void requireServed(Dialect dialect, DatabaseMetaData metadata) throws DialectException, SQLException {
        UnsupportedVersionException first = null;
        for (Form form : dialect.forms()) {
            try {
                dialect.requireVersion(metadata, form);
                return;
            } catch (UnsupportedVersionException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw new DialectException(first.getMessage());
        }
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
