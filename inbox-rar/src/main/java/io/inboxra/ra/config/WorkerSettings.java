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
 * @param prefetch the lease and advisory lock forms at {@code batchSize} 1: rows one claim takes for a
 *        worker, each delivered in a transaction of its own
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
     * Only a lease or a session's advisory lock outlives the claim while its row waits for its
     * turn: the row lock form's lock is the delivery's transaction, and a batch claims its rows at
     * once already. An advisory claim of several rows may take two of a FIFO group, which one at a
     * time would no longer keep in order.
     */
    private static int prefetch(ActivationValues values, TableSpec table, int batchSize) {
        int prefetch = values.whole(Property.PREFETCH, Bounds.PREFETCH);
        if (prefetch == 1) {
            return prefetch;
        }
        if (table.lockedUntilColumn().isEmpty() && table.advisoryLock().isEmpty()) {
            values.report("Property 'prefetch' is '" + prefetch + "' but the table is in the row lock form, whose"
                    + " lock is the delivery's transaction: only a lease or an advisory lock holds a row claimed ahead"
                    + " while it waits for its turn; set 'lockedUntilColumn' (lease form) or 'advisoryLock' (advisory"
                    + " lock form), or remove 'prefetch'.");
        } else if (table.advisoryLock().isPresent() && table.fifoColumn().isPresent()) {
            values.report("Property 'prefetch' is '" + prefetch + "' in the advisory lock form with 'fifoColumn' ('"
                    + table.fifoColumn().get() + "'): rows of one group claimed together and delivered one at a time"
                    + " would not stay in order; remove 'prefetch', or use the lease form, whose claim takes at most"
                    + " 'groupConcurrency' rows of a group.");
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
