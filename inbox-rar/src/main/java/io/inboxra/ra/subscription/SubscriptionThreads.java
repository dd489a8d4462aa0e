package io.inboxra.ra.subscription;

import java.util.Timer;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads a subscription runs besides its workers: the server's timer (in-doubt checks,
 * retention), the lease form's heartbeats (which wait behind no other work), work a delivery
 * hands off and waits for (a failure counted around a rollback), second phases finished
 * from fresh connections, and the wake-up listener ({@code notifyChannel}).
 */
public final class SubscriptionThreads implements AutoCloseable {

    private final Timer timer;
    private final ScheduledExecutorService heartbeats;
    private final ExecutorService background;
    private final ScheduledExecutorService secondPhases;
    private final String subscription;
    private ExecutorService wakeUp;

    SubscriptionThreads(String subscription, Timer timer, boolean heartbeats) {
        this.subscription = subscription;
        this.timer = timer;
        this.heartbeats = heartbeats ? heartbeatThread(subscription) : null;
        this.background = Executors.newCachedThreadPool(named(subscription + "-record"));
        this.secondPhases = secondPhaseThread(subscription);
    }

    public Timer timer() {
        return timer;
    }

    /** The lease form's heartbeat threads. */
    public ScheduledExecutorService heartbeats() {
        if (heartbeats == null) {
            throw new IllegalStateException("only the lease form has heartbeats");
        }
        return heartbeats;
    }

    public ExecutorService background() {
        return background;
    }

    ScheduledExecutorService secondPhases() {
        return secondPhases;
    }

    /** The wake-up listener's thread, created on first use. */
    synchronized ExecutorService wakeUp() {
        if (wakeUp == null) {
            wakeUp = Executors.newSingleThreadExecutor(named(subscription + "-wake-up"));
        }
        return wakeUp;
    }

    /**
     * Stops every thread but the watches of prepared branches under way, which end by themselves
     * ({@link #secondPhaseThread}); called once every delivery has finished or been cut off.
     */
    @Override
    public void close() {
        timer.cancel();
        if (heartbeats != null) {
            heartbeats.shutdownNow();
        }
        background.shutdownNow();
        // New watches are refused from now on; those under way go on (secondPhaseThread).
        secondPhases.shutdown();
        synchronized (this) {
            if (wakeUp != null) {
                wakeUp.shutdownNow();
            }
        }
    }

    /**
     * One thread; a heartbeat stopped (every delivery's, as it settles) leaves its queue at once.
     * Kept until its first beat was due, a third of the lease later, each would hold its row, payload
     * and all: at 3,000 rows a second and a 30 s lease, 30,000 rows nobody needs.
     */
    private static ScheduledExecutorService heartbeatThread(String subscription) {
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, named(subscription + "-heartbeat"));
        executor.setRemoveOnCancelPolicy(true);
        return executor;
    }

    /**
     * One thread, whose watches of prepared branches go on after the subscription stops, each until
     * its branch is finished or it gives up: a watch may be all that ends a branch the transaction
     * manager no longer knows of (a prepare whose vote never came back), and stopping it would leave
     * the row locked with nothing said.
     */
    private static ScheduledExecutorService secondPhaseThread(String subscription) {
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, named(subscription + "-second-phase"));
        executor.setContinueExistingPeriodicTasksAfterShutdownPolicy(true);
        executor.setRemoveOnCancelPolicy(true);
        return executor;
    }

    private static ThreadFactory named(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return work -> {
            Thread thread = new Thread(work, "inbox-" + prefix + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
