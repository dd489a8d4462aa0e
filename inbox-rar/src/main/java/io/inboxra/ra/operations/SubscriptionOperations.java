package io.inboxra.ra.operations;

import io.inboxra.operations.Backlog;
import io.inboxra.operations.Cancellation;
import io.inboxra.operations.DeadLetter;
import io.inboxra.operations.FoundRow;
import io.inboxra.operations.SubscriptionSnapshot;
import io.inboxra.operations.SubscriptionView;
import io.inboxra.ra.connection.OperatorStatements;
import io.inboxra.ra.delivery.DeliveryContext;
import io.inboxra.ra.subscription.Subscription;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A subscription as operators see it ({@link SubscriptionView}): its counters from memory; its
 * backlog from the database at most every few seconds, on a connection it keeps ({@link
 * BacklogCache}); its dead letters' reads, requeues and discards ({@link DeadLetterOperations}); the
 * look-up of its rows and the cancel of a pending one ({@link PendingRowOperations}).
 */
public final class SubscriptionOperations implements SubscriptionView {

    private static final Logger LOG = System.getLogger(SubscriptionOperations.class.getName());

    private final Subscription subscription;
    private final DeliveryContext context;
    private final OperatorStatements statements;
    private final BacklogCache backlogs;
    private final OperatorSql sql;
    private final DeadLetterOperations deadLetters;
    private final PendingRowOperations pendingRows;

    public SubscriptionOperations(Subscription subscription) {
        this.subscription = subscription;
        this.context = subscription.context();
        this.statements = subscription.operatorStatements();
        this.backlogs = new BacklogCache(context.connections());
        this.sql = new OperatorSql(subscription);
        this.deadLetters = new DeadLetterOperations(subscription.name(), context, statements, sql, backlogs);
        this.pendingRows = new PendingRowOperations(subscription.name(), context, statements.pendingRows(), sql,
                backlogs, deadLetters);
    }

    @Override
    public String name() {
        return context.name();
    }

    @Override
    public SubscriptionSnapshot snapshot() {
        return subscription.snapshot();
    }

    @Override
    public void pause() {
        if (!subscription.running().isPaused()) {
            subscription.running().pauseClaims();
            backlogs.forget();
            LOG.log(Level.INFO, "Inbox subscription '" + name() + "' paused: it claims nothing new until resumed");
        }
    }

    @Override
    public void resume() {
        if (subscription.running().isPaused()) {
            subscription.running().resume();
            backlogs.forget();
            LOG.log(Level.INFO, "Inbox subscription '" + name() + "' resumed");
        }
    }

    @Override
    public Backlog backlog() throws SQLException {
        sql.requireRunning();
        return backlogs.get(c -> {
            long claimable = 0;
            Optional<Duration> lag = Optional.empty();
            Optional<String> oldest = Optional.empty();
            if (statements.backlog().isPresent()) {
                try (PreparedStatement ps = sql.bound(c, statements.backlog().get(), null, Duration.ZERO);
                        ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    claimable = rs.getLong(1);
                    Timestamp due = rs.getTimestamp(2);
                    Timestamp now = rs.getTimestamp(4);
                    lag = due == null || now == null ? Optional.empty()
                            : Optional.of(max(Duration.between(due.toInstant(), now.toInstant())));
                    oldest = Optional.ofNullable(rs.getObject(3)).map(String::valueOf);
                }
            }
            OptionalLong inWork = sql.count(c, statements.inWork());
            OptionalLong dead = sql.count(c, statements.deadLetterCount());
            return new Backlog(claimable, lag, oldest, inWork, dead);
        });
    }

    /** Closes the backlog's kept connection: the subscription stops. */
    public void close() {
        backlogs.close();
    }

    @Override
    public List<DeadLetter> deadLetters(int max) throws SQLException {
        return deadLetters.deadLetters(max);
    }

    @Override
    public Optional<DeadLetter> deadLetter(String id) throws SQLException {
        return deadLetters.deadLetter(id);
    }

    @Override
    public int requeueAll() throws SQLException {
        return deadLetters.requeueAll();
    }

    @Override
    public int requeue(Collection<String> ids) throws SQLException {
        return deadLetters.requeue(ids);
    }

    @Override
    public int discardOlderThan(Duration age) throws SQLException {
        return deadLetters.discardOlderThan(age);
    }

    @Override
    public Optional<FoundRow> findRow(String id) throws SQLException {
        return pendingRows.findRow(id);
    }

    @Override
    public List<FoundRow> findKey(String key) throws SQLException {
        return pendingRows.findKey(key);
    }

    @Override
    public Cancellation cancel(String id) throws SQLException {
        return pendingRows.cancel(id);
    }

    private static Duration max(Duration lag) {
        return lag.isNegative() ? Duration.ZERO : lag;
    }
}
