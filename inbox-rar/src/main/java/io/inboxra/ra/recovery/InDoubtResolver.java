package io.inboxra.ra.recovery;


import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TimerTask;
import java.util.concurrent.ConcurrentHashMap;
import javax.transaction.xa.XAException;

/**
 * The adapter's last resort for in-doubt branches, off unless {@code inDoubtTimeout} is set.
 * It finishes only branches of this subscription's deliveries in this server that the
 * transaction manager prepared and then completed the transaction without committing or rolling
 * back ({@link UndecidedBranches}), once they have waited {@code inDoubtTimeout} (the
 * transaction manager's own recovery may finish them first), and only with the outcome the
 * transaction manager reported for the transaction (committed or rolled back): it never decides
 * what the transaction manager did not. A branch whose outcome was not reported is left to an
 * operator, and logged.
 *
 * <p>It never looks for prepared branches in the database: a branch prepared by another server,
 * or by this one before it restarted, is its transaction manager's to decide, even while that
 * server is down. Rolling such a branch back once presumed the transaction rolled back; if it
 * had logged COMMIT, its recovery later committed the MDB's own branch, and the row, back in
 * the table, was delivered a second time.
 */
public final class InDoubtResolver extends TimerTask {

    private static final Logger LOG = System.getLogger(InDoubtResolver.class.getName());

    private final String subscription;
    private final java.util.function.BooleanSupplier running;
    private final UndecidedBranches branches;
    private final FreshConnectionFinisher finisher;
    private final Duration timeout;
    private final Clock clock;
    private final Map<UndecidedBranches.Undecided, Instant> seen = new ConcurrentHashMap<>();
    /** Branches not finished on a pass: warned about once (then at DEBUG on each pass), and told when finished. */
    private final Set<UndecidedBranches.Undecided> warned = ConcurrentHashMap.newKeySet();

    /**
     * @param timeout how long a branch waits, from when this resolver first saw it undecided
     * @param clock the clock that wait runs on
     */
    public InDoubtResolver(String subscription, java.util.function.BooleanSupplier running, UndecidedBranches branches,
            FreshConnectionFinisher finisher, Duration timeout, Clock clock) {
        this.subscription = subscription;
        this.running = running;
        this.branches = branches;
        this.finisher = finisher;
        this.timeout = timeout;
        this.clock = clock;
    }

    /** Checks every half timeout (at least every second, at most every minute), on the subscription's timer. */
    public void start(java.util.Timer timer) {
        long period = Math.min(60_000, Math.max(1_000, timeout.toMillis() / 2));
        timer.schedule(this, period, period);
    }

    @Override
    public void run() {
        if (!running.getAsBoolean()) {
            cancel();
            return;
        }
        Instant now = clock.instant();
        for (UndecidedBranches.Undecided branch : branches.all()) {
            Instant since = seen.computeIfAbsent(branch, b -> now);
            if (!now.isBefore(since.plus(timeout))) {
                finish(branch);
            }
        }
    }

    private void finish(UndecidedBranches.Undecided branch) {
        if (!branch.committed() && !branch.rolledBack()) {
            LOG.log(Level.ERROR, "Inbox subscription '" + subscription + "': a delivery's branch (" + branch.xid()
                    + ") was left prepared by the transaction manager, which reported no outcome (status "
                    + branch.status() + "); the adapter does not guess one. Find the transaction's outcome in the"
                    + " server's log and commit or roll back the branch by hand (PostgreSQL: COMMIT PREPARED or"
                    + " ROLLBACK PREPARED; MySQL/MariaDB: XA COMMIT or XA ROLLBACK)");
            forget(branch);
            return;
        }
        String outcome = branch.committed() ? "committed" : "rolled back";
        SentDecision sent;
        try {
            sent = finisher.apply(branch.xid(), branch.committed());
        } catch (XAException e) {
            notYet(branch, outcome, "XA error " + e.errorCode + ", " + e.getMessage(), null);
            return;
        } catch (RuntimeException | Error e) {
            // A driver's own failure (an Error too: a class gone): thrown out of a TimerTask it would end the
            // subscription's timer, and the resolver and the retention sweep with it, for good and without a word.
            notYet(branch, outcome, e.toString(), e);
            return;
        }
        XAException noSuchBranch = sent.noSuchBranch();
        if (noSuchBranch != null && sent.finished()) {
            // Finished meanwhile (the transaction manager's recovery, or the acknowledged outcome after all).
            if (warned.contains(branch)) {
                LOG.log(Level.INFO, "Inbox subscription '" + subscription + "': the branch the transaction"
                        + " manager left prepared, not " + outcome + " on an earlier pass, is finished");
            }
            forget(branch);
            return;
        }
        if (noSuchBranch != null) {
            notYet(branch, outcome, "XA error " + noSuchBranch.errorCode + ", " + noSuchBranch.getMessage(), null);
            return;
        }
        if (!sent.finished()) {
            // MariaDB once acknowledged an XA COMMIT from another session and kept the branch prepared (its own
            // session was letting go of it): only the database's list of prepared branches says it is finished.
            notYet(branch, outcome, "the database acknowledged it but still lists the branch prepared, or could not"
                    + " be asked", null);
            return;
        }
        LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': " + outcome + " a delivery's"
                + " branch that the transaction manager left prepared after it " + outcome + " the transaction,"
                + " " + timeout + " ago");
        forget(branch);
    }

    /** Logs a branch not finished on this pass: a warning the first time, then at DEBUG. */
    private void notYet(UndecidedBranches.Undecided branch, String outcome, String why, Throwable cause) {
        Level level = warned.add(branch) ? Level.WARNING : Level.DEBUG;
        LOG.log(level, "Inbox subscription '" + subscription + "': a branch the transaction manager left prepared"
                + " could not be " + outcome + " (" + why + "); trying again on each pass", cause);
    }

    private void forget(UndecidedBranches.Undecided branch) {
        branches.remove(branch);
        seen.remove(branch);
        warned.remove(branch);
    }
}
