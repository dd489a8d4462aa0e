package io.inboxra.ra.delivery;

import java.time.Duration;
import java.util.Optional;

/**
 * The values a statement's {@link io.inboxra.dialect.Param}s take for one execution.
 *
 * @param queue the subscription's queue
 * @param limit rows a claim may take
 * @param lease the lease length
 * @param row the row at hand (its id, token, key, group, attempts), or null
 * @param age an age (in-doubt branches, retention)
 * @param delay a retry's delay
 * @param reason a dead letter's reason
 */
record Bindings(Optional<String> queue, int limit, Duration lease, ClaimedRow row, Duration age, Duration delay,
        String reason) {

    static Bindings of(Optional<String> queue) {
        return new Bindings(queue, 1, Duration.ZERO, null, Duration.ZERO, Duration.ZERO, null);
    }

    Bindings limit(int n) {
        return new Bindings(queue, n, lease, row, age, delay, reason);
    }

    Bindings lease(Duration d) {
        return new Bindings(queue, limit, d, row, age, delay, reason);
    }

    Bindings row(ClaimedRow r) {
        return new Bindings(queue, limit, lease, r, age, delay, reason);
    }

    Bindings age(Duration d) {
        return new Bindings(queue, limit, lease, row, d, delay, reason);
    }

    Bindings delay(Duration d) {
        return new Bindings(queue, limit, lease, row, age, d, reason);
    }

    Bindings reason(String r) {
        return new Bindings(queue, limit, lease, row, age, delay, r);
    }
}
