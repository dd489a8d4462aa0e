package io.inboxra.ra.delivery;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * A subscription's database trouble, logged once per episode: a warning when it starts, the
 * repeats at debug level while it lasts, and a summary when the database answers again (how
 * long it lasted, how many delivery turns failed).
 */
final class Outage {

    private static final Logger LOG = System.getLogger(Outage.class.getName());

    private final String subscription;
    private final Clock clock;
    private volatile boolean ongoing;
    private Instant since;
    private int failures;

    Outage(String subscription, Clock clock) {
        this.subscription = subscription;
        this.clock = clock;
    }

    synchronized void failed(String what, Throwable error) {
        failures++;
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
