package io.inboxra.ra.config;

import io.inboxra.dialect.TableSpec;

import java.time.Duration;
import java.util.Optional;

/**
 * A subscription's activation config, read and checked.
 *
 * @param name the subscription's name
 * @param table the table description, as the user spelled it
 * @param queue the queue this subscription claims, when the table has a queue column
 * @param workers deliveries in work at once
 * @param pollInterval the idle wait after an empty claim
 * @param maxPollInterval the longest idle wait
 * @param lease the lease length (lease form)
 * @param batchSize rows one claim takes, delivered in one transaction (one at a time without a container transaction)
 * @param prefetch the lease and advisory lock forms at {@code batchSize} 1: rows one claim takes for a worker,
 *        each delivered in a transaction of its own; 1 elsewhere
 * @param connections the lease form's connection pool size
 * @param inDoubtTimeout when set, how long a branch the transaction manager left undecided waits for the adapter's
 *        in-doubt resolver (a last resort); empty: the resolver is off
 * @param maxAttempts failed deliveries after which a row is dead-lettered, or empty for unlimited
 * @param retryDelay the backoff after the first failed delivery
 * @param maxRetryDelay the longest backoff
 * @param retention how long processed rows are kept, or empty to keep them
 * @param isolation the claim transaction's isolation ({@code java.sql.Connection} constant)
 * @param dialect the dialect's name or class, or empty to detect it
 * @param dataSource how to reach the database
 * @param maxPayloadBytes the largest payload delivered; a larger row is dead-lettered
 * @param notifyChannel the PostgreSQL channel whose notifications wake idle workers, or empty to only poll
 * @param claimTransactionWarning how long a claim's transaction may stay open (the row lock form's, while its
 *        MDB runs) before a warning: meanwhile it holds back the database's clean-up of dead rows
 * @param failurePause when it pauses itself after failed deliveries in a row, and when it resumes by itself
 * @param maxRate the rows per second it claims at most in this server instance, or empty for no limit
 */
public record SubscriptionSettings(
        String name,
        TableSpec table,
        Optional<String> queue,
        int workers,
        Duration pollInterval,
        Duration maxPollInterval,
        Duration lease,
        int batchSize,
        int prefetch,
        int connections,
        Optional<Duration> inDoubtTimeout,
        java.util.OptionalInt maxAttempts,
        Duration retryDelay,
        Duration maxRetryDelay,
        Optional<Duration> retention,
        int isolation,
        Optional<String> dialect,
        DataSourceSettings dataSource,
        int maxPayloadBytes,
        Optional<String> notifyChannel,
        Duration claimTransactionWarning,
        FailurePause failurePause,
        java.util.OptionalDouble maxRate) {

    /** The table's claims leave out a payload over {@code maxPayloadBytes}: its row is dead-lettered unread. */
    public SubscriptionSettings {
        if (maxPayloadBytes > 0 && table != null) {
            table = table.toBuilder().maxPayloadBytes(maxPayloadBytes).build();
        }
    }

    /** The default of {@link #maxPayloadBytes()}: 16 MiB, as {@link Property#MAX_PAYLOAD_BYTES} states it. */
    public static final int DEFAULT_MAX_PAYLOAD_BYTES = Property.MAX_PAYLOAD_BYTES.wholeDefault();
}
