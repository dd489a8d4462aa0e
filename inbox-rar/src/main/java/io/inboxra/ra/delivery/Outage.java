package io.inboxra.ra.delivery;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A subscription's database trouble, logged once per episode: a warning when it starts, the
 * repeats at debug level while it lasts, and a note when the database answers again.
 */
final class Outage {

    private static final Logger LOG = System.getLogger(Outage.class.getName());

    private final String subscription;
    private final AtomicBoolean ongoing = new AtomicBoolean();

    Outage(String subscription) {
        this.subscription = subscription;
    }

    void failed(String what, Throwable error) {
        if (ongoing.compareAndSet(false, true)) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': " + what
                    + "; retrying with backoff until the database answers again", error);
        } else {
            LOG.log(Level.DEBUG, () -> "Inbox subscription '" + subscription + "': " + what + " again: " + error);
        }
    }

    void recovered() {
        if (ongoing.compareAndSet(true, false)) {
            LOG.log(Level.INFO, "Inbox subscription '" + subscription + "': the database answers again;"
                    + " delivering");
        }
    }
}
