package io.inboxra.ra.subscription;

import io.inboxra.dialect.Notifications;
import io.inboxra.ra.connection.SubscriptionConnections;
import io.inboxra.ra.delivery.DeliveryContext;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import javax.sql.XAConnection;

/**
 * A subscription's wake-up ({@code notifyChannel}), where its dialect has the capability
 * ({@link Notifications}: PostgreSQL's {@code LISTEN}): one connection of the
 * subscription's data source, outside any XA work and in autocommit, listens on the
 * channel ({@link Notifications#listen}), and every notification ends the idle workers' waits
 * ({@link Running#wake()}), so a row whose producer sent a notification in its insert's
 * transaction is claimed at once instead of at the next poll. Polling stays the safety net: a lost connection is logged once with the
 * subscription's name, the workers go on polling, and the listener reconnects with backoff (from
 * a second up to {@code maxPollInterval}), then wakes the workers once for what it may have missed.
 *
 * <p>Waiting for a notification sends nothing to the database; every {@link #PROBE_EVERY} (or
 * {@code maxPollInterval} when longer) without one, the connection is checked with an empty query,
 * so a connection that died silently (a dropped network) is noticed and replaced. Its connection has
 * the subscription's network timeout like every other; each wait for notifications sets a shorter
 * one of its own ({@link #READ_MILLIS}) for the wait's length only.
 */
final class WakeUpListener implements Runnable {

    private static final Logger LOG = System.getLogger(WakeUpListener.class.getName());
    /** How long one wait for notifications blocks: bounds how long the listener takes to notice a stop. */
    private static final int READ_MILLIS = 250;
    static final Duration PROBE_EVERY = Duration.ofSeconds(30);

    private final String subscription;
    private final String channel;
    private final Notifications notifications;
    private final SubscriptionConnections connections;
    private final Running running;
    private final Backoff reconnect;
    private final Duration probeEvery;
    private final int statementSeconds;
    private final CountDownLatch ended = new CountDownLatch(1);
    /** Counted down once the first LISTEN has run, or the first attempt failed. */
    private final CountDownLatch firstAttempt = new CountDownLatch(1);
    private volatile XAConnection current;
    private boolean lost;
    private boolean listenedOnce;

    private WakeUpListener(String subscription, String channel, Notifications notifications,
            SubscriptionConnections connections, Running running, Duration pollInterval, Duration maxPollInterval,
            int statementSeconds) {
        this.subscription = subscription;
        this.statementSeconds = statementSeconds;
        this.channel = channel;
        this.notifications = notifications;
        this.connections = connections;
        this.running = running;
        Duration first = pollInterval.compareTo(Duration.ofSeconds(1)) < 0 ? pollInterval : Duration.ofSeconds(1);
        this.reconnect = new Backoff(first, maxPollInterval);
        this.probeEvery = maxPollInterval.compareTo(PROBE_EVERY) > 0 ? maxPollInterval : PROBE_EVERY;
    }

    /**
     * Starts listening on a thread of the subscription's; {@link #close()} ends it.
     *
     * @param context the subscription's, whose dialect has {@link Notifications} (the activation checked it)
     */
    static WakeUpListener start(DeliveryContext context, Running running, SubscriptionThreads threads, String channel) {
        WakeUpListener listener = new WakeUpListener(context.name(), channel, (Notifications) context.dialect(),
                context.connections(),
                running, context.settings().pollInterval(), context.settings().maxPollInterval(),
                context.settings().dataSource().timeouts().statementSeconds());
        ExecutorService thread = threads.wakeUp();
        thread.execute(listener);
        return listener;
    }

    /** The name of the listening session, as the database shows it ({@code pg_stat_activity}'s application name). */
    static String applicationName(String subscription) {
        return "inbox-ra:" + subscription + ":listen";
    }

    @Override
    public void run() {
        try {
            while (running.isRunning()) {
                try {
                    listen();
                } catch (SQLException | RuntimeException e) {
                    firstAttempt.countDown();
                    if (!running.isRunning()) {
                        break;
                    }
                    lostConnection(e);
                    pause(reconnect.next());
                }
            }
        } finally {
            firstAttempt.countDown();
            ended.countDown();
        }
    }

    /**
     * Waits until the listener has run its first {@code LISTEN} (or its first attempt failed).
     *
     * @return whether it got that far within {@code bound}
     */
    boolean awaitFirstListen(Duration bound) throws InterruptedException {
        return firstAttempt.await(bound.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Listens on one connection until it fails or the subscription stops. */
    private void listen() throws SQLException {
        XAConnection xa = connections.dataSource().getXAConnection();
        current = xa;
        try {
            Connection connection = xa.getConnection();
            connection.setAutoCommit(true);
            try (Statement statement = connection.createStatement()) {
                statement.setQueryTimeout(statementSeconds);
                // The channel is a checked lower-case identifier (see ClaimSettings).
                for (io.inboxra.dialect.Statement listen : notifications.listen(channel, applicationName(subscription))) {
                    statement.execute(listen.sql());
                }
            }
            listening();
            long quietSince = System.nanoTime();
            while (running.isRunning()) {
                if (notifications.awaitNotifications(connection, READ_MILLIS)) {
                    running.wake();
                    quietSince = System.nanoTime();
                } else if (System.nanoTime() - quietSince > probeEvery.toNanos()) {
                    if (!connection.isValid(5)) {
                        throw new SQLException("the listening connection does not answer");
                    }
                    quietSince = System.nanoTime();
                }
            }
        } finally {
            current = null;
            close(xa);
        }
    }

    private void listening() {
        firstAttempt.countDown();
        listenedOnce = true;
        reconnect.reset();
        if (lost) {
            lost = false;
            LOG.log(Level.INFO, "Inbox subscription '" + subscription + "' listens on channel '" + channel
                    + "' again; waking its workers for rows whose notification it missed");
            // Rows committed while no one listened were notified to no one.
            running.wake();
        } else {
            LOG.log(Level.DEBUG, () -> "Inbox subscription '" + subscription + "' listens on channel '"
                    + channel + "'");
        }
    }

    private void lostConnection(Exception e) {
        if (!lost) {
            lost = true;
            String what = listenedOnce ? "lost its connection listening on" : "cannot listen on";
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "' " + what + " channel '" + channel
                    + "' (" + e.getMessage() + "); its workers poll meanwhile (pollInterval up to maxPollInterval),"
                    + " and it reconnects with backoff", e);
        } else {
            LOG.log(Level.DEBUG, () -> "Inbox subscription '" + subscription + "': listening on channel '" + channel
                    + "' failed again: " + e);
        }
    }

    /** Waits before reconnecting; only the subscription's stop ends the wait early. */
    private void pause(Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        while (running.isRunning()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            running.await(Duration.ofNanos(left));
        }
    }

    /**
     * Called once the subscription has stopped: waits for the listener's thread to close its
     * connection (it notices the stop within a read), and cuts the connection off when it does not.
     */
    void close() {
        try {
            if (ended.await(5, TimeUnit.SECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        XAConnection xa = current;
        if (xa != null) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': the listener did not stop in time;"
                    + " closing its connection");
            close(xa);
        }
    }

    private void close(XAConnection xa) {
        try {
            xa.close();
        } catch (SQLException e) {
            LOG.log(Level.DEBUG, () -> "Inbox subscription '" + subscription
                    + "': closing the listening connection: " + e);
        }
    }
}
