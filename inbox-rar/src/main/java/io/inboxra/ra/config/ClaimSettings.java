package io.inboxra.ra.config;

import java.sql.Connection;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How a subscription claims: the idle wait after an empty claim, which doubles up to its
 * longest, the channel whose notifications end that wait, the isolation of the claim's
 * transaction, and how long that transaction may stay open before a warning.
 *
 * @param pollInterval the idle wait after an empty claim
 * @param maxPollInterval the longest idle wait
 * @param isolation the claim transaction's isolation ({@code java.sql.Connection} constant)
 * @param notifyChannel the PostgreSQL channel to listen on, or empty
 * @param claimTransactionWarning how long a claim's transaction may stay open before a warning
 */
record ClaimSettings(Duration pollInterval, Duration maxPollInterval, int isolation, Optional<String> notifyChannel,
        Duration claimTransactionWarning) {

    /**
     * A PostgreSQL identifier that means the same unquoted ({@code LISTEN x}, {@code NOTIFY x})
     * and as a string ({@code pg_notify('x', '')}): PostgreSQL folds unquoted names to lower case.
     */
    private static final Pattern CHANNEL = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

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
        return new ClaimSettings(poll, maxPoll, isolation(values), notifyChannel(values),
                values.duration(Property.CLAIM_TRANSACTION_WARNING, Bounds.CLAIM_TRANSACTION_WARNING));
    }

    private static Optional<String> notifyChannel(ActivationValues values) {
        Optional<String> channel = values.text(Property.NOTIFY_CHANNEL);
        if (channel.isPresent() && !CHANNEL.matcher(channel.get()).matches()) {
            values.report("Property 'notifyChannel' is '" + channel.get() + "': it must be a PostgreSQL channel"
                    + " name of lower-case letters, digits and _, starting with a letter or _, at most 63"
                    + " characters (so that LISTEN, NOTIFY and pg_notify all name the same channel); use for"
                    + " example notifyChannel=" + suggestion(channel.get()) + ".");
            return Optional.empty();
        }
        return channel;
    }

    /** The value made into a channel name, for the message. */
    private static String suggestion(String value) {
        String name = value.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
        if (name.isEmpty() || Character.isDigit(name.charAt(0))) {
            name = "inbox_" + name;
        }
        return name.length() > 63 ? name.substring(0, 63) : name;
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
