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
        Read last = reads.get(view.name());
        long now = System.nanoTime();
        if (last != null && last.view() == view && now - last.at() < FRESH_NANOS) {
            return last.backlog();
        }
        Optional<Backlog> previous = last != null && last.view() == view ? last.backlog() : Optional.empty();
        try {
            Read read = new Read(view, Optional.of(view.backlog()), now, false);
            reads.put(view.name(), read);
            return read.backlog();
        } catch (SQLException | RuntimeException e) {
            if (last == null || !last.failed()) {
                LOG.log(Level.WARNING, "Inbox subscription '" + view.name() + "': its backlog could not be read for"
                        + " the metrics (" + e.getMessage() + "); the gauges keep their last values until it can");
            }
            reads.put(view.name(), new Read(view, previous, now, true));
            return previous;
        }
    }

    /** Forgets a subscription that is gone. */
    void forget(String name) {
        reads.remove(name);
    }
}
