package io.inboxra.ra.config;

import java.sql.Connection;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * How a subscription claims: the idle wait after an empty claim, which doubles up to its
 * longest, and the isolation of the claim's transaction.
 *
 * @param pollInterval the idle wait after an empty claim
 * @param maxPollInterval the longest idle wait
 * @param isolation the claim transaction's isolation ({@code java.sql.Connection} constant)
 */
record ClaimSettings(Duration pollInterval, Duration maxPollInterval, int isolation) {

    private static final Map<String, Integer> ISOLATIONS = Map.of(
            "READ_COMMITTED", Connection.TRANSACTION_READ_COMMITTED,
            "REPEATABLE_READ", Connection.TRANSACTION_REPEATABLE_READ,
            "SERIALIZABLE", Connection.TRANSACTION_SERIALIZABLE);

    /** @return the settings; a longest wait not set (or refused) is the default, or the poll interval if longer */
    static ClaimSettings read(ActivationValues values) {
        Duration poll = values.duration(Property.POLL_INTERVAL, Bounds.POLL_INTERVAL);
        Duration maxPoll = values.validDuration(Property.MAX_POLL_INTERVAL, Bounds.POLL_INTERVAL).orElse(null);
        if (maxPoll == null) {
            Duration standard = Property.MAX_POLL_INTERVAL.durationDefault();
            maxPoll = poll.compareTo(standard) > 0 ? poll : standard;
        } else if (maxPoll.compareTo(poll) < 0 && values.noValueRefused()) {
            values.report("Property 'maxPollInterval' is '" + maxPoll + "', shorter than 'pollInterval' ('"
                    + poll + "'): set it to at least the poll interval.");
        }
        return new ClaimSettings(poll, maxPoll, isolation(values));
    }

    private static int isolation(ActivationValues values) {
        String value = values.text(Property.ISOLATION).orElse(Property.ISOLATION.defaultSetting());
        Integer level = ISOLATIONS.get(value.toUpperCase(Locale.ROOT));
        if (level == null) {
            values.report("Property 'isolation' is '" + value + "': use READ_COMMITTED (recommended),"
                    + " REPEATABLE_READ or SERIALIZABLE.");
            return ISOLATIONS.get(Property.ISOLATION.defaultSetting());
        }
        return level;
    }
}
