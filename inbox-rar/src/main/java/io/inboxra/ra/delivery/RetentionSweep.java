package io.inboxra.ra.delivery;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.time.Duration;
import java.util.TimerTask;

/**
 * Deletes processed rows older than the subscription's {@code retention}, a few hundred at a
 * time so that no sweep holds many locks, every half retention (at least every second, at most
 * every minute). Rows not marked processed are never touched.
 */
final class RetentionSweep extends TimerTask {

    private static final Logger LOG = System.getLogger(RetentionSweep.class.getName());
    private static final int BATCH = 500;

    private final Subscription subscription;
    private final Bindings bindings;

    private RetentionSweep(Subscription subscription, Duration retention) {
        this.subscription = subscription;
        this.bindings = Bindings.of(subscription.settings().queue()).age(retention).limit(BATCH);
    }

    static void start(Subscription subscription) {
        if (subscription.statements().purge().isEmpty()) {
            return;
        }
        Duration retention = subscription.settings().retention().orElseThrow();
        long period = Math.min(60_000, Math.max(1_000, retention.toMillis() / 2));
        subscription.timer().schedule(new RetentionSweep(subscription, retention), period, period);
    }

    @Override
    public void run() {
        if (!subscription.isRunning()) {
            cancel();
            return;
        }
        try (WorkerConnection c = subscription.openConnection()) {
            int deleted;
            do {
                deleted = c.update(subscription.statements().purge().orElseThrow(), bindings);
            } while (deleted == BATCH && subscription.isRunning());
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription.name() + "': processed rows could not be"
                    + " deleted after their retention; trying again later", e);
        }
    }
}
