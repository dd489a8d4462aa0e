package io.inboxra.ra.delivery;

import io.inboxra.dialect.Statement;
import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.connection.SubscriptionStatements;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Keeps one delivery's lease alive while its handler runs: every third of the lease it moves
 * the expiry forward (database time) and takes the new value as the fencing token. A lease
 * that could not be extended is logged; one that matched no row is lost, and the delivery
 * will not settle. Heartbeats run on threads of their own ({@link SubscriptionThreads#heartbeats()}),
 * never behind the in-doubt check or the retention sweep, and on a connection of their own
 * ({@link io.inboxra.ra.connection.SoleConnection}), never waiting for a pooled one.
 */
final class LeaseHeartbeat implements Runnable {

    private static final Logger LOG = System.getLogger(LeaseHeartbeat.class.getName());

    private final DeliveryContext context;
    private final ClaimedRow row;
    private final Bindings bindings;
    /** The longest wait for the database's reply to one extension ({@link #replyTimeout}). */
    private final Duration replyTimeout;
    private Object token;
    /** When the lease was last written (the claim, or an extension), in {@link System#nanoTime}. */
    private long heldAt = System.nanoTime();
    private boolean lost;
    /**
     * Whether an extension went unanswered, and when ({@link System#nanoTime}): the database may
     * have written it, and the row then holds a token the heartbeat never saw. Kept for a lease
     * after the cut-off, not cleared by the next extension that succeeds: one cut off may still
     * be written after it.
     */
    private boolean unanswered;
    private long unansweredAt;
    private boolean stopped;
    private ScheduledFuture<?> schedule;

    private LeaseHeartbeat(DeliveryContext context, ClaimedRow row) {
        this.context = context;
        this.row = row;
        this.token = row.token();
        this.bindings = Bindings.of(context.settings().queue()).lease(context.settings().lease()).row(row);
        this.replyTimeout = replyTimeout(context.settings().lease(),
                context.settings().dataSource().timeouts().network());
    }

    /**
     * A sixth of the lease, at most the network timeout, at least a quarter second. A connection
     * gone half-open (a NAT or firewall that dropped its flow) would otherwise hold the
     * extension, and the subscription's one heartbeat thread with every other lease's behind it,
     * for the whole network timeout, as long as the lease by default: the leases would run out
     * and their rows be delivered again elsewhere. Cut off after a sixth, the extension fails,
     * its connection is replaced, and the next one, a third of the lease later, comes while the
     * lease still holds.
     */
    static Duration replyTimeout(Duration lease, Duration network) {
        Duration sixth = lease.dividedBy(6);
        Duration floor = Duration.ofMillis(250);
        return sixth.compareTo(network) > 0 ? network : sixth.compareTo(floor) < 0 ? floor : sixth;
    }

    static LeaseHeartbeat start(DeliveryContext context, ClaimedRow row) {
        return new LeaseHeartbeat(context, row).scheduled();
    }

    /**
     * Starts the heartbeat of a row whose lease should still hold (a batch's row, after the batch
     * rolled back), extending it at once. An extension of the row's earlier heartbeat that went
     * unanswered (the settlement's, say) may have been written since: the new heartbeat knows it,
     * and finds that lease rather than take the row for lost and leave it to wait its lease out.
     *
     * @param before the row's heartbeat until now, stopped (null: none)
     * @return the heartbeat, or null when the lease was lost (the row is then another claim's)
     */
    static LeaseHeartbeat startIfHeld(DeliveryContext context, ClaimedRow row, LeaseHeartbeat before) {
        LeaseHeartbeat heartbeat = new LeaseHeartbeat(context, row);
        if (before != null) {
            synchronized (before) {
                heartbeat.unanswered = before.unanswered;
                heartbeat.unansweredAt = before.unansweredAt;
                // The lease last known written: if the extension below is cut off too, a row ahead is confirmed
                // by its age before it is delivered (confirmHeld), not taken for freshly extended.
                heartbeat.heldAt = before.heldAt;
            }
        }
        heartbeat.run();
        synchronized (heartbeat) {
            if (heartbeat.lost) {
                return null;
            }
        }
        return heartbeat.scheduled();
    }

    private LeaseHeartbeat scheduled() {
        long period = Math.max(1, context.settings().lease().toMillis() / 3);
        ScheduledFuture<?> scheduled = context.heartbeats()
                .scheduleWithFixedDelay(this, period, period, TimeUnit.MILLISECONDS);
        synchronized (this) {
            schedule = scheduled;
        }
        return this;
    }

    @Override
    public synchronized void run() {
        beat("trying again in a third of the lease");
    }

    /**
     * Extends the lease once, unless stopped or lost; a failure is logged with what follows it.
     *
     * @return false when the extension failed (the database did not answer, or answered with an error)
     */
    private boolean beat(String onFailure) {
        if (stopped || lost) {
            return true;
        }
        try {
            Object found = context.connections().extensions().run(replyTimeout, this::extendOn);
            if (found == null) {
                lost = true;
                cancel();
                LOG.log(Level.WARNING, "Inbox subscription '" + context.name() + "': the lease of row " + row.id()
                        + " was lost (it ran out and another claim took the row): a delivery of it under way will not"
                        + " settle, and a row still waiting ahead is not delivered here");
            } else {
                token = found;
                heldAt = System.nanoTime();
            }
            return true;
        } catch (SQLException | RuntimeException e) {
            unanswered = true;
            unansweredAt = System.nanoTime();
            LOG.log(Level.WARNING, "Inbox subscription '" + context.name() + "': the lease of row " + row.id()
                    + " could not be extended; " + onFailure, e);
            return false;
        }
    }

    /** @return whether an extension went unanswered less than a lease ago */
    private boolean afterUnanswered() {
        return unanswered && System.nanoTime() - unansweredAt < context.settings().lease().toNanos();
    }

    /**
     * Extends the lease with the last token seen; where that matches nothing after an extension
     * that went unanswered, with the lease that extension may have written
     * ({@link io.inboxra.dialect.Lease#extendLeaseAfterCutOff}).
     *
     * @return the new token, or null when the lease was lost
     */
    private Object extendOn(DatabaseConnection c) throws SQLException {
        SubscriptionStatements statements = context.statements();
        Object next = extendWith(c, statements.extendLease().orElseThrow());
        if (next == null && afterUnanswered() && statements.extendLeaseAfterCutOff().isPresent()) {
            next = extendWith(c, statements.extendLeaseAfterCutOff().get());
            if (next != null) {
                LOG.log(Level.INFO, "Inbox subscription '" + context.name() + "': the lease of row " + row.id()
                        + " held the extension that went unanswered (the database wrote it); extended from there");
            }
        }
        return next;
    }

    private Object extendWith(DatabaseConnection c, Statement extension) throws SQLException {
        Bindings current = bindings.row(row.withToken(token));
        if (!context.statements().leaseInSteps()) {
            return c.first(extension, current);
        }
        // Where an UPDATE returns nothing, the new token is read back; the lease is held, so it is this one.
        if (c.update(extension, current) != 1) {
            return null;
        }
        return c.claim(context.statements().leaseRead().get(), current).stream().findFirst()
                .map(ClaimedRow::token).orElse(null);
    }

    /**
     * Before a row that waited is delivered: whether its lease still holds. A lease written less
     * than two thirds of its length ago has not run out (the heartbeat writes one every third); an
     * older one (the heartbeat could not reach the database meanwhile) is confirmed by an
     * extension now.
     *
     * @return false when the lease was lost, or could not be confirmed
     */
    synchronized boolean confirmHeld() {
        long fresh = context.settings().lease().toNanos() * 2 / 3;
        if (!lost && System.nanoTime() - heldAt > fresh) {
            beat("the row is passed over, its lease left to run out");
        }
        return !lost && System.nanoTime() - heldAt <= fresh;
    }

    /**
     * Before the row's settlement, which matches the token {@link #stop} returns: after an
     * extension that went unanswered, extends once more, to learn the token the database may have
     * written (the settlement would not match the one seen before it). Otherwise nothing.
     *
     * @return false when that extension failed: the settlement's other rows need not try theirs
     */
    synchronized boolean learnLeaseForSettlement() {
        return !afterUnanswered() || beat("the settlement matches the lease last seen");
    }

    /**
     * Stops the heartbeat, waiting for an extension under way.
     *
     * @return the last token written: a release of the lease matches it
     */
    synchronized Object stop() {
        stopped = true;
        cancel();
        return token;
    }

    private void cancel() {
        if (schedule != null) {
            schedule.cancel(false);
        }
    }
}
