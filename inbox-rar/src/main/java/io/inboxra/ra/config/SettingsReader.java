package io.inboxra.ra.config;

import io.inboxra.dialect.TableSpec;

import java.sql.Connection;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads a subscription's activation config (property name to text) into
 * {@link SubscriptionSettings}, collecting every problem before it fails, so a user fixes
 * them all in one round.
 */
public final class SettingsReader {

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]{0,62}");
    private static final Pattern UNRESOLVED = Pattern.compile("\\$\\{(MPCONFIG|ENV|ALIAS)=");
    private static final Pattern TABLE = Pattern.compile(IDENTIFIER + "(\\." + IDENTIFIER + ")?");
    private static final String IDENTIFIER_RULE = "not a plain identifier (letters, digits, _ and $,"
            + " starting with a letter or _, at most 63 characters)";
    private static final Map<String, Integer> ISOLATIONS = Map.of(
            "READ_COMMITTED", Connection.TRANSACTION_READ_COMMITTED,
            "REPEATABLE_READ", Connection.TRANSACTION_REPEATABLE_READ,
            "SERIALIZABLE", Connection.TRANSACTION_SERIALIZABLE);

    private final Map<String, String> values;
    private final List<String> problems = new ArrayList<>();
    /** Properties already reported: checks that compare them would only repeat the problem. */
    private final java.util.Set<Property> invalid = java.util.EnumSet.noneOf(Property.class);

    private SettingsReader(Map<String, String> values) {
        this.values = values;
    }

    /**
     * Reads the settings.
     *
     * @param values property name to value; blank values count as absent
     * @param defaultName the name when the {@code name} property is absent
     * @return the settings
     * @throws InvalidSettingsException naming every property that is wrong
     */
    public static SubscriptionSettings read(Map<String, String> values, String defaultName)
            throws InvalidSettingsException {
        Map<String, String> present = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (v != null && !v.isBlank()) {
                present.put(k, v.trim());
            }
        });
        return new SettingsReader(present).read(defaultName);
    }

    private SubscriptionSettings read(String defaultName) throws InvalidSettingsException {
        String name = optional(Property.NAME).orElse(defaultName);
        values.forEach((key, value) -> {
            if (UNRESOLVED.matcher(value).find()) {
                problems.add("Property '" + key + "' is '" + Secrets.shown(key, value) + "': the server did not"
                        + " substitute the reference (Payara resolves ${MPCONFIG=...} in activation config from"
                        + " server-level sources only: system properties, environment variables, the domain's"
                        + " config); set the key there, or set inbox." + name + "." + key + " in the application's"
                        + " microprofile-config.properties instead.");
                invalid.add(Property.byKey(key).orElse(Property.NAME));
            }
        });
        TableSpec table = table();
        Optional<String> queue = optional(Property.QUEUE);
        if (queue.isPresent() && table.queueColumn().isEmpty()) {
            problems.add("Property 'queue' is '" + queue.get() + "' but 'queueColumn' is not set:"
                    + " name the column that holds each row's queue in 'queueColumn', or remove 'queue'.");
        }
        if (queue.isEmpty() && table.queueColumn().isPresent()) {
            problems.add("Property 'queueColumn' is '" + table.queueColumn().get() + "' but 'queue' is not set:"
                    + " name the queue this subscription claims in 'queue', or remove 'queueColumn'.");
        }
        if (table.lockedUntilColumn().isPresent() && table.advisoryLock().isPresent()) {
            problems.add("Properties 'lockedUntilColumn' ('" + table.lockedUntilColumn().get() + "') and"
                    + " 'advisoryLock' ('" + table.advisoryLock().get() + "') select two forms: keep"
                    + " 'lockedUntilColumn' for the lease form, or 'advisoryLock' for the advisory lock form.");
        }
        int workers = whole(Property.WORKERS, 1, Bounds.WORKERS);
        Duration lease = duration(Property.LEASE, Duration.ofSeconds(30), Bounds.LEASE);
        int batchSize = whole(Property.BATCH_SIZE, 1, Bounds.BATCH_SIZE);
        int connections = whole(Property.CONNECTIONS, 4, Bounds.CONNECTIONS);
        Duration inDoubtTimeout = duration(Property.IN_DOUBT_TIMEOUT, Duration.ofMinutes(5), Bounds.IN_DOUBT_TIMEOUT);
        java.util.OptionalInt maxAttempts = optional(Property.MAX_ATTEMPTS).isPresent()
                ? java.util.OptionalInt.of(whole(Property.MAX_ATTEMPTS, 1, Bounds.MAX_ATTEMPTS))
                : java.util.OptionalInt.empty();
        Duration retryDelay = duration(Property.RETRY_DELAY, Duration.ofSeconds(1), Bounds.RETRY_DELAY);
        Duration maxRetryDelay = duration(Property.MAX_RETRY_DELAY, Duration.ofMinutes(5), Bounds.RETRY_DELAY);
        Optional<Duration> retention = optional(Property.RETENTION)
                .map(v -> duration(Property.RETENTION, Duration.ofDays(7), Bounds.RETENTION));
        outcomes(table, maxAttempts, retryDelay, maxRetryDelay, retention);
        int maxPayloadBytes = whole(Property.MAX_PAYLOAD_BYTES, SubscriptionSettings.DEFAULT_MAX_PAYLOAD_BYTES,
                Bounds.MAX_PAYLOAD_BYTES);
        Duration poll = duration(Property.POLL_INTERVAL, Duration.ofSeconds(1), Bounds.POLL_INTERVAL);
        Duration maxPoll = duration(Property.MAX_POLL_INTERVAL, null, Bounds.POLL_INTERVAL);
        if (maxPoll == null) {
            maxPoll = poll.compareTo(Duration.ofSeconds(10)) > 0 ? poll : Duration.ofSeconds(10);
        } else if (maxPoll.compareTo(poll) < 0 && invalid.isEmpty()) {
            problems.add("Property 'maxPollInterval' is '" + maxPoll + "', shorter than 'pollInterval' ('"
                    + poll + "'): set it to at least the poll interval.");
        }
        int isolation = isolation();
        Optional<String> dialect = optional(Property.DIALECT);
        DataSourceSettings dataSource = dataSource();
        if (!problems.isEmpty()) {
            throw new InvalidSettingsException(name, problems);
        }
        return new SubscriptionSettings(name, table, queue, workers, poll, maxPoll, lease, batchSize,
                connections, inDoubtTimeout, maxAttempts, retryDelay, maxRetryDelay, retention, isolation, dialect,
                dataSource, maxPayloadBytes);
    }

    private TableSpec table() {
        Optional<String> table = optional(Property.TABLE);
        if (table.isEmpty()) {
            problems.add("Property 'table' is not set: name the inbox table, for example"
                    + " @ActivationConfigProperty(propertyName = \"table\", propertyValue = \"invoice_jobs\").");
        } else if (!TABLE.matcher(table.get()).matches()) {
            problems.add("Property 'table' is '" + table.get() + "': " + IDENTIFIER_RULE
                    + "; name the table (or schema.table) without quotes, spaces or semicolons.");
        }
        return TableSpec.builder(table.orElse("?"))
                .idColumn(column(Property.ID_COLUMN).orElse("id"))
                .payloadColumn(column(Property.PAYLOAD_COLUMN).orElse("payload"))
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
                .build();
    }

    private Optional<String> column(Property property) {
        Optional<String> value = optional(property);
        if (value.isPresent() && !IDENTIFIER.matcher(value.get()).matches()) {
            problems.add("Property '" + property.key() + "' is '" + value.get() + "': " + IDENTIFIER_RULE
                    + "; name the column without quotes, spaces or semicolons.");
        }
        return value;
    }

    /** What retries, attempts, dead letters and retention need of the table. */
    private void outcomes(TableSpec table, java.util.OptionalInt maxAttempts, Duration retryDelay,
            Duration maxRetryDelay, Optional<Duration> retention) {
        if (maxAttempts.isPresent() && table.attemptColumn().isEmpty()) {
            problems.add("Property 'maxAttempts' is '" + maxAttempts.getAsInt() + "' but 'attemptColumn' is not set:"
                    + " name the integer column that counts a row's failed deliveries in 'attemptColumn'.");
        }
        if (maxAttempts.isPresent() && table.deadLetterTable().isEmpty() && table.deadAtColumn().isEmpty()) {
            problems.add("Property 'maxAttempts' is '" + maxAttempts.getAsInt() + "' but rows have nowhere to go when"
                    + " it is reached: set 'deadLetterTable' (rows move there) or 'deadAtColumn' (rows are marked).");
        }
        if (table.deadLetterTable().isPresent() && table.deadAtColumn().isPresent()) {
            problems.add("Properties 'deadLetterTable' ('" + table.deadLetterTable().get() + "') and 'deadAtColumn' ('"
                    + table.deadAtColumn().get() + "') are two places for dead letters: keep one.");
        }
        for (Property backoff : List.of(Property.RETRY_DELAY, Property.MAX_RETRY_DELAY)) {
            if (optional(backoff).isPresent() && table.dueColumn().isEmpty()) {
                problems.add("Property '" + backoff.key() + "' is '" + optional(backoff).get() + "' but 'dueColumn' is"
                        + " not set: a retry waits by moving the row's due time; name that column in 'dueColumn'.");
            }
        }
        if (maxRetryDelay.compareTo(retryDelay) < 0 && invalid.isEmpty()) {
            problems.add("Property 'maxRetryDelay' is '" + maxRetryDelay + "', shorter than 'retryDelay' ('"
                    + retryDelay + "'): set it to at least the retry delay.");
        }
        if (retention.isPresent() && table.processedAtColumn().isEmpty()) {
            problems.add("Property 'retention' is '" + optional(Property.RETENTION).get() + "' but"
                    + " 'processedAtColumn' is not set: only rows marked processed are kept, and then deleted after"
                    + " their retention; set 'processedAtColumn', or remove 'retention'.");
        }
    }

    private Optional<String> tableName(Property property) {
        Optional<String> value = optional(property);
        if (value.isPresent() && !TABLE.matcher(value.get()).matches()) {
            problems.add("Property '" + property.key() + "' is '" + value.get() + "': " + IDENTIFIER_RULE
                    + "; name the table (or schema.table) without quotes, spaces or semicolons.");
        }
        return value;
    }

    /** A column, or columns joined by ||, + or , with parentheses (see {@link AdvisoryKey}). */
    private Optional<String> advisoryKey() {
        Optional<String> value = optional(Property.ADVISORY_LOCK);
        if (value.isPresent() && !AdvisoryKey.isValid(value.get())) {
            problems.add("Property 'advisoryLock' is '" + value.get() + "': it must be " + AdvisoryKey.RULE
                    + "; name the key column, for example advisoryLock=id, or join columns, for example"
                    + " advisoryLock=customer || order_no.");
        }
        return value;
    }

    private int whole(Property property, int fallback, Bounds.Whole bounds) {
        Optional<String> value = optional(property);
        if (value.isEmpty()) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(value.get());
            if (n >= bounds.min() && n <= bounds.max()) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below, with the fix
        }
        problems.add("Property '" + property.key() + "' is '" + value.get() + "': it must be a whole number from "
                + bounds.min() + " to " + bounds.max() + bounds.why() + "; set it within that range.");
        invalid.add(property);
        return fallback;
    }

    private Duration duration(Property property, Duration fallback, Bounds.Span bounds) {
        Optional<String> value = optional(property);
        if (value.isEmpty()) {
            return fallback;
        }
        Duration d;
        try {
            d = Duration.parse(value.get());
        } catch (DateTimeParseException e) {
            d = Duration.ZERO;
        }
        if (d.isNegative() || d.isZero()) {
            problems.add("Property '" + property.key() + "' is '" + value.get()
                    + "': it must be a positive ISO-8601 duration, for example PT1S or PT0.5S.");
        } else if (d.compareTo(bounds.min()) < 0 || d.compareTo(bounds.max()) > 0) {
            problems.add("Property '" + property.key() + "' is '" + value.get() + "': it must be from "
                    + bounds.minText() + " to " + bounds.maxText() + bounds.why() + "; set it within that range.");
        } else {
            return d;
        }
        invalid.add(property);
        return fallback;
    }

    private int isolation() {
        String value = optional(Property.ISOLATION).orElse("READ_COMMITTED");
        Integer level = ISOLATIONS.get(value.toUpperCase(java.util.Locale.ROOT));
        if (level == null) {
            problems.add("Property 'isolation' is '" + value + "': use READ_COMMITTED (recommended),"
                    + " REPEATABLE_READ or SERIALIZABLE.");
            return Connection.TRANSACTION_READ_COMMITTED;
        }
        return level;
    }

    private DataSourceSettings dataSource() {
        Optional<String> url = optional(Property.URL);
        Optional<String> properties = optional(Property.DATA_SOURCE_PROPERTIES);
        Map<String, String> parsed = new LinkedHashMap<>();
        properties.ifPresent(text -> {
            String[] pairs = text.split(";");
            boolean secret = java.util.Arrays.stream(pairs)
                    .anyMatch(pair -> Secrets.isSecretKey(pair.split("=", 2)[0]));
            for (int i = 0; i < pairs.length; i++) {
                String pair = pairs[i];
                if (pair.isBlank()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                if (eq <= 0 && secret) {
                    // Part of a secret may be in any pair (a password with a ';'): show none of them.
                    problems.add("Property 'dataSourceProperties' (not shown: it holds a secret) has a pair that is"
                            + " not key=value, the " + ordinal(i + 1) + "; write key=value pairs separated by ';'.");
                } else if (eq <= 0) {
                    problems.add("Property 'dataSourceProperties' is '" + text + "': '" + pair.trim()
                            + "' is not key=value; write key=value pairs separated by ';'.");
                } else {
                    parsed.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
                }
            }
        });
        Optional<String> dataSourceClass = optional(Property.DATA_SOURCE_CLASS);
        if (url.isEmpty() && parsed.isEmpty()) {
            problems.add("No database is set: give 'url' (for example jdbc:postgresql://localhost/app)"
                    + " on the activation or on the resource adapter, or 'dataSourceClass' with"
                    + " 'dataSourceProperties'.");
        }
        return new DataSourceSettings(dataSourceClass, url, optional(Property.USER),
                optional(Property.PASSWORD), parsed);
    }

    private static String ordinal(int n) {
        return n + (n % 100 / 10 == 1 ? "th" : switch (n % 10) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        });
    }

    private Optional<String> optional(Property property) {
        return Optional.ofNullable(values.get(property.key()));
    }
}
