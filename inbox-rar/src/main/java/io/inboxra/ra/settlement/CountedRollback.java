package io.inboxra.ra.settlement;

import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.connection.SubscriptionConnections;
import io.inboxra.ra.connection.SubscriptionStatements;

import io.inboxra.ra.dialect.LockWaits;
import io.inboxra.ra.xa.FailureRecord;

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
 * prepare after the adapter's branch had prepared), with the failure counted before any other
 * claim can take the row. A prepared branch cannot be written to any more, so the record is
 * written from a connection of its own: its statement is sent first and queues on the row's
 * lock, then the branch rolls back, and the lock passes to that waiting statement rather than to
 * a {@code SKIP LOCKED} claim (which skips a row another transaction waits for). On
 * PostgreSQL the record first queues for the row's claim guard ({@link
 * io.inboxra.ra.dialect.RowClaimGuard}), which the lock manager hands over as the branch ends;
 * the row's own lock would pass only once the waiter woke, and a claim could come in between.
 * Built-in dialects tell when the statement is queued ({@link LockWaits}); with others the
 * adapter allows it a short time.
 */
public final class CountedRollback {

    private static final Logger LOG = System.getLogger(CountedRollback.class.getName());
    /** Without a way to see the lock wait: time for the record's statement to reach the lock. */
    private static final long QUEUED_MILLIS = 150;
    /** With one: how long to look for the wait before rolling back anyway. */
    private static final long QUEUE_LOOK_MILLIS = 2_000;
    /** The record waits at most this long for the lock once the branch has rolled back. */
    private static final long RECORD_SECONDS = 30;

    private final String subscription;
    private final SubscriptionConnections connections;
    private final LockWaits waits;
    private final java.util.Optional<io.inboxra.dialect.Statement> claimGuard;
    private final Bindings bindings;
    private final Settlement settlement;
    private final java.util.concurrent.ExecutorService background;

    /**
     * @param dialect the subscription's dialect, which may tell lock waits ({@link LockWaits})
     * @param background where the record's statement runs while it waits for the row's lock
     */
    public CountedRollback(String subscription, SubscriptionConnections connections, io.inboxra.dialect.Dialect dialect,
            SubscriptionStatements statements, Bindings bindings, Settlement settlement,
            java.util.concurrent.ExecutorService background) {
        this.subscription = subscription;
        this.connections = connections;
        this.waits = dialect instanceof LockWaits w ? w : null;
        this.claimGuard = statements.claimGuard();
        this.bindings = bindings;
        this.settlement = settlement;
        this.background = background;
    }

    public void run(ClaimedRow row, String error, FailureRecord.PreparedRollback rollback) throws XAException {
        DatabaseConnection counter;
        long session;
        try {
            counter = connections.openConnection();
            session = waits == null ? -1 : counter.number(waits.sessionId());
            counter.connection().setAutoCommit(false);
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': no connection to count the"
                    + " failure of row " + row.id() + " before its rollback; it returns uncounted", e);
            rollback.run();
            return;
        }
        try (counter) {
            Future<Boolean> counted = background.submit(() -> {
                // Where claims take a guard of each row, queue for it first: it passes to this
                // transaction the moment the branch ends, with no claim in between.
                if (claimGuard.isPresent()) {
                    counter.first(claimGuard.get(), bindings.row(row));
                }
                return settlement.recordFailure(counter, row, error);
            });
            if (waits == null) {
                awaitQuietly(counted, QUEUED_MILLIS);
            } else {
                awaitQueued(session, counted);
            }
            try {
                rollback.run();
            } catch (XAException e) {
                if (e.errorCode != XAException.XAER_NOTA) {
                    throw e;
                }
                // Never prepared after all (its prepare failed on the way): the row is free and the count stands.
            }
            if (Boolean.TRUE.equals(counted.get(RECORD_SECONDS, TimeUnit.SECONDS))) {
                counter.connection().commit();
            }
        } catch (ExecutionException | TimeoutException | SQLException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': the failure of row " + row.id()
                    + " could not be counted; it returns uncounted",
                    e instanceof ExecutionException ? e.getCause() : e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Looks, from a third connection, until the counter's statement waits on the row's lock. */
    private void awaitQueued(long session, Future<Boolean> counted) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(QUEUE_LOOK_MILLIS);
        try (DatabaseConnection watcher = connections.openConnection()) {
            while (!counted.isDone() && !watcher.returnsRow(waits.waiting(session))) {
                if (System.nanoTime() > deadline) {
                    LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': the failure's record"
                            + " did not queue on the row's lock in time; rolling back anyway");
                    return;
                }
                Thread.sleep(2);
            }
        } catch (SQLException e) {
            LOG.log(Level.DEBUG, () -> "cannot see the record's lock wait: " + e);
            awaitQuietly(counted, QUEUED_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void awaitQuietly(Future<?> future, long millis) {
        try {
            future.get(millis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException expected) {
            // Waiting on the row's lock, as it should be.
        } catch (ExecutionException e) {
            // Reported when the record is read after the rollback.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
