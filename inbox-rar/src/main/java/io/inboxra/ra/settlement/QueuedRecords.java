package io.inboxra.ra.settlement;

import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.LockWaits;
import io.inboxra.dialect.Statement;
import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.connection.SubscriptionConnections;
import io.inboxra.ra.connection.SubscriptionStatements;
import io.inboxra.ra.xa.FailureRecord;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The failure's record of a prepared row lock branch that rolls back (another resource of the
 * transaction failed its prepare after the adapter's branch had prepared), counted before any
 * other claim can take the row. A prepared branch cannot be written to any more, so the record
 * is written from a connection of its own, in three steps that read in the order they happen
 * ({@link FailureRecord#queue}): its statement is sent and queues on the row's lock, the branch
 * rolls back, and the lock passes to that waiting statement rather than to a {@code SKIP LOCKED}
 * claim (which skips a row another transaction waits for); then the record commits. On
 * PostgreSQL the record first queues for the row's claim guard ({@link
 * io.inboxra.dialect.RowClaimGuard}), which the lock manager hands over as the branch ends;
 * the row's own lock would pass only once the waiter woke, and a claim could come in between.
 * Built-in dialects tell when the statement is queued ({@link LockWaits}); with others the
 * adapter allows it a short time. The statement waits on a thread of the subscription's, since
 * it blocks until the rollback.
 */
public final class QueuedRecords {

    private static final Logger LOG = System.getLogger(QueuedRecords.class.getName());
    /** Without a way to see the lock wait: time for the record's statement to reach the lock. */
    private static final long QUEUED_MILLIS = 150;
    /** With one: how long to look for the wait before rolling back anyway. */
    private static final long QUEUE_LOOK_MILLIS = 2_000;
    /**
     * With one: the pause between looks. Not shorter: a view the database refreshes only when nobody has read it
     * for a while ({@code INNODB_TRX}: 0.1 s, see {@link LockWaits}) would repeat its first answer, taken before
     * the record queued, until {@link #QUEUE_LOOK_MILLIS} ran out (2 ms did so on MariaDB).
     */
    private static final long QUEUE_LOOK_PACE_MILLIS = 150;
    /** The record waits at most this long for the lock once the branch has rolled back. */
    private static final long RECORD_SECONDS = 30;

    private final String subscription;
    private final SubscriptionConnections connections;
    private final LockWaits waits;
    private final Optional<Statement> claimGuard;
    private final Bindings bindings;
    private final FailureRecords records;
    private final ExecutorService background;

    /**
     * @param dialect the subscription's dialect, which may tell lock waits ({@link LockWaits})
     * @param background where the record's statement waits for the row's lock
     */
    public QueuedRecords(String subscription, SubscriptionConnections connections, Dialect dialect,
            SubscriptionStatements statements, Bindings bindings, FailureRecords records, ExecutorService background) {
        this.subscription = subscription;
        this.connections = connections;
        this.waits = dialect instanceof LockWaits w ? w : null;
        this.claimGuard = statements.claimGuard();
        this.bindings = bindings;
        this.records = records;
        this.background = background;
    }

    /**
     * Sends the row's failure record, which waits for the row's lock (and guard), before its
     * prepared branch rolls back.
     *
     * @param recorded told what the record changed, once it has committed
     * @return the record, waiting: told when the branch has rolled back, or dropped; {@link
     *         FailureRecord.Queued#NONE} when no connection could be had (the row then returns uncounted)
     */
    public FailureRecord.Queued queue(ClaimedRow row, String error, Consumer<FailureRecords.Recorded> recorded) {
        DatabaseConnection counter;
        long session;
        try {
            counter = connections.openConnection();
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': no connection to count the"
                    + " failure of row " + row.id() + " before its rollback; it returns uncounted", e);
            return FailureRecord.Queued.NONE;
        }
        try {
            // A dialect with both capabilities has one sessionId(): the id the connection learnt when it opened.
            session = waits == null ? -1
                    : counter.session().isPresent() ? counter.session().getAsLong() : counter.number(waits.sessionId());
            counter.connection().setAutoCommit(false);
        } catch (SQLException e) {
            close(counter);
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': no connection to count the"
                    + " failure of row " + row.id() + " before its rollback; it returns uncounted", e);
            return FailureRecord.Queued.NONE;
        }
        Future<FailureRecords.Recorded> counted;
        try {
            counted = background.submit(() -> {
                // Where claims take a guard of each row, queue for it first: it passes to this
                // transaction the moment the branch ends, with no claim in between.
                if (claimGuard.isPresent()) {
                    counter.first(claimGuard.get(), bindings.row(row));
                }
                return records.record(counter, row, error);
            });
        } catch (RejectedExecutionException stopping) {
            // A delivery cut off as the subscription stopped: its threads are gone, and the connection must not outlive it.
            close(counter);
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': the subscription has stopped, so the"
                    + " failure of row " + row.id() + " is not counted before its rollback; it returns uncounted");
            return FailureRecord.Queued.NONE;
        }
        if (waits == null) {
            awaitQuietly(counted, QUEUED_MILLIS);
        } else {
            awaitQueued(session, counted);
        }
        return new Waiting(row, counter, counted, recorded);
    }

    /** A record sent, waiting for the row's lock. */
    private final class Waiting implements FailureRecord.Queued {
        private final ClaimedRow row;
        private final DatabaseConnection counter;
        private final Future<FailureRecords.Recorded> counted;
        private final Consumer<FailureRecords.Recorded> recorded;

        Waiting(ClaimedRow row, DatabaseConnection counter, Future<FailureRecords.Recorded> counted,
                Consumer<FailureRecords.Recorded> recorded) {
            this.row = row;
            this.counter = counter;
            this.counted = counted;
            this.recorded = recorded;
        }

        @Override
        public boolean isQueued() {
            return true;
        }

        @Override
        public void branchRolledBack() {
            try {
                FailureRecords.Recorded record = counted.get(RECORD_SECONDS, TimeUnit.SECONDS);
                if (record.changed()) {
                    counter.connection().commit();
                }
                recorded.accept(record);
            } catch (ExecutionException | TimeoutException | SQLException e) {
                LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': the failure of row " + row.id()
                        + " could not be counted; it returns uncounted",
                        e instanceof ExecutionException ? e.getCause() : e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                close(counter);
            }
        }

        @Override
        public void dropped() {
            // Closing rolls the record's transaction back; its statement, still waiting, ends with the connection.
            close(counter);
        }
    }

    private void close(DatabaseConnection counter) {
        try {
            counter.close();
        } catch (SQLException e) {
            LOG.log(Level.DEBUG, () -> "Inbox subscription '" + subscription + "': closing a record's connection: " + e);
        }
    }

    /** Looks, from a third connection, until the counter's statement waits on the row's lock. */
    private void awaitQueued(long session, Future<?> counted) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(QUEUE_LOOK_MILLIS);
        try (DatabaseConnection watcher = connections.openConnection()) {
            while (!counted.isDone() && !watcher.returnsRow(waits.waiting(session))) {
                if (System.nanoTime() > deadline) {
                    LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': the failure's record"
                            + " did not queue on the row's lock in time; rolling back anyway");
                    return;
                }
                Thread.sleep(QUEUE_LOOK_PACE_MILLIS);
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
