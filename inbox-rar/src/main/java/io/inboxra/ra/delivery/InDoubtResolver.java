package io.inboxra.ra.delivery;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.TimerTask;

/**
 * The adapter's last resort for its own in-doubt branches: a prepared, undecided branch that
 * holds locks on the subscription's table and is older than {@code inDoubtTimeout} is rolled
 * back and logged, at activation and periodically. Rolling back is the safe choice: the row
 * comes back and is delivered again, where committing could settle a row whose handler's work
 * was rolled back. Keep the timeout well above a server restart, so the transaction manager's
 * own recovery decides first.
 */
final class InDoubtResolver extends TimerTask {

    private static final Logger LOG = System.getLogger(InDoubtResolver.class.getName());

    private final Subscription subscription;

    private InDoubtResolver(Subscription subscription) {
        this.subscription = subscription;
    }

    /** Resolves now, then every half timeout (at least every second, at most every minute). */
    static void start(Subscription subscription) {
        if (subscription.statements().inDoubtBranches().isEmpty()) {
            return;
        }
        InDoubtResolver resolver = new InDoubtResolver(subscription);
        resolver.run();
        long period = Math.min(60_000, Math.max(1_000, subscription.settings().inDoubtTimeout().toMillis() / 2));
        subscription.timer().schedule(resolver, period, period);
    }

    @Override
    public void run() {
        if (!subscription.isRunning()) {
            cancel();
            return;
        }
        Duration age = subscription.settings().inDoubtTimeout();
        try (WorkerConnection c = subscription.openConnection()) {
            List<String> branches = c.strings(subscription.statements().inDoubtBranches().orElseThrow(),
                    Bindings.of(subscription.settings().queue()).age(age));
            for (String branch : branches) {
                c.execute(subscription.dialect().rollbackBranch(branch).orElseThrow());
                LOG.log(Level.WARNING, "Inbox subscription '" + subscription.name() + "': rolled back the in-doubt"
                        + " branch " + branch + ", prepared more than " + age + " ago and holding rows of table '"
                        + subscription.settings().table().table() + "'; its rows return and are delivered again");
            }
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription.name() + "': in-doubt branches could not be"
                    + " checked; trying again later", e);
        }
    }
}
