package io.inboxra.tck;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The dialect the kit checks, and the database it runs on: what a subscription's activation
 * config would name, and how to write the kit's table there.
 *
 * <pre>{@code
 * DialectUnderTest.of("com.example.SqlServerDialect", "jdbc:sqlserver://127.0.0.1:1433;databaseName=test",
 *         "sa", "secret", types)
 *     .with("dataSourceClass", "com.microsoft.sqlserver.jdbc.SQLServerXADataSource");
 * }</pre>
 *
 * @param dialect the {@code dialect} property: a built-in name or the class name of your dialect
 * @param url the JDBC URL; the kit connects with {@link DriverManager} to create its tables, and the
 *        adapter with the XA data source it picks for this URL (or {@code dataSourceClass})
 * @param user the database user, or null
 * @param password the password, or null
 * @param columns how the kit's table is written in this database's SQL
 * @param properties more activation config every case starts from ({@code dataSourceClass},
 *        {@code dataSourceProperties}, ...)
 */
public record DialectUnderTest(String dialect, String url, String user, String password, ColumnTypes columns,
        Map<String, String> properties) {

    /** Copies the properties. */
    public DialectUnderTest {
        properties = Map.copyOf(properties);
    }

    /**
     * @return the dialect on that database, with no further activation config
     */
    public static DialectUnderTest of(String dialect, String url, String user, String password, ColumnTypes columns) {
        return new DialectUnderTest(dialect, url, user, password, columns, Map.of());
    }

    /**
     * @param property an activation config property every case sets
     * @param value its value
     * @return this target with the property added
     */
    public DialectUnderTest with(String property, String value) {
        Map<String, String> more = new LinkedHashMap<>(properties);
        more.put(property, value);
        return new DialectUnderTest(dialect, url, user, password, columns, more);
    }

    /** @return a connection for the kit's own statements: tables, rows and counts */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url, user, password);
    }

    /**
     * @return the activation config a case starts from: this dialect and database, fast polling
     */
    Map<String, String> activation(String name, String table) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("name", name);
        p.put("table", table);
        p.put("dialect", dialect);
        p.put("url", url);
        if (user != null) {
            p.put("user", user);
        }
        if (password != null) {
            p.put("password", password);
        }
        p.put("pollInterval", "PT0.05S");
        p.put("maxPollInterval", "PT0.2S");
        p.putAll(properties);
        return p;
    }
}
