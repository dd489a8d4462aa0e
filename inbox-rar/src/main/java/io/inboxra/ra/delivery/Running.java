package io.inboxra.ra.delivery;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Whether a subscription still runs, and the waits that end early when it stops. */
final class Running {

    private static final Logger LOG = System.getLogger(Running.class.getName());

    private final String subscription;
    private final CountDownLatch stopping = new CountDownLatch(1);

    Running(String subscription) {
        this.subscription = subscription;
    }

    boolean isRunning() {
        return stopping.getCount() > 0;
    }

    /** From now on nothing new is claimed, and every wait ends. */
    void stop() {
        stopping.countDown();
    }

    /** Waits, returning early when the subscription stops; an interrupt ends the wait, not the subscription. */
    void pause(Duration wait) {
        try {
            stopping.await(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            LOG.log(Level.DEBUG, () -> "Inbox subscription '" + subscription + "': a worker's wait was interrupted");
        }
    }
}
