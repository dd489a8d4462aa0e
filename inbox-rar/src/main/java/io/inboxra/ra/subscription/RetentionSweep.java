package io.inboxra.ra.subscription;

import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.delivery.DeliveryContext;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.TimerTask;

/**
 * Deletes processed rows older than the subscription's {@code retention}, a few hundred at a
 * time so that no sweep holds many locks, every half retention (at least every second, at most
 * every minute). Rows not marked processed are never touched. On a table partitioned by time it
 * first drops the partitions that lie wholly before the retention bound and hold only such rows
 * ({@link PartitionRetention}).
 */
final class RetentionSweep extends TimerTask {

    private static final Logger LOG = System.getLogger(RetentionSweep.class.getName());
    private static final int BATCH = 500;

    private final DeliveryContext context;
    private final Running running;
    private final Bindings bindings;
    private final Optional<PartitionRetention> partitions;

    private RetentionSweep(DeliveryContext context, TableSpec table, Running running, Duration retention) {
        this.context = context;
        this.running = running;
        this.bindings = Bindings.of(context.settings().queue()).age(retention).limit(BATCH);
        this.partitions = PartitionRetention.of(context.name(), context.dialect(), table,
                context.statements().expiredPartitions(), bindings, retention);
    }

    /**
     * @param table the checked table (its names as the database spells them)
     */
    static void start(DeliveryContext context, TableSpec table, Running running, java.util.Timer timer) {
        if (context.statements().purge().isEmpty()) {
            return;
        }
        Duration retention = context.settings().retention().orElseThrow();
        long period = Math.min(60_000, Math.max(1_000, retention.toMillis() / 2));
        timer.schedule(new RetentionSweep(context, table, running, retention), period, period);
    }

    @Override
    public void run() {
        if (!running.isRunning()) {
            cancel();
            return;
        }
        try (DatabaseConnection c = context.connections().openConnection()) {
            if (partitions.isPresent()) {
                partitions.get().sweep(c, running::isRunning);
            }
            int deleted;
            do {
                deleted = c.update(context.statements().purge().orElseThrow(), bindings);
            } while (deleted == BATCH && running.isRunning());
        } catch (SQLException | RuntimeException | Error e) {
            // An Error too (a driver's class gone): thrown out of a timer task it would end the subscription's timer,
            // and the in-doubt resolver with it, for good.
            LOG.log(Level.WARNING, "Inbox subscription '" + context.name() + "': processed rows could not be"
                    + " deleted after their retention; trying again later", e);
        }
    }
}
