package io.inboxra.ra.outbound;

import io.inboxra.producer.InboxProducerException;
import io.inboxra.producer.SendOptions;
import io.inboxra.ra.trace.Telemetry;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The columns a producer writes, as the connection factory names them, and the INSERT for one
 * row. Names are written as given (the database folds them as it folds the application's own
 * SQL) and must be plain identifiers: the table comes from the caller at every send.
 *
 * @param payload the payload column
 * @param queue the queue column, if the factory names one
 * @param due the due column
 * @param priority the priority column
 * @param fifo the FIFO group column
 * @param key the key column ({@code SendOptions.key}), under a unique index
 * @param trace the trace column: each send writes the current trace context there, when a span is current
 * @param telemetry the server's OpenTelemetry, found when the factory names a trace column, else none
 */
record ProducerColumns(String payload, Optional<String> queue, Optional<String> due, Optional<String> priority,
        Optional<String> fifo, Optional<String> key, Optional<String> trace, Telemetry telemetry) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)?");

    /**
     * One row's insert: its table, columns and values in order, and its key, if the send has one.
     *
     * @param table the table, as the caller gave it
     * @param columns the columns, in the order of the values
     * @param values the values
     * @param keyColumn the key column, with a key
     * @param key the send's key
     */
    record Insert(String table, List<String> columns, List<Object> values, Optional<String> keyColumn,
            Optional<String> key) {

        /** @return the plain {@code INSERT} of a send without a key */
        String sql() {
            return "INSERT INTO " + table + " (" + String.join(", ", columns) + ") VALUES ("
                    + String.join(", ", java.util.Collections.nCopies(columns.size(), "?")) + ")";
        }

        /** @return what a dialect's insert-if-absent needs, for a send with a key */
        io.inboxra.dialect.KeyedInsert keyed() {
            return new io.inboxra.dialect.KeyedInsert(table, columns, keyColumn.orElseThrow());
        }
    }

    /**
     * @throws InboxProducerException naming the table or the option whose column is missing
     */
    Insert insert(String table, String payloadValue, SendOptions options) {
        if (table == null || !NAME.matcher(table).matches()) {
            throw new InboxProducerException("Cannot send to table '" + table + "': give the inbox table's name"
                    + " (letters, digits and '_', optionally schema.table)", null);
        }
        List<String> columns = new ArrayList<>(List.of(payload));
        List<Object> values = new ArrayList<>();
        values.add(payloadValue);
        options.queue().ifPresent(q -> add(columns, values, column(queue, "queueColumn", "a queue"), q));
        options.due().ifPresent(d -> add(columns, values, column(due, "dueColumn", "a due time"),
                java.sql.Timestamp.from(d)));
        if (options.priority().isPresent()) {
            add(columns, values, column(priority, "priorityColumn", "a priority"), options.priority().getAsInt());
        }
        options.fifoKey().ifPresent(f -> add(columns, values, column(fifo, "fifoColumn", "a FIFO key"), f));
        Optional<String> keyColumn = options.key().map(k -> column(key, "keyColumn", "a key"));
        keyColumn.ifPresent(k -> add(columns, values, k, options.key().get()));
        if (trace.isPresent()) {
            String context = currentContext();
            if (context != null) {
                add(columns, values, trace.get(), context);
            }
        }
        return new Insert(table, List.copyOf(columns), java.util.Collections.unmodifiableList(values), keyColumn,
                options.key());
    }

    /** The current trace context; a failure of the server's OpenTelemetry never fails a send: no context then. */
    private String currentContext() {
        try {
            return telemetry.currentContext();
        } catch (RuntimeException | LinkageError e) {
            System.getLogger(ProducerColumns.class.getName()).log(System.Logger.Level.WARNING, "Inbox producer: the"
                    + " current trace context could not be read (" + e + "); the row is sent without it", e);
            return null;
        }
    }

    private static void add(List<String> columns, List<Object> values, String column, Object value) {
        columns.add(column);
        values.add(value);
    }

    private static String column(Optional<String> column, String property, String what) {
        return column.orElseThrow(() -> new InboxProducerException("Cannot send " + what + ": the connection"
                + " factory names no column for it; set its property '" + property + "'", null));
    }

    /** Checks the names the factory was configured with. */
    static ProducerColumns of(String payload, String queue, String due, String priority, String fifo, String key,
            String trace) {
        Optional<String> traceColumn = optional("traceColumn", trace);
        return new ProducerColumns(checked("payloadColumn", payload == null || payload.isBlank() ? "payload" : payload),
                optional("queueColumn", queue), optional("dueColumn", due), optional("priorityColumn", priority),
                optional("fifoColumn", fifo), optional("keyColumn", key), traceColumn,
                traceColumn.isEmpty() ? Telemetry.NONE : Telemetry.find("The inbox producer factory", "traceColumn",
                        Thread.currentThread().getContextClassLoader()));
    }

    private static Optional<String> optional(String property, String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(checked(property, value));
    }

    private static String checked(String property, String value) {
        String name = value.trim();
        if (!NAME.matcher(name).matches() || name.contains(".")) {
            throw new IllegalArgumentException("The connection factory's property '" + property + "' is '" + value
                    + "': give a column name (letters, digits and '_')");
        }
        return name;
    }
}
