package io.inboxra.ra.recovery;

import io.inboxra.ra.recovery.FreshConnection.Decision;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * The background watch of {@link FreshConnectionFinisher}: looks for a prepared branch every second
 * and applies the transaction manager's decision while it is still prepared and its lost session is
 * gone, until the database has not listed it for {@link #ABSENT_LOOKS} looks, for at most {@link
 * #GIVE_UP_AFTER} (or until an {@code Error}, which no later look would fare better with). One watch
 * per branch, however often the transaction manager retries. Its log lines name this class's
 * logger.
 */
final class BranchWatch {

    private static final Logger LOG = System.getLogger(BranchWatch.class.getName());
    static final Duration LOOK_EVERY = Duration.ofSeconds(1);
    /** Looks that find the branch no longer prepared (not necessarily in a row) before the watch ends. */
    private static final int ABSENT_LOOKS = 10;
    private static final Duration GIVE_UP_AFTER = Duration.ofMinutes(15);

    private final FreshConnection connections;
    private final LostSessions sessions;
    private final String subscription;
    private final ScheduledExecutorService watches;
    /** The branches watched now. */
    private final Set<BranchKey> watched = ConcurrentHashMap.newKeySet();

    BranchWatch(FreshConnection connections, LostSessions sessions, String subscription,
            ScheduledExecutorService watches) {
        this.connections = connections;
        this.sessions = sessions;
        this.subscription = subscription;
        this.watches = watches;
    }

    /** @return how many branches are watched now */
    int watching() {
        return watched.size();
    }

    /**
     * Watches the branch, unless it is watched already.
     *
     * @param unreachable whether the database could not be reached (said once, here)
     */
    void watch(Xid xid, String what, Decision decision, boolean unreachable, OptionalLong lostSession) {
        BranchKey key = BranchKey.of(xid);
        if (!watched.add(key)) {
            return;
        }
        if (unreachable) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': a prepared delivery branch could not be"
                    + " reached to " + what + "; trying again every " + LOOK_EVERY.toSeconds() + " s");
        }
        long deadline = System.nanoTime() + GIVE_UP_AFTER.toNanos();
        AtomicInteger absent = new AtomicInteger();
        AtomicReference<Exception> lastFailure = new AtomicReference<>();
        AtomicReference<ScheduledFuture<?>> schedule = new AtomicReference<>();
        Runnable stop = () -> {
            schedule.get().cancel(false);
            watched.remove(key);
        };
        BiConsumer<String, Throwable> giveUp = (when, why) -> {
            LOG.log(Level.ERROR, "Inbox subscription '" + subscription + "': gave up the " + what + " of a"
                    + " prepared delivery branch" + when + "; the transaction manager's recovery or an operator"
                    + " must finish it (" + what + ")", why);
            stop.run();
        };
        Runnable look = () -> {
            if (System.nanoTime() > deadline) {
                giveUp.accept(" after " + GIVE_UP_AFTER, lastFailure.get());
                return;
            }
            try {
                connections.use(connection -> {
                    if (!sessions.isGone(connection, lostSession, Duration.ZERO)) {
                        return; // the branch may still be the closing session's: looked for again
                    }
                    XAResource resource = connection.getXAResource();
                    if (!FreshConnection.isPrepared(resource, xid)) {
                        if (absent.incrementAndGet() >= ABSENT_LOOKS) {
                            stop.run();
                        }
                        return;
                    }
                    SentDecision sent = FreshConnection.send(resource, xid, decision);
                    if (sent.noSuchBranch() != null) {
                        // Kept for the give-up log: the next looks tell whether the branch is gone.
                        if (sent.listFailure() != null) {
                            sent.noSuchBranch().addSuppressed(sent.listFailure());
                        }
                        throw sent.noSuchBranch();
                    }
                    if (sent.listFailure() != null) {
                        throw sent.listFailure(); // not known finished: looked for again
                    }
                    if (sent.listed()) {
                        return; // acknowledged but still listed: looked for again
                    }
                    LOG.log(Level.INFO, "Inbox subscription '" + subscription + "': a prepared delivery branch is"
                            + " finished (" + what + ") from a new connection");
                    stop.run();
                });
            } catch (XAException | RuntimeException e) {
                // Looked for again; reported with the give-up. A driver's RuntimeException too: escaping, it would
                // end the schedule without a word and leave the branch marked watched for good.
                lastFailure.set(e);
            } catch (Error e) {
                // A driver's class no longer loadable once its application was undeployed, say: no later look fares
                // better, and escaping, it would end the schedule without a word.
                giveUp.accept("", e);
            }
        };
        try {
            schedule.set(watches.scheduleWithFixedDelay(look, LOOK_EVERY.toMillis(), LOOK_EVERY.toMillis(),
                    TimeUnit.MILLISECONDS));
        } catch (RejectedExecutionException stopping) {
            // The subscription stopped (a delivery cut off at undeploy): its threads are gone, and the branch stays
            // prepared for the transaction manager's recovery (or the next activation's in-doubt resolver).
            watched.remove(key);
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': a prepared delivery branch's " + what
                    + " could not be sent from a new connection and the subscription has stopped, so it is not"
                    + " tried again here; the transaction manager's recovery finishes it");
        }
    }
}
