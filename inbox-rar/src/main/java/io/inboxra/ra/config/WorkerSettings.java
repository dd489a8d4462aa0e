package io.inboxra.ra.config;

import io.inboxra.dialect.TableSpec;

import java.time.Duration;
import java.util.Optional;

/**
 * How a subscription's deliveries are worked: how many at once, the lease form's lease, batch,
 * rows claimed ahead and connection pool, and how long a branch a worker prepared may stay undecided.
 *
 * @param workers deliveries in work at once
 * @param lease the lease length (lease form)
 * @param batchSize rows one claim takes, delivered in one transaction (one at a time without a container transaction)
 * @param prefetch the lease form at {@code batchSize} 1: rows one claim takes for a worker, each
 *        delivered in a transaction of its own
 * @param connections the lease form's connection pool size
 * @param inDoubtTimeout when set, the in-doubt resolver's wait (a last resort); empty: off
 */
record WorkerSettings(int workers, Duration lease, int batchSize, int prefetch, int connections,
        Optional<Duration> inDoubtTimeout) {

    /** @return the settings, each the property's default when it is not set or refused */
    static WorkerSettings read(ActivationValues values, TableSpec table) {
        int batchSize = values.whole(Property.BATCH_SIZE, Bounds.BATCH_SIZE);
        return new WorkerSettings(
                values.whole(Property.WORKERS, Bounds.WORKERS),
                values.duration(Property.LEASE, Bounds.LEASE),
                batchSize,
                prefetch(values, table, batchSize),
                values.whole(Property.CONNECTIONS, Bounds.CONNECTIONS),
                values.validDuration(Property.IN_DOUBT_TIMEOUT, Bounds.IN_DOUBT_TIMEOUT));
    }

    /**
     * Only a lease outlives the claim's own transaction while its row waits for its turn: the row
     * lock form's lock is the delivery's transaction, and a batch claims its rows at once already.
     */
    private static int prefetch(ActivationValues values, TableSpec table, int batchSize) {
        int prefetch = values.whole(Property.PREFETCH, Bounds.PREFETCH);
        if (prefetch == 1) {
            return prefetch;
        }
        if (table.lockedUntilColumn().isEmpty() || table.advisoryLock().isPresent()) {
            values.report("Property 'prefetch' is '" + prefetch + "' but the table is not in the lease form: only a"
                    + " lease holds a row claimed ahead while it waits for its turn; set 'lockedUntilColumn' for the"
                    + " lease form, or remove 'prefetch'.");
        }
        if (batchSize > 1) {
            values.report("Properties 'prefetch' (" + prefetch + ") and 'batchSize' (" + batchSize + ") are both above"
                    + " 1: a batch claims its rows in one statement already and delivers them together; keep"
                    + " 'batchSize' to deliver them in one transaction, or set it to 1 to deliver each of the"
                    + " 'prefetch' rows in a transaction of its own.");
        }
        return prefetch;
    }
}
