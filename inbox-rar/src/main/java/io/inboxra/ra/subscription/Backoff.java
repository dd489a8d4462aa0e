package io.inboxra.ra.subscription;

import java.time.Duration;

/** An idle or error wait that doubles from a minimum up to a maximum, and resets on success. */
final class Backoff {

    private final Duration min;
    private final Duration max;
    private Duration current = Duration.ZERO;

    Backoff(Duration min, Duration max) {
        this.min = min;
        this.max = max;
    }

    /** @return the next wait: the minimum first, then twice the last, at most the maximum */
    Duration next() {
        current = current.isZero() ? min : current.multipliedBy(2);
        if (current.compareTo(max) > 0) {
            current = max;
        }
        return current;
    }

    /** @return no wait; the next {@link #next()} starts from the minimum again */
    Duration reset() {
        current = Duration.ZERO;
        return current;
    }
}
