package io.inboxra.admin;

import io.inboxra.operations.Backlog;
import io.inboxra.operations.SubscriptionView;
import jakarta.enterprise.context.ApplicationScoped;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Each subscription's backlog, read from its database at most once per {@link #FRESH_NANOS}, so
 * that a scrape of every backlog gauge costs one read per subscription, not one per gauge. A read
 * that fails leaves the gauges at their last value and is logged once per failing streak.
 */
@ApplicationScoped
public class BacklogReads {

    private static final Logger LOG = System.getLogger(BacklogReads.class.getName());
    static final long FRESH_NANOS = 5_000_000_000L;

    private record Read(SubscriptionView view, Optional<Backlog> backlog, long at, boolean failed) {
    }

    private final Map<String, Read> reads = new ConcurrentHashMap<>();

    /** @return the subscription's backlog, at most a few seconds old; empty when its database has never told */
    Optional<Backlog> of(SubscriptionView view) {
        // One read at a time per subscription: a scrape of every gauge, or scrapes at once, wait for it.
        return reads.compute(view.name(), (name, last) -> fresh(last, view) ? last : read(last, view)).backlog();
    }

    private static boolean fresh(Read last, SubscriptionView view) {
        return last != null && last.view() == view && System.nanoTime() - last.at() < FRESH_NANOS;
    }

    private static Read read(Read last, SubscriptionView view) {
        Optional<Backlog> previous = last != null && last.view() == view ? last.backlog() : Optional.empty();
        try {
            Backlog backlog = view.backlog();
            // Timed when the read ends: a slow database must not make every gauge read it again.
            return new Read(view, Optional.of(backlog), System.nanoTime(), false);
        } catch (SQLException | RuntimeException e) {
            if (last == null || !last.failed()) {
                LOG.log(Level.WARNING, "Inbox subscription '" + view.name() + "': its backlog could not be read for"
                        + " the metrics (" + e.getMessage() + "); the gauges keep their last values until it can");
            }
            return new Read(view, previous, System.nanoTime(), true);
        }
    }

    /** Forgets a subscription that is gone. */
    void forget(String name) {
        reads.remove(name);
    }
}
