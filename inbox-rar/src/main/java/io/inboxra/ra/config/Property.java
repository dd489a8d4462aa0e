package io.inboxra.ra.config;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/**
 * Every activation config property of a subscription: its name, its default and what it
 * means. The activation spec, the settings reader and the README's property table all follow
 * this list (a test checks the README against it). The defaults here are the only ones: the
 * reader takes a property's default from its constant.
 */
public enum Property {
    NAME("name", "the MDB's class name", "the subscription's name: in logs and MicroProfile Config keys"),
    TABLE("table", null, "the inbox table (`schema.table` allowed); required"),
    ID_COLUMN("idColumn", "id", "the key; the claim order ends with it"),
    PAYLOAD_COLUMN("payloadColumn", "payload", "the bytes or text handed to the MDB"),
    QUEUE_COLUMN("queueColumn", null, "the column naming a row's queue, when several queues share the table"),
    QUEUE("queue", null, "the queue this subscription claims; needs `queueColumn`"),
    DUE_COLUMN("dueColumn", null, "rows due later than now (database time) are not claimed"),
    PRIORITY_COLUMN("priorityColumn", null, "claim order: priority (lower first), then due, then id"),
    ATTEMPT_COLUMN("attemptColumn", null, "the attempt counter handed to the MDB as `attempt()`"),
    PROCESSED_AT_COLUMN("processedAtColumn", null, "settle by setting this column instead of deleting; claims skip marked rows"),
    LOCKED_UNTIL_COLUMN("lockedUntilColumn", null, "selects the **lease** form: the lease's expiry is written here (`TIMESTAMPTZ`)"),
    ADVISORY_LOCK("advisoryLock", null, "selects the **advisory lock** form: the column whose value is locked, or columns joined by `\\|\\|`, `+` or `,` (with parentheses; no function calls)"),
    FIFO_COLUMN("fifoColumn", null, "FIFO groups: one row per group value in work at a time, in claim order"),
    DEAD_AT_COLUMN("deadAtColumn", null, "dead-lettered rows are marked here (database time) and skipped by claims"),
    DEAD_LETTER_TABLE("deadLetterTable", null, "dead-lettered rows move here: columns `id`, `payload`, `attempts`, `reason`, `dead_at` (and `queue` with `queueColumn`)"),
    MAX_ATTEMPTS("maxAttempts", "unlimited", "after this many failed deliveries (1 to 1000000) the row is dead-lettered; needs `attemptColumn` and a dead-letter place"),
    RETRY_DELAY("retryDelay", "PT1S", "backoff after the first failed delivery (PT0.001S to P365D); doubles with each attempt (needs `dueColumn`)"),
    MAX_RETRY_DELAY("maxRetryDelay", "PT5M", "the backoff grows up to this (at least `retryDelay`, at most P365D)"),
    MAX_PAYLOAD_BYTES("maxPayloadBytes", "16777216", "a row whose payload is larger (in bytes; 1 to 1073741824) is dead-lettered without being read; `batchSize` × `maxPayloadBytes` at most 1073741824 (when not set: 16777216, or 1073741824 ÷ `batchSize` if less)"),
    RETENTION("retention", null, "with `processedAtColumn`: marked rows older than this (PT1S to P3650D) are deleted, in small batches"),
    WORKERS("workers", "1", "deliveries in work at once (1 to 256); at most the server's MDB pool size"),
    LEASE("lease", "PT30S", "lease form: the lease's length (PT1S to PT24H); extended every third of it while the handler runs"),
    BATCH_SIZE("batchSize", "1", "rows one claim takes (1 to 1000), delivered and settled in one transaction in every form (see Batches); without a container transaction, one at a time"),
    CONNECTIONS("connections", "4", "lease form: the pool of connections for claims, lease extensions and settlements (1 to 256)"),
    IN_DOUBT_TIMEOUT("inDoubtTimeout", null, "off unless set: a last resort (PT1M to P30D) for a branch of this server's deliveries that its transaction manager prepared and then left undecided; once the transaction has been undecided this long, the resolver applies the outcome that the transaction manager reported for it. It never touches another server's branch (see In-doubt branches)"),
    POLL_INTERVAL("pollInterval", "PT1S", "idle wait after an empty claim (ISO-8601 duration, PT0.01S to PT1H)"),
    MAX_POLL_INTERVAL("maxPollInterval", "PT10S", "the idle wait doubles up to this (at least `pollInterval`, at most PT1H)"),
    CONNECT_TIMEOUT("connectTimeout", "PT10S", "the longest wait to connect and log in (PT1S to PT10M), on every connection the adapter opens; a database that is down or unreachable fails the attempt, and the worker retries with backoff"),
    NETWORK_TIMEOUT("networkTimeout", "PT30S", "the longest wait for any reply on an open connection (PT1S to PT1H; above `statementTimeout`): a connection that stops answering without being closed (a failover, a NAT or firewall dropping the flow) is closed and replaced; a listener's time does not count, only waits for the database"),
    STATEMENT_TIMEOUT("statementTimeout", "PT20S", "the longest any statement of the adapter's (claims, settlements, operators' reads) may run (PT1S to PT1H) before the database cancels it; a worker waiting for its database longer than this shows the subscription as `STALLED`"),
    NOTIFY_CHANNEL("notifyChannel", null, "PostgreSQL: the channel the subscription `LISTEN`s on (lower-case letters, digits and `_`); a notification wakes its idle workers at once, polling stays the safety net (see Wake-up)"),
    ISOLATION("isolation", "READ_COMMITTED", "isolation of the claim's transaction: READ_COMMITTED, REPEATABLE_READ or SERIALIZABLE"),
    DIALECT("dialect", "detected", "`postgres`, `mysql`, `mariadb`, `h2`, `sqlite`, or the class name of your own `io.inboxra.dialect.Dialect`"),
    DATA_SOURCE_CLASS("dataSourceClass", "from `url`", "the `javax.sql.XADataSource` class of the database"),
    URL("url", "adapter's", "the JDBC URL"),
    USER("user", "adapter's", "the database user"),
    PASSWORD("password", "adapter's", "the password; give it through MicroProfile Config, not an annotation"),
    DATA_SOURCE_PROPERTIES("dataSourceProperties", "adapter's", "more data source properties, `key=value;key=value`; values of keys with `password`, `secret`, `token` or `key` in them are never shown");

