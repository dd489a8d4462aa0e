package io.inboxra.ra.delivery;

import java.time.Duration;
import java.util.Optional;

/**
 * The values a statement's {@link io.inboxra.dialect.Param}s take for one execution.
 *
 * @param queue the subscription's queue
 * @param limit rows a claim may take
 * @param lease the lease length
 * @param id the row's id
 * @param token the row's fencing token
 * @param key the row's advisory lock key
 * @param age an age (in-doubt branches)
 */
record Bindings(Optional<String> queue, int limit, Duration lease, Object id, Object token, Object key, Duration age) {

    static Bindings of(Optional<String> queue) {
        return new Bindings(queue, 1, Duration.ZERO, null, null, null, Duration.ZERO);
    }

    Bindings limit(int n) {
        return new Bindings(queue, n, lease, id, token, key, age);
    }

    Bindings lease(Duration d) {
        return new Bindings(queue, limit, d, id, token, key, age);
    }

    Bindings row(ClaimedRow row) {
        return new Bindings(queue, limit, lease, row.id(), row.token(), row.key(), age);
    }

    Bindings token(Object t) {
        return new Bindings(queue, limit, lease, id, t, key, age);
    }

    Bindings age(Duration d) {
        return new Bindings(queue, limit, lease, id, token, key, d);
    }
}
