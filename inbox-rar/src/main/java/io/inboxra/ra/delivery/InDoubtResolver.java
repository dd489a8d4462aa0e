package io.inboxra.ra.delivery;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.TimerTask;

/**
 * The adapter's last resort for its own in-doubt branches: a prepared, undecided branch that
 * claimed rows of the subscription's table (locked, updated or deleted them; the dialect's
 * {@code inDoubtBranches} tells) and is older than {@code inDoubtTimeout} is rolled back and
 * logged. Rolling back is the safe choice: the row comes back and is delivered again, where
 * committing could settle a row whose handler's work was rolled back. A branch that only
 * inserted into the table (a producer's, an MDB's) is not the adapter's and is left alone.
 *
 * <p>It never acts in the first {@code inDoubtTimeout} after activation, so that the
 * transaction manager's own recovery, which runs as the server starts, decides first. Keep the
 * timeout well above a server restart.
 */
final class InDoubtResolver extends TimerTask {

    private static final Logger LOG = System.getLogger(InDoubtResolver.class.getName());

    private final DeliveryContext context;
    private final Duration timeout;
    private final Clock clock;
    private final Instant graceEnds;

    /**
     * @param subscription the subscription, just activated
     * @param timeout how old a branch must be, and how long after activation the resolver waits
     * @param clock the clock the wait after activation runs on (the branches' age is the database's)
     */
    InDoubtResolver(DeliveryContext context, Duration timeout, Clock clock) {
        this.context = context;
        this.timeout = timeout;
        this.clock = clock;
        this.graceEnds = clock.instant().plus(timeout);
    }

    /** Checks every half timeout (at least every second, at most every minute), from the timeout after now on. */
    static void start(DeliveryContext context) {
        if (context.statements().inDoubtBranches().isEmpty()) {
            return;
        }
        Duration timeout = context.settings().inDoubtTimeout();
        long period = Math.min(60_000, Math.max(1_000, timeout.toMillis() / 2));
        context.threads().timer().schedule(new InDoubtResolver(context, timeout, Clock.systemUTC()), period, period);
    }

    @Override
    public void run() {
        if (!context.running().isRunning()) {
            cancel();
            return;
        }
        if (clock.instant().isBefore(graceEnds)) {
            return;
        }
        try (WorkerConnection c = context.connections().openConnection()) {
            List<String> branches = c.strings(context.statements().inDoubtBranches().orElseThrow(),
                    Bindings.of(context.settings().queue()).age(timeout));
            for (String branch : branches) {
                rollBack(c, branch);
            }
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + context.name() + "': in-doubt branches could not be"
                    + " checked; trying again later", e);
        }
    }

    private void rollBack(WorkerConnection c, String branch) {
        try {
            c.execute(context.dialect().rollbackBranch(branch).orElseThrow().sql());
            LOG.log(Level.WARNING, "Inbox subscription '" + context.name() + "': rolled back the in-doubt"
                    + " branch " + branch + ", prepared more than " + timeout + " ago, which claimed rows of table '"
                    + context.settings().table().table() + "'; its rows return and are delivered again");
        } catch (SQLException e) {
            // Decided meanwhile (the transaction manager's recovery, another server's resolver): gone next time.
            LOG.log(Level.WARNING, "Inbox subscription '" + context.name() + "': the in-doubt branch " + branch
                    + " could not be rolled back (" + e.getMessage() + "); trying again later if it is still there");
        }
    }
}
