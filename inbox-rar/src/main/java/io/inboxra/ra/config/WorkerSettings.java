package io.inboxra.ra.config;

import java.time.Duration;
import java.util.Optional;

/**
 * How a subscription's deliveries are worked: how many at once, the lease form's lease, batch
 * and connection pool, and how long a branch a worker prepared may stay undecided.
 *
 * @param workers deliveries in work at once
 * @param lease the lease length (lease form)
 * @param batchSize rows one claim takes, delivered in one transaction (one at a time without a container transaction)
 * @param connections the lease form's connection pool size
 * @param inDoubtTimeout when set, the in-doubt resolver's wait (a last resort); empty: off
 */
record WorkerSettings(int workers, Duration lease, int batchSize, int connections, Optional<Duration> inDoubtTimeout) {

    /** @return the settings, each the property's default when it is not set or refused */
    static WorkerSettings read(ActivationValues values) {
        return new WorkerSettings(
                values.whole(Property.WORKERS, Bounds.WORKERS),
                values.duration(Property.LEASE, Bounds.LEASE),
                values.whole(Property.BATCH_SIZE, Bounds.BATCH_SIZE),
                values.whole(Property.CONNECTIONS, Bounds.CONNECTIONS),
                values.validDuration(Property.IN_DOUBT_TIMEOUT, Bounds.IN_DOUBT_TIMEOUT));
    }
}
