package io.inboxra.ra.subscription.check;

import io.inboxra.dialect.DeadLetterColumns;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.config.Secrets;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Checks a table description against the database's metadata before any row moves, and
 * returns it with every name spelled as the database stores it (PostgreSQL folds unquoted
 * names to lower case, H2 to upper case; the dialects quote, so the spelling must match).
 */
public final class TableCheck {

    private TableCheck() {
    }

    /**
     * @param connection a connection to the subscription's database
     * @param spec the table description, as the user spelled it
     * @return the description with the stored spelling of the table and every column
     * @throws TableException naming the missing table or column and the fix
     */
    public static TableSpec check(Connection connection, TableSpec spec) throws TableException, SQLException {
        DatabaseMetaData metadata = connection.getMetaData();
        Optional<FoundTable> found = find(connection, metadata, spec.table());
        if (found.isEmpty()) {
            throw new TableException("Table '" + spec.table() + "' (property 'table') does not exist in the"
                    + " database at " + withoutParameters(metadata.getURL()) + " for user " + metadata.getUserName()
                    + ": create it before the subscription starts, or correct 'table'.");
        }
        Map<String, String> columns = found.get().columns();
        List<String> problems = new ArrayList<>();
        TableSpec.Builder resolved = spec.toBuilder().table(found.get().storedName())
                .idColumn(resolve(columns, "idColumn", spec.idColumn(), spec, problems))
                .payloadColumn(resolve(columns, "payloadColumn", spec.payloadColumn(), spec, problems))
                .queueColumn(resolve(columns, "queueColumn", spec.queueColumn(), spec, problems))
                .dueColumn(resolve(columns, "dueColumn", spec.dueColumn(), spec, problems))
                .priorityColumn(resolve(columns, "priorityColumn", spec.priorityColumn(), spec, problems))
                .attemptColumn(resolve(columns, "attemptColumn", spec.attemptColumn(), spec, problems))
                .processedAtColumn(resolve(columns, "processedAtColumn", spec.processedAtColumn(), spec, problems))
                .lockedUntilColumn(resolve(columns, "lockedUntilColumn", spec.lockedUntilColumn(), spec, problems))
                .fifoColumn(resolve(columns, "fifoColumn", spec.fifoColumn(), spec, problems))
                .deadAtColumn(resolve(columns, "deadAtColumn", spec.deadAtColumn(), spec, problems))
                .keyColumn(resolve(columns, "keyColumn", spec.keyColumn(), spec, problems))
                .traceColumn(resolve(columns, "traceColumn", spec.traceColumn(), spec, problems));
        if (spec.deadLetterTable().isPresent()) {
            FoundTable deadLetters = deadLetters(connection, metadata, spec, problems);
            // The key goes with a dead letter where its table has a column of the key column's name.
            String key = spec.keyColumn().map(k -> deadLetters.columns().get(k.toLowerCase(Locale.ROOT))).orElse(null);
            resolved.deadLetterTable(deadLetters.storedName()).deadLetterColumns(deadLetterColumns(deadLetters).withKey(key));
        }
        // A plain column as the advisory key is checked like the others; an expression is the database's to check.
        spec.advisoryLock().filter(key -> key.matches("[A-Za-z_][A-Za-z0-9_$]*"))
                .ifPresent(key -> resolved.advisoryLock(resolve(columns, "advisoryLock", key, spec, problems)));
        if (!problems.isEmpty()) {
            throw new TableException(String.join(" ", problems));
        }
        return resolved.build();
    }

    /** The dead-letter columns as the database spells them (H2 stores unquoted names in upper case). */
    private static DeadLetterColumns deadLetterColumns(FoundTable table) {
        DeadLetterColumns standard = DeadLetterColumns.STANDARD;
        Map<String, String> stored = table.columns();
        return new DeadLetterColumns(stored.getOrDefault(standard.id(), standard.id()),
                stored.getOrDefault(standard.queue(), standard.queue()),
                stored.getOrDefault(standard.payload(), standard.payload()),
                stored.getOrDefault(standard.attempts(), standard.attempts()),
                stored.getOrDefault(standard.reason(), standard.reason()),
                stored.getOrDefault(standard.deadAt(), standard.deadAt()));
    }

    /** The dead-letter table as found, after checking it has the columns a dead letter fills. */
    private static FoundTable deadLetters(Connection connection, DatabaseMetaData metadata, TableSpec spec,
            List<String> problems) throws SQLException {
        String name = spec.deadLetterTable().orElseThrow();
        Optional<FoundTable> found = find(connection, metadata, name);
        if (found.isEmpty()) {
            problems.add("Table '" + name + "' (property 'deadLetterTable') does not exist: create it with the columns"
                    + " id, payload, attempts, reason, dead_at" + (spec.queueColumn().isPresent() ? ", queue" : "")
                    + " before the subscription starts, or correct 'deadLetterTable'.");
            return new FoundTable(name, Map.of());
        }
        Map<String, String> columns = found.get().columns();
        List<String> needed = new ArrayList<>(List.of("id", "payload", "attempts", "reason", "dead_at"));
        if (spec.queueColumn().isPresent()) {
            needed.add("queue");
        }
        List<String> missing = needed.stream().filter(c -> !columns.containsKey(c)).toList();
        if (!missing.isEmpty()) {
            problems.add("Table '" + name + "' (property 'deadLetterTable') lacks the column(s) " + String.join(", ", missing)
                    + " that a dead letter fills (it has " + String.join(", ", columns.values()) + "): add them.");
        }
        return found.get();
    }

