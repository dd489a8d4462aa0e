package io.inboxra.ra.subscription;

import io.inboxra.ra.delivery.Delivery;
import io.inboxra.ra.delivery.DeliveryContext;
import io.inboxra.ra.settlement.Causes;
import jakarta.resource.spi.UnavailableException;
import jakarta.resource.spi.work.Work;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.time.Duration;

/**
 * One of a subscription's workers, running on the server's {@code WorkManager}: it delivers
 * in the subscription's form while the subscription runs, waits with backoff when nothing is
 * claimable or a delivery failed whose row could not be set aside ({@link FailingRows}), goes on at
 * once after one whose row claims now pass over, and replaces its connection with backoff when anything went
 * wrong. No error ends it: only the subscription's stop (or the server's release) does, and a
 * worker that ends otherwise is reported, to be replaced.
 */
final class Worker implements Work {

    private static final Logger LOG = System.getLogger(Worker.class.getName());

    /** Told when a worker ends: released by the server, or by an error (then replaced). */
    interface Ended {
        void workerEnded(boolean released, Throwable cause);
    }

    private final DeliveryContext context;
    private final Running running;
    private final Outage outage;
    private final SubscriptionCounters counters;
    private final Ended ended;
    private final Delivery delivery;
    private final Backoff idle;
    private final Backoff trouble;
    /** {@code maxRate}'s bucket, shared by the subscription's workers; null without a limit. */
    private final ClaimPace pace;
    private final Runnable connected;
    private volatile boolean released;

    /**
     * @param pace {@code maxRate}'s bucket, shared by the subscription's workers; null without a limit
     * @param connected told once, when the worker's connection is open or could not be opened
     */
    Worker(DeliveryContext context, Running running, Outage outage, SubscriptionCounters counters, Ended ended,
            ClaimPace pace, Runnable connected) {
        this.connected = connected;
        this.context = context;
        this.pace = pace;
        this.running = running;
        this.outage = outage;
        this.counters = counters;
        this.ended = ended;
        this.delivery = Delivery.of(context);
        this.idle = new Backoff(context.settings().pollInterval(), context.settings().maxPollInterval());
        this.trouble = new Backoff(context.settings().pollInterval(),
                context.settings().maxPollInterval().multipliedBy(3));
    }

    @Override
    public void run() {
        Throwable error = null;
        try {
            connectFirst();
            while (!released && running.isRunning()) {
                // Read before the claim: a wake-up during a claim that finds nothing ends the wait after it.
                long wakes = running.wakes();
                Duration wait = pollOnce();
                if (Thread.interrupted()) {
                    // Only the subscription's stop ends a worker; a listener's leftover flag would end every wait.
                    LOG.log(Level.WARNING, "Inbox subscription '" + context.name() + "': a delivery left the"
                            + " worker thread's interrupt flag set; cleared, the worker goes on");
                }
                if (!wait.isZero()) {
                    running.awaitIdle(wait, wakes);
                }
            }
        } catch (Throwable e) {
            error = e;
            throw e;
        } finally {
            try {
                delivery.close();
            } finally {
                ended.workerEnded(released, error);
            }
        }
    }

    /**
     * Opens the worker's connection before its first turn, while the subscription's activation
     * waits for it; a failure is left to the first turn, which reports it and retries with backoff.
     */
    private void connectFirst() {
        try {
            delivery.connect();
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.DEBUG, () -> "Inbox subscription '" + context.name() + "': a worker's first connection failed: " + e);
        } finally {
            connected.run();
        }
    }

    @Override
    public void release() {
        // The worker notices on its next turn; its waits are bounded by maxPollInterval.
        released = true;
    }

    /** @return how long to wait before the next turn */
    private Duration pollOnce() {
        // Busy before the pause is read: once the workers are idle after a pause, none claims.
        counters.busy();
        try {
            if (running.isPaused()) {
                delivery.pause();
                // The wait ends early on resume.
                return context.settings().maxPollInterval();
            }
            int rows = context.settings().batchSize();
            if (pace != null) {
                Duration wait = pace.take(rows);
                if (!wait.isZero()) {
                    return wait;
                }
            }
            Delivery.Result result;
            try {
                result = delivery.deliverNext();
            } finally {
                if (pace != null) {
                    pace.giveBack(rows - delivery.claimedInLastTurn());
                }
            }
            outage.recovered();
            trouble.reset();
            // A row set aside is passed over by the next claims: the worker goes on with the rows behind it.
            // A failed delivery otherwise waits like an empty claim: a row that keeps failing must not loop hot.
            return result == Delivery.Result.DELIVERED || result == Delivery.Result.SET_ASIDE
                    ? idle.reset() : idle.next();
        } catch (UnavailableException e) {
            // The server's MDB pool is exhausted: wait for an instance to come free.
            LOG.log(Level.DEBUG, () -> "Inbox subscription '" + context.name() + "': no MDB instance free: " + e);
            return trouble.next();
        } catch (SQLException e) {
            outage.failed(silent(e).orElse("the database failed (" + e.getMessage() + ")"), e);
            // Bounded even on a connection that stopped answering: the driver closed it at the timeout,
            // and what closing still sends waits at most the network timeout.
            delivery.disconnect();
            return trouble.next();
        } catch (Exception | Error e) {
            // Whatever it was (an enlistment on a dead connection, an OutOfMemoryError reading a row),
            // the next turn starts on a fresh connection.
            outage.failed(silent(e).orElse("a delivery failed (" + e + ")"), e);
            delivery.disconnect();
            return trouble.next();
        } finally {
            counters.idle();
        }
    }

    /** @return what to report when the failure was the network timeout giving up on a connection */
    private java.util.Optional<String> silent(Throwable e) {
        if (!Causes.networkTimedOut(e)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of("the database did not answer within 'networkTimeout' ("
                + context.settings().dataSource().timeouts().network() + "; " + Causes.describe(e) + "): the network"
                + " to it may have dropped the connection without closing it; the worker replaces its connection");
    }
}
