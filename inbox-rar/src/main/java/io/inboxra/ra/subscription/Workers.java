package io.inboxra.ra.subscription;

import io.inboxra.ra.delivery.DeliveryContext;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.work.WorkException;
import jakarta.resource.spi.work.WorkManager;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A subscription's workers on the server's {@code WorkManager}: started at activation, each one
 * that ends by an error while the subscription runs replaced, and awaited when it stops. They
 * share {@code maxRate}'s bucket, which outlives the workers it paces.
 */
final class Workers {

    private static final Logger LOG = System.getLogger(Workers.class.getName());

    private final DeliveryContext context;
    private final Running running;
    private final Outage outage;
    private final SubscriptionCounters counters;
    /** {@code maxRate}'s bucket; null without a limit. */
    private final ClaimPace pace;
    private final CountDownLatch ended;
    /** Counted down by each first worker once its connection is open (or could not be). */
    private final CountDownLatch connected;
    private volatile WorkManager workManager;

    Workers(DeliveryContext context, Running running, Outage outage, SubscriptionCounters counters) {
        this.context = context;
        this.running = running;
        this.outage = outage;
        this.counters = counters;
        int workers = context.settings().workers();
        this.pace = context.settings().maxRate().isPresent()
                ? new ClaimPace(context.settings().maxRate().getAsDouble(), context.settings().batchSize()) : null;
        this.ended = new CountDownLatch(workers);
        this.connected = new CountDownLatch(workers);
    }

    /**
     * Schedules {@code workers} workers.
     *
     * @throws ResourceException when the server refuses one; those scheduled before run on, for
     *         the caller to stop
     */
    void start(WorkManager workManager) throws ResourceException {
        this.workManager = workManager;
        int workers = context.settings().workers();
        for (int i = 0; i < workers; i++) {
            try {
                workManager.scheduleWork(new Worker(context, running, outage, counters, this::workerEnded, pace,
                        connected::countDown), WorkManager.INDEFINITE, null, null);
            } catch (WorkException e) {
                for (int unscheduled = i; unscheduled < workers; unscheduled++) {
                    ended.countDown();
                    connected.countDown();
                }
                throw new ResourceException("Inbox subscription '" + context.name() + "' cannot start worker "
                        + (i + 1) + " of " + workers + ": " + e.getMessage()
                        + "; lower 'workers' or enlarge the server's thread pool for resource adapters.", e);
            }
        }
    }

    /** @return whether every first worker opened its connection (or gave up) within {@code wait} */
    boolean awaitConnected(Duration wait) throws InterruptedException {
        return connected.await(wait.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** @return whether every worker ended within {@code grace}, once the subscription stopped running */
    boolean awaitEnded(Duration grace) {
        try {
            return ended.await(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * A worker ended. While the subscription runs, only an error can end one: it is logged and
     * a new worker takes its place.
     */
    private void workerEnded(boolean released, Throwable cause) {
        if (released || !running.isRunning()) {
            ended.countDown();
            return;
        }
        LOG.log(Level.ERROR, "Inbox subscription '" + context.name() + "': a worker ended unexpectedly; starting"
                + " another in its place", cause);
        try {
            workManager.scheduleWork(new Worker(context, running, outage, counters, this::workerEnded, pace, () -> { }),
                    WorkManager.INDEFINITE, null, null);
        } catch (WorkException | RuntimeException e) {
            ended.countDown();
            LOG.log(Level.ERROR, "Inbox subscription '" + context.name() + "': no worker could replace it; the"
                    + " subscription runs with one worker less until it is redeployed", e);
        }
    }
}
