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

    private final DeliveryContext context;
    private final Bindings bindings;

    private RetentionSweep(DeliveryContext context, Duration retention) {
        this.context = context;
        this.bindings = Bindings.of(context.settings().queue()).age(retention).limit(BATCH);
    }

    static void start(DeliveryContext context) {
        if (context.statements().purge().isEmpty()) {
            return;
        }
        Duration retention = context.settings().retention().orElseThrow();
        long period = Math.min(60_000, Math.max(1_000, retention.toMillis() / 2));
        context.threads().timer().schedule(new RetentionSweep(context, retention), period, period);
    }

    @Override
    public void run() {
        if (!context.running().isRunning()) {
            cancel();
            return;
        }
        try (WorkerConnection c = context.connections().openConnection()) {
            int deleted;
            do {
                deleted = c.update(context.statements().purge().orElseThrow(), bindings);
            } while (deleted == BATCH && context.running().isRunning());
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + context.name() + "': processed rows could not be"
                    + " deleted after their retention; trying again later", e);
        }
    }
}
