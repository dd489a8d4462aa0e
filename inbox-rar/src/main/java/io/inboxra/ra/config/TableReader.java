package io.inboxra.ra.config;

import io.inboxra.dialect.TableSpec;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads what a subscription claims: the table description (the table, its columns, the form
 * they select, where dead letters go) and the queue. Every name goes into SQL, so each must be
 * a plain identifier (or, for {@code advisoryLock}, an {@link AdvisoryKey}).
 */
final class TableReader {

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]{0,62}");
    private static final Pattern TABLE = Pattern.compile(IDENTIFIER + "(\\." + IDENTIFIER + ")?");
    private static final String IDENTIFIER_RULE = "not a plain identifier (letters, digits, _ and $,"
            + " starting with a letter or _, at most 63 characters)";

    private final ActivationValues values;

    private TableReader(ActivationValues values) {
        this.values = values;
    }

    /** @return the table description, as the user spelled it ({@code ?} for a table not set) */
    static TableSpec read(ActivationValues values) {
        return new TableReader(values).table();
    }

    /** @return the queue the subscription claims, after checking it goes with a queue column */
    static Optional<String> queue(ActivationValues values, TableSpec table) {
        Optional<String> queue = values.text(Property.QUEUE);
        if (queue.isPresent() && table.queueColumn().isEmpty()) {
            values.report("Property 'queue' is '" + queue.get() + "' but 'queueColumn' is not set:"
                    + " name the column that holds each row's queue in 'queueColumn', or remove 'queue'.");
        }
        if (queue.isEmpty() && table.queueColumn().isPresent()) {
            values.report("Property 'queueColumn' is '" + table.queueColumn().get() + "' but 'queue' is not set:"
                    + " name the queue this subscription claims in 'queue', or remove 'queueColumn'.");
        }
        return queue;
    }

    /** Reports a {@code groupConcurrency} without FIFO groups to apply to. */
    static void checkGroupConcurrency(ActivationValues values, TableSpec table) {
        Optional<String> set = values.text(Property.GROUP_CONCURRENCY);
        if (set.isEmpty()) {
            return;
        }
        if (table.fifoColumn().isEmpty()) {
            values.report("Property 'groupConcurrency' is '" + set.get() + "' but 'fifoColumn' is not set: it limits"
                    + " the rows of one FIFO group in work at once; name the group column in 'fifoColumn', or remove"
                    + " 'groupConcurrency'.");
        }
    }

    /** Reports a table description that selects both the lease and the advisory lock form. */
    static void checkOneForm(ActivationValues values, TableSpec table) {
        if (table.lockedUntilColumn().isPresent() && table.advisoryLock().isPresent()) {
            values.report("Properties 'lockedUntilColumn' ('" + table.lockedUntilColumn().get() + "') and"
                    + " 'advisoryLock' ('" + table.advisoryLock().get() + "') select two forms: keep"
                    + " 'lockedUntilColumn' for the lease form, or 'advisoryLock' for the advisory lock form.");
        }
    }

    private TableSpec table() {
        Optional<String> table = values.text(Property.TABLE);
        if (table.isEmpty()) {
            values.report("Property 'table' is not set: name the inbox table, for example"
                    + " @ActivationConfigProperty(propertyName = \"table\", propertyValue = \"invoice_jobs\").");
        }
        return TableSpec.builder(tableName(Property.TABLE).orElse("?"))
                .idColumn(column(Property.ID_COLUMN).orElse(Property.ID_COLUMN.defaultSetting()))
                .payloadColumn(column(Property.PAYLOAD_COLUMN).orElse(Property.PAYLOAD_COLUMN.defaultSetting()))
                .queueColumn(column(Property.QUEUE_COLUMN).orElse(null))
                .dueColumn(column(Property.DUE_COLUMN).orElse(null))
                .priorityColumn(column(Property.PRIORITY_COLUMN).orElse(null))
                .attemptColumn(column(Property.ATTEMPT_COLUMN).orElse(null))
                .processedAtColumn(column(Property.PROCESSED_AT_COLUMN).orElse(null))
                .lockedUntilColumn(column(Property.LOCKED_UNTIL_COLUMN).orElse(null))
                .advisoryLock(advisoryKey().orElse(null))
                .fifoColumn(column(Property.FIFO_COLUMN).orElse(null))
                .deadAtColumn(column(Property.DEAD_AT_COLUMN).orElse(null))
                .deadLetterTable(tableName(Property.DEAD_LETTER_TABLE).orElse(null))
                .keyColumn(column(Property.KEY_COLUMN).orElse(null))
                .groupConcurrency(values.whole(Property.GROUP_CONCURRENCY, Bounds.GROUP_CONCURRENCY))
                .traceColumn(column(Property.TRACE_COLUMN).orElse(null))
                .build();
    }

    private Optional<String> column(Property property) {
        return identifier(property, IDENTIFIER, "the column");
    }

    private Optional<String> tableName(Property property) {
        return identifier(property, TABLE, "the table (or schema.table)");
    }

    /** The property's value, reporting it when it does not match the rule for what it names. */
    private Optional<String> identifier(Property property, Pattern rule, String named) {
        Optional<String> value = values.text(property);
        if (value.isPresent() && !rule.matcher(value.get()).matches()) {
            values.report("Property '" + property.key() + "' is '" + value.get() + "': " + IDENTIFIER_RULE
                    + "; name " + named + " without quotes, spaces or semicolons.");
        }
        return value;
    }

    /** A column, or columns joined by ||, + or , with parentheses (see {@link AdvisoryKey}). */
    private Optional<String> advisoryKey() {
        Optional<String> value = values.text(Property.ADVISORY_LOCK);
        if (value.isPresent() && !AdvisoryKey.isValid(value.get())) {
            values.report("Property 'advisoryLock' is '" + value.get() + "': it must be " + AdvisoryKey.RULE
                    + "; name the key column, for example advisoryLock=id, or join columns, for example"
                    + " advisoryLock=customer || order_no.");
        }
        return value;
    }
}
