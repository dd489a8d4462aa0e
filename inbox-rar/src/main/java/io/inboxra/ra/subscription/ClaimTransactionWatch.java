package io.inboxra.ra.subscription;

import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.delivery.OpenClaims;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Timer;
import java.util.TimerTask;

/**
 * Warns, once per transaction, of a claim transaction open longer than
 * {@code claimTransactionWarning}: in the row lock form the claim's transaction lasts as long as
 * the MDB runs, and meanwhile the database cannot clean up dead rows of any table (PostgreSQL's
 * vacuum keeps every row version newer than the transaction's snapshot), so tables bloat.
 */
final class ClaimTransactionWatch extends TimerTask {

    private static final Logger LOG = System.getLogger(ClaimTransactionWatch.class.getName());

    private final SubscriptionSettings settings;
    private final OpenClaims openClaims;

    private ClaimTransactionWatch(SubscriptionSettings settings, OpenClaims openClaims) {
        this.settings = settings;
        this.openClaims = openClaims;
    }

    /** Looks four times per bound (at most every 30 s, at least every second) on the subscription's timer. */
    static void start(SubscriptionSettings settings, OpenClaims openClaims, Timer timer) {
        long period = Math.max(1000, Math.min(30_000, settings.claimTransactionWarning().toMillis() / 4));
        timer.schedule(new ClaimTransactionWatch(settings, openClaims), period, period);
    }

    @Override
    public void run() {
        Duration bound = settings.claimTransactionWarning();
        openClaims.reportOlderThan(bound, open -> LOG.log(Level.WARNING, "Inbox subscription '" + settings.name()
                + "': a claim transaction has been open for " + open.toSeconds() + " s, longer than"
                + " claimTransactionWarning (" + bound + "): the row lock form keeps the claim's transaction open"
                + " while the MDB runs, which holds back the database's clean-up of dead rows (PostgreSQL's"
                + " vacuum, InnoDB's purge); for long MDB work use the lease form (lockedUntilColumn), or raise"
                + " claimTransactionWarning if such work is expected"));
    }
}
