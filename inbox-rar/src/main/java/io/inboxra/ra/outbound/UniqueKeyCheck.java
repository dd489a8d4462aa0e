package io.inboxra.ra.outbound;

import io.inboxra.producer.InboxProducerException;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks, once per table, that the producer's key column has a unique index of its own, before
 * the first send with a key: without one, a key sent twice would be inserted twice (MySQL), or
 * the insert would fail in a way that names no property (PostgreSQL's {@code ON CONFLICT}). It
 * reads the database's metadata; a table or column the metadata does not show is left to the
 * insert, which names it.
 */
final class UniqueKeyCheck {

    private final String keyColumn;
    private final Set<String> checked = ConcurrentHashMap.newKeySet();

    UniqueKeyCheck(String keyColumn) {
        this.keyColumn = keyColumn;
    }

    /**
     * @param connection the producer's connection
     * @param table the table as the caller gave it
     * @throws InboxProducerException naming {@code keyColumn}, its value, the table and the index to create
     */
    void require(Connection connection, String table) throws SQLException {
        String key = table.toLowerCase(Locale.ROOT);
        if (checked.contains(key)) {
            return;
        }
        DatabaseMetaData metadata = connection.getMetaData();
        String[] parts = table.split("\\.");
        String schema = parts.length == 2 ? parts[0] : null;
        String name = parts[parts.length - 1];
        for (String[] spelling : spellings(schema, name)) {
            Map<String, List<String>> unique = uniqueIndexes(connection, metadata, spelling[0], spelling[1]);
            if (unique.values().stream().anyMatch(c -> c.size() == 1 && c.get(0).equalsIgnoreCase(keyColumn))) {
                checked.add(key);
                return;
            }
            if (hasColumn(connection, metadata, spelling[0], spelling[1])) {
                throw new InboxProducerException("Inbox producer: the connection factory's property 'keyColumn' is '"
                        + keyColumn + "', but table '" + table + "' has no unique index on " + keyColumn
                        + " alone, so a key sent twice would not be refused: create one, e.g. CREATE UNIQUE INDEX "
                        + name + "_" + keyColumn + " ON " + table + " (" + keyColumn + ")", null);
            }
        }
        // Neither the table nor the column is in the metadata as spelled: the insert names what is wrong.
    }

    private static List<String[]> spellings(String schema, String name) {
        Set<List<String>> seen = new LinkedHashSet<>();
        seen.add(java.util.Arrays.asList(schema, name));
        seen.add(java.util.Arrays.asList(schema == null ? null : schema.toLowerCase(Locale.ROOT), name.toLowerCase(Locale.ROOT)));
        seen.add(java.util.Arrays.asList(schema == null ? null : schema.toUpperCase(Locale.ROOT), name.toUpperCase(Locale.ROOT)));
        List<String[]> spellings = new ArrayList<>();
        for (List<String> s : seen) {
            spellings.add(new String[] {s.get(0), s.get(1)});
        }
        return spellings;
    }

    /** The table's unique indexes, each its columns in order. */
    private static Map<String, List<String>> uniqueIndexes(Connection connection, DatabaseMetaData metadata,
            String schema, String table) throws SQLException {
        Map<String, List<String>> indexes = new HashMap<>();
        for (String[] place : places(connection, schema)) {
            try (ResultSet rs = metadata.getIndexInfo(place[0], place[1], table, true, true)) {
                while (rs.next()) {
                    String index = rs.getString("INDEX_NAME");
                    String column = rs.getString("COLUMN_NAME");
                    if (index != null && column != null && !rs.getBoolean("NON_UNIQUE")) {
                        indexes.computeIfAbsent(index, i -> new ArrayList<>()).add(column);
                    }
                }
            }
            if (!indexes.isEmpty()) {
                break;
            }
        }
        return indexes;
    }

    private boolean hasColumn(Connection connection, DatabaseMetaData metadata, String schema, String table)
            throws SQLException {
        for (String[] place : places(connection, schema)) {
            try (ResultSet rs = metadata.getColumns(place[0], place[1], table, null)) {
                while (rs.next()) {
                    if (keyColumn.equalsIgnoreCase(rs.getString("COLUMN_NAME"))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * Where to look, as catalog and schema: the schema as a schema (PostgreSQL, H2) or as a
     * catalog (MySQL and MariaDB call a database a catalog); unqualified, the connection's own.
     */
    private static List<String[]> places(Connection connection, String schema) throws SQLException {
        if (schema != null) {
            return List.of(new String[] {null, schema}, new String[] {schema, null});
        }
        return List.<String[]>of(new String[] {connection.getCatalog(), connection.getSchema()});
    }
}
