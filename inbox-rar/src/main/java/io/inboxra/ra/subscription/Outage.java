package io.inboxra.ra.subscription;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * A subscription's database trouble, logged once per episode: a warning when it starts, the
 * repeats at debug level while it lasts, and a summary when the database answers again (how
 * long it lasted, how many delivery turns failed).
 */
public final class Outage {

    private static final Logger LOG = System.getLogger(Outage.class.getName());

    private final String subscription;
    private final Clock clock;
    private final SubscriptionCounters counters;
    private volatile boolean ongoing;
    private volatile Instant since;
    private int failures;

    Outage(String subscription, Clock clock) {
        this(subscription, clock, new SubscriptionCounters(clock));
    }

    /** @param counters where the trouble is kept as the subscription's last error */
    Outage(String subscription, Clock clock, SubscriptionCounters counters) {
        this.subscription = subscription;
        this.clock = clock;
        this.counters = counters;
    }

    /** @return when the current outage began, while one lasts */
    Optional<Instant> since() {
        return ongoing ? Optional.ofNullable(since) : Optional.empty();
    }

    synchronized void failed(String what, Throwable error) {
        failures++;
        counters.error(what);
        if (!ongoing) {
            ongoing = true;
            since = clock.instant();
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': " + what
                    + "; retrying with backoff until the database answers again", error);
        } else {
            LOG.log(Level.DEBUG, () -> "Inbox subscription '" + subscription + "': " + what + " again: " + error);
        }
    }

    void recovered() {
        if (!ongoing) {
            return;
        }
        synchronized (this) {
            if (ongoing) {
                Duration lasted = Duration.between(since, clock.instant()).truncatedTo(ChronoUnit.MILLIS);
                LOG.log(Level.INFO, "Inbox subscription '" + subscription + "': the database answers again after "
                        + lasted + "; " + failures + " delivery turn(s) failed meanwhile; delivering");
                ongoing = false;
                failures = 0;
            }
        }
    }
}
