package io.inboxra.ra.delivery;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.time.Duration;
import jakarta.resource.spi.UnavailableException;
import jakarta.resource.spi.work.Work;

/**
 * One of a subscription's workers, running on the server's {@code WorkManager}: it delivers
 * in the subscription's form while the subscription runs, waits with backoff when nothing is
 * claimable or a delivery failed, and replaces its connection with backoff when anything went
 * wrong. No error ends it: only the subscription's stop (or the server's release) does, and a
 * worker that ends otherwise is logged and replaced by the subscription.
 */
final class Worker implements Work {

    private static final Logger LOG = System.getLogger(Worker.class.getName());

    private final Subscription subscription;
    private final FormDelivery delivery;
    private final Backoff idle;
    private final Backoff trouble;
    private volatile boolean released;

    Worker(Subscription subscription) {
        this.subscription = subscription;
        this.delivery = switch (subscription.settings().table().form()) {
            case ROW_LOCK -> new RowLockDelivery(subscription);
            case LEASE -> new LeaseDelivery(subscription);
            case ADVISORY -> new AdvisoryDelivery(subscription);
        };
        this.idle = new Backoff(subscription.settings().pollInterval(), subscription.settings().maxPollInterval());
        this.trouble = new Backoff(subscription.settings().pollInterval(),
                subscription.settings().maxPollInterval().multipliedBy(3));
    }

    @Override
    public void run() {
        Throwable ended = null;
        try {
            while (!released && subscription.isRunning()) {
                Duration wait = pollOnce();
                if (Thread.interrupted()) {
                    // Only the subscription's stop ends a worker; a listener's leftover flag would end every wait.
                    LOG.log(Level.WARNING, "Inbox subscription '" + subscription.name() + "': a delivery left the"
                            + " worker thread's interrupt flag set; cleared, the worker goes on");
                }
                if (!wait.isZero()) {
                    subscription.pause(wait);
                }
            }
        } catch (Throwable e) {
            ended = e;
            throw e;
        } finally {
            try {
                delivery.close();
            } finally {
                subscription.workerEnded(released, ended);
            }
        }
    }

    @Override
    public void release() {
        // The worker notices on its next turn; its waits are bounded by maxPollInterval.
        released = true;
    }

    /** @return how long to wait before the next turn */
    private Duration pollOnce() {
        try {
            if (delivery.isBroken()) {
                delivery.disconnect();
            }
            FormDelivery.Result result = delivery.deliverNext();
            subscription.outage().recovered();
            trouble.reset();
            // A failed delivery waits like an empty claim: a row that keeps failing must not loop hot.
            return result == FormDelivery.Result.DELIVERED ? idle.reset() : idle.next();
        } catch (UnavailableException e) {
            // The server's MDB pool is exhausted: wait for an instance to come free.
            LOG.log(Level.DEBUG, () -> "Inbox subscription '" + subscription.name() + "': no MDB instance free: " + e);
            return trouble.next();
        } catch (SQLException e) {
            subscription.outage().failed("the database failed (" + e.getMessage() + ")", e);
            delivery.disconnect();
            return trouble.next();
        } catch (Exception | Error e) {
            // Whatever it was (an enlistment on a dead connection, an OutOfMemoryError reading a row),
            // the next turn starts on a fresh connection.
            subscription.outage().failed("a delivery failed (" + e + ")", e);
            delivery.disconnect();
            return trouble.next();
        }
    }
}