    /**
     * The URL without its query (some drivers append every connection parameter), and without
     * the secrets of what remains (user info, {@code ;password=}).
     */
    private static String withoutParameters(String url) {
        // Masked first: a user info password may hold a '?'.
        String masked = Secrets.maskUrl(url);
        int query = masked == null ? -1 : masked.indexOf('?');
        return query < 0 ? masked : masked.substring(0, query);
    }

    private static String resolve(Map<String, String> columns, String property, Optional<String> column,
            TableSpec spec, List<String> problems) {
        return column.map(c -> resolve(columns, property, c, spec, problems)).orElse(null);
    }

    private static String resolve(Map<String, String> columns, String property, String column, TableSpec spec,
            List<String> problems) {
        String stored = columns.get(column.toLowerCase(Locale.ROOT));
        if (stored == null) {
            problems.add("Column '" + column + "' (property '" + property + "') does not exist in table '"
                    + spec.table() + "', which has " + String.join(", ", columns.values())
                    + ": add the column, or set '" + property + "' to one of those.");
            return column;
        }
        return stored;
    }

    /**
     * A table as the database's metadata shows it.
     *
     * @param storedName the table's name as stored, with its schema or database when the user
     *        qualified it
     * @param columns lower-cased column name to stored column name, in the table's order
     */
    private record FoundTable(String storedName, Map<String, String> columns) {
    }

    /**
     * The table, trying the spellings a database may have stored; empty when no such table is
     * visible.
     *
     * @param name {@code table} or {@code schema.table}, as the user spelled it
     */
    private static Optional<FoundTable> find(Connection connection, DatabaseMetaData metadata, String name)
            throws SQLException {
        String[] parts = name.split("\\.");
        Optional<String> qualifier = parts.length == 2 ? Optional.of(parts[0]) : Optional.empty();
        String table = parts[parts.length - 1];
        String catalog = connection.getCatalog();
        String schema = connection.getSchema();
        List<String[]> scopes = new ArrayList<>();
        if (qualifier.isPresent()) {
            scopes.add(new String[] {catalog, qualifier.get()});   // schema.table
            scopes.add(new String[] {qualifier.get(), null});      // database.table (MySQL, MariaDB)
        } else {
            scopes.add(new String[] {catalog, schema});
        }
        for (String[] scope : scopes) {
            for (String spelling : List.of(table, table.toLowerCase(Locale.ROOT), table.toUpperCase(Locale.ROOT))) {
                for (String schemaSpelling : schemaSpellings(scope[1])) {
                    Optional<FoundTable> found = find(metadata, scope[0], schemaSpelling, spelling,
                            qualifier.isPresent());
                    if (found.isPresent()) {
                        return found;
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static List<String> schemaSpellings(String schema) {
        if (schema == null) {
            return java.util.Collections.singletonList(null);
        }
        return List.of(schema, schema.toLowerCase(Locale.ROOT), schema.toUpperCase(Locale.ROOT));
    }

    /**
     * The table in exactly this catalog and schema. {@code getColumns} takes LIKE patterns for the
     * schema and the table, where {@code _} matches any character ({@code tenant_1} would match
     * {@code tenant11}): both go escaped, and every row is compared exactly besides.
     */
    private static Optional<FoundTable> find(DatabaseMetaData metadata, String catalog, String schema,
            String table, boolean qualified) throws SQLException {
        String escape = metadata.getSearchStringEscape();
        String storedName = null;
        Map<String, String> columns = new LinkedHashMap<>();
        try (ResultSet rs = metadata.getColumns(catalog, pattern(schema, escape), pattern(table, escape), "%")) {
            while (rs.next()) {
                if (!rs.getString("TABLE_NAME").equals(table)
                        || (schema != null && !schema.equals(rs.getString("TABLE_SCHEM")))
                        || (catalog != null && rs.getString("TABLE_CAT") != null
                                && !catalog.equals(rs.getString("TABLE_CAT")))) {
                    continue;
                }
                String owner = schema != null ? schema : rs.getString("TABLE_CAT");
                if (storedName == null) {
                    storedName = qualified ? owner + "." + table : table;
                }
                String column = rs.getString("COLUMN_NAME");
                columns.put(column.toLowerCase(Locale.ROOT), column);
            }
        }
        return storedName == null ? Optional.empty() : Optional.of(new FoundTable(storedName, columns));
    }

    /** A name as a metadata pattern that matches only itself. */
    private static String pattern(String name, String escape) {
        if (name == null || escape == null || escape.isEmpty()) {
            return name;
        }
        return name.replace(escape, escape + escape).replace("_", escape + "_").replace("%", escape + "%");
    }

    /** A table or column that is not there, with the message that says how to fix it. */
    public static final class TableException extends Exception {
        private static final long serialVersionUID = 1L;

        TableException(String message) {
            super(message);
        }
    }
}
