package io.inboxra.ra.config;

import java.util.OptionalDouble;

/**
 * {@code maxRate}: the rows per second a subscription claims at most, in this server instance,
 * across its workers and batches; empty: as fast as the rows come.
 */
final class RateLimit {

    /** The most a rate may be: a million rows a second is no limit in practice. */
    private static final double MAX = 1_000_000;

    private RateLimit() {
    }

    static OptionalDouble read(ActivationValues values) {
        var text = values.text(Property.MAX_RATE);
        if (text.isEmpty()) {
            return OptionalDouble.empty();
        }
        try {
            double rate = Double.parseDouble(text.get().trim());
            if (rate > 0 && rate <= MAX && Double.isFinite(rate)) {
                return OptionalDouble.of(rate);
            }
        } catch (NumberFormatException e) {
            // reported below, with the fix
        }
        values.refuse("Property 'maxRate' is '" + text.get() + "': it must be a number of rows per second above 0"
                + " and at most " + (long) MAX + " (for example 50, or 0.5 for one row every two seconds); set it so,"
                + " or remove it for no limit.");
        return OptionalDouble.empty();
    }
}
