package io.inboxra.ra.config;

import io.inboxra.dialect.TableSpec;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What becomes of rows after a delivery: retries and their backoff, dead letters after too
 * many attempts or of a payload too large, and how long processed rows are kept. Each needs
 * columns of the table description, which {@link #read} checks.
 *
 * @param maxAttempts failed deliveries after which a row is dead-lettered, or empty for unlimited
 * @param retryDelay the backoff after the first failed delivery
 * @param maxRetryDelay the longest backoff
 * @param retention how long processed rows are kept, or empty to keep them
 * @param maxPayloadBytes the largest payload delivered; a larger row is dead-lettered
 */
record SettlementSettings(OptionalInt maxAttempts, Duration retryDelay, Duration maxRetryDelay,
        Optional<Duration> retention, int maxPayloadBytes) {

    /**
     * @param table the table description, as read
     * @param batchSize the rows one claim takes, as read
     * @param prefetch the rows one claim takes at {@code batchSize} 1 (lease and advisory lock forms), as read
     * @return the settings, each the property's default when it is not set or refused
     */
    static SettlementSettings read(ActivationValues values, TableSpec table, int batchSize, int prefetch) {
        OptionalInt maxAttempts = values.validWhole(Property.MAX_ATTEMPTS, Bounds.MAX_ATTEMPTS);
        Duration retryDelay = values.duration(Property.RETRY_DELAY, Bounds.RETRY_DELAY);
        Duration maxRetryDelay = values.duration(Property.MAX_RETRY_DELAY, Bounds.RETRY_DELAY);
        Optional<Duration> retention = values.validDuration(Property.RETENTION, Bounds.RETENTION);
        checkDeadLetters(values, table, maxAttempts);
        checkBackoff(values, table, retryDelay, maxRetryDelay);
        checkRetention(values, table);
        return new SettlementSettings(maxAttempts, retryDelay, maxRetryDelay, retention,
                maxPayloadBytes(values, prefetch > batchSize ? Property.PREFETCH : Property.BATCH_SIZE,
                        Math.max(batchSize, prefetch)));
    }

    /**
     * One claim reads at most {@link Bounds#CLAIM_PAYLOAD_BYTES} of payloads: a value that would let
     * the rows one claim takes ({@code batchSize}, or {@code prefetch}) read more is refused; the
     * default is lowered to fit.
     *
     * @param rowsProperty the property that sets how many rows one claim takes
     * @param rows that many
     */
    private static int maxPayloadBytes(ActivationValues values, Property rowsProperty, int rows) {
        int value = values.whole(Property.MAX_PAYLOAD_BYTES, Bounds.MAX_PAYLOAD_BYTES);
        long fits = Bounds.CLAIM_PAYLOAD_BYTES / rows;
        if (!values.isSet(Property.MAX_PAYLOAD_BYTES)) {
            return (int) Math.min(value, fits);
        }
        if ((long) value * rows > Bounds.CLAIM_PAYLOAD_BYTES) {
            String name = rowsProperty.key();
            values.report("Properties '" + name + "' (" + rows + ") and 'maxPayloadBytes' (" + value + ") let one"
                    + " claim read up to " + (long) value * rows + " bytes of payloads, which its worker holds"
                    + " in memory; at most " + Bounds.CLAIM_PAYLOAD_BYTES + " (1 GiB) are allowed: set"
                    + " 'maxPayloadBytes' to at most " + fits + ", or lower '" + name + "' to at most "
                    + Bounds.CLAIM_PAYLOAD_BYTES / value + ".");
        }
        return value;
    }

    /** Attempts are counted in a column as rows are rescheduled, and a row that runs out of them needs a place to go. */
    private static void checkDeadLetters(ActivationValues values, TableSpec table, OptionalInt maxAttempts) {
        // A refused maxAttempts (reported already) stands in as the least, as the messages always showed it.
        int attempts = maxAttempts.orElse(Bounds.MAX_ATTEMPTS.min());
        if (values.isSet(Property.MAX_ATTEMPTS) && table.attemptColumn().isEmpty()) {
            values.report("Property 'maxAttempts' is '" + attempts + "' but 'attemptColumn' is not set:"
                    + " name the integer column that counts a row's failed deliveries in 'attemptColumn'.");
        }
        if (values.isSet(Property.MAX_ATTEMPTS) && attempts > 1 && table.dueColumn().isEmpty()) {
            // A failed delivery is counted by the statement that reschedules its row: without a due time, none is
            // (at 1 none needs to be: the first failure dead-letters the row).
            values.report("Property 'maxAttempts' is '" + attempts + "' but 'dueColumn' is not set: a failed delivery"
                    + " is counted as its row is rescheduled by its due time, so no attempt would be counted and a row"
                    + " that always fails would come back for ever: name that column in 'dueColumn', or remove"
                    + " 'maxAttempts'.");
        }
        if (values.isSet(Property.MAX_ATTEMPTS) && table.deadLetterTable().isEmpty()
                && table.deadAtColumn().isEmpty()) {
            values.report("Property 'maxAttempts' is '" + attempts + "' but rows have nowhere to go when"
                    + " it is reached: set 'deadLetterTable' (rows move there) or 'deadAtColumn' (rows are marked).");
        }
        if (table.deadLetterTable().isPresent() && table.deadAtColumn().isPresent()) {
            values.report("Properties 'deadLetterTable' ('" + table.deadLetterTable().get() + "') and 'deadAtColumn' ('"
                    + table.deadAtColumn().get() + "') are two places for dead letters: keep one.");
        }
    }

    /** A retry waits by moving the row's due time, and the backoff grows from the first delay. */
    private static void checkBackoff(ActivationValues values, TableSpec table, Duration retryDelay,
            Duration maxRetryDelay) {
        for (Property backoff : List.of(Property.RETRY_DELAY, Property.MAX_RETRY_DELAY)) {
            if (values.isSet(backoff) && table.dueColumn().isEmpty()) {
                values.report("Property '" + backoff.key() + "' is '" + values.text(backoff).get() + "' but"
                        + " 'dueColumn' is not set: a retry waits by moving the row's due time; name that column in"
                        + " 'dueColumn'.");
            }
        }
        if (maxRetryDelay.compareTo(retryDelay) < 0 && values.noValueRefused()) {
            values.report("Property 'maxRetryDelay' is '" + maxRetryDelay + "', shorter than 'retryDelay' ('"
                    + retryDelay + "'): set it to at least the retry delay.");
        }
    }

    /** Only rows marked processed are kept, and so deleted after their retention. */
    private static void checkRetention(ActivationValues values, TableSpec table) {
        if (values.isSet(Property.RETENTION) && table.processedAtColumn().isEmpty()) {
            values.report("Property 'retention' is '" + values.text(Property.RETENTION).get() + "' but"
                    + " 'processedAtColumn' is not set: only rows marked processed are kept, and then deleted after"
                    + " their retention; set 'processedAtColumn', or remove 'retention'.");
        }
    }
}
