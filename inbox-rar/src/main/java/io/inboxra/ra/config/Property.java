package io.inboxra.ra.config;

import java.time.Duration;
import java.util.Optional;

/**
 * Every activation config property of a subscription: its name and its default. The
 * activation spec, the settings reader and the documented property table all follow this list
 * (a test checks the table against it). The defaults here are the only ones: the
 * reader takes a property's default from its constant.
 */
public enum Property {
    NAME("name", "the MDB's class name"),
    TABLE("table", null),
    ID_COLUMN("idColumn", "id"),
    PAYLOAD_COLUMN("payloadColumn", "payload"),
    QUEUE_COLUMN("queueColumn", null),
    QUEUE("queue", null),
    DUE_COLUMN("dueColumn", null),
    PRIORITY_COLUMN("priorityColumn", null),
    ATTEMPT_COLUMN("attemptColumn", null),
    PROCESSED_AT_COLUMN("processedAtColumn", null),
    LOCKED_UNTIL_COLUMN("lockedUntilColumn", null),
    ADVISORY_LOCK("advisoryLock", null),
    FIFO_COLUMN("fifoColumn", null),
    GROUP_CONCURRENCY("groupConcurrency", "1"),
    DEAD_AT_COLUMN("deadAtColumn", null),
    DEAD_LETTER_TABLE("deadLetterTable", null),
    KEY_COLUMN("keyColumn", null),
    TRACE_COLUMN("traceColumn", null),
    MAX_ATTEMPTS("maxAttempts", "unlimited"),
    RETRY_DELAY("retryDelay", "PT1S"),
    MAX_RETRY_DELAY("maxRetryDelay", "PT5M"),
    MAX_PAYLOAD_BYTES("maxPayloadBytes", "16777216"),
    RETENTION("retention", null),
    WORKERS("workers", "1"),
    LEASE("lease", "PT30S"),
    BATCH_SIZE("batchSize", "1"),
    PREFETCH("prefetch", "1"),
    CONNECTIONS("connections", "4"),
    IN_DOUBT_TIMEOUT("inDoubtTimeout", null),
    POLL_INTERVAL("pollInterval", "PT1S"),
    MAX_POLL_INTERVAL("maxPollInterval", "PT10S"),
    CONNECT_TIMEOUT("connectTimeout", "PT10S"),
    NETWORK_TIMEOUT("networkTimeout", "PT30S"),
    STATEMENT_TIMEOUT("statementTimeout", "PT20S"),
    NOTIFY_CHANNEL("notifyChannel", null),
    CLAIM_TRANSACTION_WARNING("claimTransactionWarning", "PT1M"),
    PAUSE_AFTER_FAILURES("pauseAfterFailures", null),
    RESUME_AFTER("resumeAfter", null),
    MAX_RATE("maxRate", "unlimited"),
    ISOLATION("isolation", "READ_COMMITTED"),
    DIALECT("dialect", "detected"),
    DATA_SOURCE_CLASS("dataSourceClass", "from `url`"),
    URL("url", "adapter's"),
    USER("user", "adapter's"),
    PASSWORD("password", "adapter's"),
    DATA_SOURCE_PROPERTIES("dataSourceProperties", "adapter's");

    private final String key;
    private final String defaultValue;

    Property(String key, String defaultValue) {
        this.key = key;
        this.defaultValue = defaultValue;
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
}
