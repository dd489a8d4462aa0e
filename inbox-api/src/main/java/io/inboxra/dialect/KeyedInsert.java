package io.inboxra.dialect;

import java.util.List;
import java.util.Objects;

/**
 * The insert of one row with a key that must be unique in its table ({@code SendOptions.key}, the
 * producer's {@code keyColumn}), for {@link Dialect#insertIfAbsent}. Names are SQL as the producer
 * writes them: plain identifiers, as the application gave them, unquoted (the database folds them
 * as it folds the application's own SQL).
 *
 * <pre>{@code
 * KeyedInsert insert = new KeyedInsert("payments_in", List.of("payload", "queue", "message_key"), "message_key");
 * String sql = dialect.insertIfAbsent(insert);   // binds payload, queue and message_key, in order
 * }</pre>
 *
 * @param table the table, optionally {@code schema.table}
 * @param columns the columns written, in the order their values are bound; the key column among them
 * @param keyColumn the key column, under a unique index of its own
 */
public record KeyedInsert(String table, List<String> columns, String keyColumn) {

    /** Checks that the key column is among the columns. */
    public KeyedInsert {
        Objects.requireNonNull(table, "table");
        columns = List.copyOf(columns);
        Objects.requireNonNull(keyColumn, "keyColumn");
        if (!columns.contains(keyColumn)) {
            throw new IllegalArgumentException("the key column '" + keyColumn + "' is not among the columns " + columns);
        }
    }

    /** @return the columns, comma separated */
    public String columnList() {
        return String.join(", ", columns);
    }

    /** @return one {@code ?} per column, comma separated */
    public String placeholders() {
        return String.join(", ", java.util.Collections.nCopies(columns.size(), "?"));
    }
}
