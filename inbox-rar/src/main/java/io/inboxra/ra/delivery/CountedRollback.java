package io.inboxra.ra.delivery;

import io.inboxra.ra.xa.DeliveryBranch;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.transaction.xa.XAException;

/**
 * The rollback of a prepared row lock branch (another resource of the transaction failed its
 * prepare, after the adapter's branch had prepared), with the failure counted before any other
 * claim can take the row. A prepared branch cannot be written to any more, so the record is
 * written from a connection of its own: its statement is sent first and waits on the row's lock,
 * then the branch rolls back, and the lock passes to that waiting statement ahead of every
 * {@code SKIP LOCKED} claim (which skips a row another transaction waits for).
 */
final class CountedRollback {

    private static final Logger LOG = System.getLogger(CountedRollback.class.getName());
    /** Time for the record's statement to reach the database and queue on the lock, before the rollback. */
    private static final long QUEUED_MILLIS = 150;
    /** The record waits at most this long for the lock once the branch has rolled back. */
    private static final long RECORD_SECONDS = 30;

    private CountedRollback() {
    }

    static void run(Subscription subscription, ClaimedRow row, String error, DeliveryBranch.PreparedRollback rollback)
            throws XAException {
        WorkerConnection counter;
        try {
            counter = subscription.openConnection();
            counter.connection().setAutoCommit(false);
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription.name() + "': no connection to count the"
                    + " failure of row " + row.id() + " before its rollback; it returns uncounted", e);
            rollback.run();
            return;
        }
        try (counter) {
            Future<Boolean> counted = subscription.background()
                    .submit(() -> subscription.settlement().recordFailure(counter, row, error));
            awaitQuietly(counted, QUEUED_MILLIS, TimeUnit.MILLISECONDS);
            rollback.run();
            if (Boolean.TRUE.equals(counted.get(RECORD_SECONDS, TimeUnit.SECONDS))) {
                counter.connection().commit();
            }
        } catch (ExecutionException | TimeoutException | SQLException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription.name() + "': the failure of row " + row.id()
                    + " could not be counted; it returns uncounted",
                    e instanceof ExecutionException ? e.getCause() : e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void awaitQuietly(Future<?> future, long time, TimeUnit unit) {
        try {
            future.get(time, unit);
        } catch (TimeoutException expected) {
            // Waiting on the row's lock, as it should be.
        } catch (ExecutionException e) {
            // Reported when the record is read after the rollback.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
