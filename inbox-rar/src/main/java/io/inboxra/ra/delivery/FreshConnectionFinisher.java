package io.inboxra.ra.delivery;

import io.inboxra.ra.xa.DeliveryBranch;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.XAConnection;
import javax.sql.XADataSource;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * Finishes a prepared branch whose own connection failed, from a new connection: a prepared
 * branch outlives its session (PostgreSQL's {@code COMMIT PREPARED}, MariaDB's {@code XA COMMIT}
 * work from any session). While the database cannot be reached it throws {@code XAER_RMFAIL},
 * so the transaction manager tries again. MariaDB answers {@code XAER_NOTA} for a branch whose
 * killed session has not yet let it go, though {@code XA RECOVER} lists it: such a branch is
 * tried again for a while; {@code XAER_NOTA} is passed on only for a branch no longer prepared.
 *
 * <p>A branch the database could not be reached to finish is tried again in the background,
 * every few seconds, with the decision the transaction manager gave (it decided, so finishing is
 * safe, and a test harness or a server whose recovery never comes back to it would otherwise
 * leave the row locked for ever).
 */
final class FreshConnectionFinisher implements DeliveryBranch.Finisher {

    private static final Logger LOG = System.getLogger(FreshConnectionFinisher.class.getName());
    private static final Duration RETRY_EVERY = Duration.ofSeconds(2);
    private static final Duration GIVE_UP_AFTER = Duration.ofMinutes(15);

    private final XADataSource dataSource;
    private final String subscription;
    private final ScheduledExecutorService retries;

    FreshConnectionFinisher(XADataSource dataSource, String subscription, ScheduledExecutorService retries) {
        this.dataSource = dataSource;
        this.subscription = subscription;
        this.retries = retries;
    }

    /** How long a branch still listed as prepared is tried again while its old session lets go of it. */
    private static final long DETACH_MILLIS = 10_000;

    private interface Finish {
        void on(XAResource resource) throws XAException;
    }

    @Override
    public void commit(Xid xid) throws XAException {
        orLater("commit", finishing(xid, resource -> resource.commit(xid, false)));
    }

    @Override
    public void rollback(Xid xid) throws XAException {
        orLater("rollback", finishing(xid, resource -> resource.rollback(xid)));
    }

    private interface Attempt {
        void run() throws XAException;
    }

    private Attempt finishing(Xid xid, Finish finish) {
        return () -> finish(resource -> untilDetached(resource, xid, () -> finish.on(resource)));
    }

    /** Tries now; while the database cannot be reached, again in the background, and reports the failure. */
    private void orLater(String what, Attempt attempt) throws XAException {
        try {
            attempt.run();
        } catch (XAException e) {
            if (e.errorCode == XAException.XAER_RMFAIL) {
                later(what, attempt);
            }
            throw e;
        }
    }

    private void later(String what, Attempt attempt) {
        LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': a prepared delivery branch could not be"
                + " reached to " + what + "; trying again every " + RETRY_EVERY.toSeconds() + " s");
        long deadline = System.nanoTime() + GIVE_UP_AFTER.toNanos();
        AtomicReference<ScheduledFuture<?>> schedule = new AtomicReference<>();
        Runnable retry = () -> {
            try {
                attempt.run();
                LOG.log(Level.INFO, "Inbox subscription '" + subscription + "': the prepared delivery branch is"
                        + " finished (" + what + ")");
                schedule.get().cancel(false);
            } catch (XAException e) {
                if (e.errorCode != XAException.XAER_RMFAIL) {
                    // No longer prepared (the transaction manager finished it meanwhile), or refused for good.
                    LOG.log(Level.INFO, "Inbox subscription '" + subscription + "': the prepared delivery branch"
                            + " needs no more " + what + " (XA error " + e.errorCode + ")");
                    schedule.get().cancel(false);
                } else if (System.nanoTime() > deadline) {
                    LOG.log(Level.ERROR, "Inbox subscription '" + subscription + "': gave up the " + what + " of a"
                            + " prepared delivery branch after " + GIVE_UP_AFTER + "; the transaction manager's recovery"
                            + " must finish it", e);
                    schedule.get().cancel(false);
                }
            }
        };
        schedule.set(retries.scheduleWithFixedDelay(retry, RETRY_EVERY.toMillis(), RETRY_EVERY.toMillis(),
                TimeUnit.MILLISECONDS));
    }

    private interface Step {
        void run() throws XAException;
    }

    private static void untilDetached(XAResource resource, Xid xid, Step step) throws XAException {
        long deadline = System.nanoTime() + DETACH_MILLIS * 1_000_000;
        while (true) {
            try {
                step.run();
                return;
            } catch (XAException e) {
                if (e.errorCode != XAException.XAER_NOTA || !isPrepared(resource, xid)
                        || System.nanoTime() > deadline) {
                    throw e;
                }
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                XAException interrupted = new XAException(XAException.XAER_RMFAIL);
                interrupted.initCause(e);
                throw interrupted;
            }
        }
    }

    /** @return whether the database still lists the branch as prepared */
    private static boolean isPrepared(XAResource resource, Xid xid) throws XAException {
        for (Xid prepared : resource.recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN)) {
            if (prepared.getFormatId() == xid.getFormatId()
                    && java.util.Arrays.equals(prepared.getGlobalTransactionId(), xid.getGlobalTransactionId())
                    && java.util.Arrays.equals(prepared.getBranchQualifier(), xid.getBranchQualifier())) {
                return true;
            }
        }
        return false;
    }

    private void finish(Finish finish) throws XAException {
        XAConnection xa;
        try {
            xa = dataSource.getXAConnection();
        } catch (SQLException e) {
            XAException failure = new XAException(XAException.XAER_RMFAIL);
            failure.initCause(e);
            throw failure;
        }
        try {
            finish.on(xa.getXAResource());
        } catch (SQLException e) {
            XAException failure = new XAException(XAException.XAER_RMFAIL);
            failure.initCause(e);
            throw failure;
        } catch (XAException e) {
            if (e.errorCode == 0) {
                XAException failure = new XAException(XAException.XAER_RMFAIL);
                failure.initCause(e);
                throw failure;
            }
            throw e;
        } finally {
            try {
                xa.close();
            } catch (SQLException e) {
                System.getLogger(FreshConnectionFinisher.class.getName()).log(System.Logger.Level.DEBUG,
                        () -> "closing the connection that finished a branch: " + e);
            }
        }
    }
}