    private final String key;
    private final String defaultValue;
    private final String meaning;

    Property(String key, String defaultValue, String meaning) {
        this.key = key;
        this.defaultValue = defaultValue;
        this.meaning = meaning;
    }

    /** @return the property's name, as in {@code @ActivationConfigProperty(propertyName = ...)} */
    public String key() {
        return key;
    }

    /** @return the default, as the README states it; empty when there is none */
    public Optional<String> defaultValue() {
        return Optional.ofNullable(defaultValue);
    }

    /**
     * @return the default as the reader takes it, for a property whose default is a value (a
     *         name, a number, a duration, an isolation level), not a description ("unlimited",
     *         "detected", "adapter's")
     */
    String defaultSetting() {
        return defaultValue().orElseThrow(() -> new IllegalStateException("Property '" + key + "' has no default"));
    }

    /** @return the default, for a property whose default is a whole number */
    int wholeDefault() {
        return Integer.parseInt(defaultSetting());
    }

    /** @return the default, for a property whose default is an ISO-8601 duration */
    Duration durationDefault() {
        return Duration.parse(defaultSetting());
    }

    /** @return what the property means */
    public String meaning() {
        return meaning;
    }

    /**
     * @param key a property name
     * @return the property of that name
     */
    public static Optional<Property> byKey(String key) {
        return Arrays.stream(values()).filter(p -> p.key.equals(key)).findFirst();
    }
}
