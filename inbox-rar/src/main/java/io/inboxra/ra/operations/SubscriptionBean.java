package io.inboxra.ra.operations;

import io.inboxra.operations.Backlog;
import io.inboxra.operations.Cancellation;
import io.inboxra.operations.FoundRow;
import io.inboxra.operations.SubscriptionSnapshot;
import io.inboxra.operations.SubscriptionView;

import java.sql.SQLException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.function.ToLongFunction;

/**
 * The MXBean over one {@link SubscriptionView}. A database failure reaches the JMX client as an
 * {@link IllegalStateException} with the database's message, a class every client has.
 */
final class SubscriptionBean implements SubscriptionMXBean {

    private final SubscriptionView view;

    SubscriptionBean(SubscriptionView view) {
        this.view = view;
    }

    private SubscriptionSnapshot now() {
        return view.snapshot();
    }

    @Override
    public String getState() {
        return now().state().name();
    }

    @Override
    public String getOutageSince() {
        return now().outageSince().map(Object::toString).orElse("");
    }

    @Override
    public String getForm() {
        return now().form();
    }

    @Override
    public int getWorkers() {
        return now().workers();
    }

    @Override
    public int getWorkersBusy() {
        return now().workersBusy();
    }

    @Override
    public int getWorkersIdle() {
        return now().workersIdle();
    }

    @Override
    public long getDelivered() {
        return now().delivered();
    }

    @Override
    public long getFailed() {
        return now().failed();
    }

    @Override
    public long getRetried() {
        return now().retried();
    }

    @Override
    public long getDeadLettered() {
        return now().deadLettered();
    }

    @Override
    public long getCommitFailures() {
        return now().commitFailures();
    }

    @Override
    public long getRecentRate() {
        return now().recentRate();
    }

    @Override
    public String getLastError() {
        return now().lastError().orElse("");
    }

    @Override
    public String getLastErrorAt() {
        return now().lastErrorAt().map(Object::toString).orElse("");
    }

    @Override
    public String getPausedBecause() {
        return now().pausedBecause().orElse("");
    }

    @Override
    public long getOldestClaimTransactionMillis() {
        return now().oldestClaimTransaction().map(java.time.Duration::toMillis).orElse(0L);
    }

    @Override
    public long getClaimable() {
        return backlog(Backlog::claimable);
    }

    @Override
    public long getLagMillis() {
        return backlog(b -> b.lag().map(Duration::toMillis).orElse(-1L));
    }

    @Override
    public String getOldestClaimableId() {
        try {
            return view.backlog().oldestClaimableId().orElse("");
        } catch (SQLException e) {
            throw failed("the backlog", e);
        }
    }

    @Override
    public long getInWork() {
        return backlog(b -> b.inWork().orElse(-1));
    }

    @Override
    public long getDeadLetters() {
        return backlog(b -> b.deadLetters().orElse(-1));
    }

    @Override
    public void pause() {
        view.pause();
    }

    @Override
    public void resume() {
        view.resume();
    }

    @Override
    public int requeueAll() {
        try {
            return view.requeueAll();
        } catch (SQLException e) {
            throw failed("the requeue", e);
        }
    }

    @Override
    public int requeue(String[] ids) {
        try {
            return view.requeue(Arrays.asList(ids));
        } catch (SQLException e) {
            throw failed("the requeue", e);
        }
    }

    @Override
    public int discardOlderThan(String age) {
        Duration duration;
        try {
            duration = Duration.parse(age.trim());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("discardOlderThan takes an ISO-8601 duration, as P30D or PT12H, not '"
                    + age + "'");
        }
        try {
            return view.discardOlderThan(duration);
        } catch (SQLException e) {
            throw failed("the discard", e);
        }
    }

    @Override
    public String findRow(String id) {
        try {
            return view.findRow(id).map(SubscriptionBean::line).orElse("id " + id + ": not found");
        } catch (SQLException e) {
            throw failed("the look-up", e);
        }
    }

    @Override
    public String[] findKey(String key) {
        try {
            return view.findKey(key).stream().map(SubscriptionBean::line).toArray(String[]::new);
        } catch (SQLException e) {
            throw failed("the look-up", e);
        }
    }

    @Override
    public String cancel(String id) {
        try {
            Cancellation done = view.cancel(id);
            return done.result() + ": " + done.message();
        } catch (SQLException e) {
            throw failed("the cancel", e);
        }
    }

    /** @return the row as one line: {@code id 42 (key k): PENDING, attempts 0, due ...} */
    static String line(FoundRow row) {
        StringBuilder line = new StringBuilder("id ").append(row.id());
        row.key().ifPresent(k -> line.append(" (key ").append(k).append(')'));
        line.append(": ").append(row.place());
        row.attempts().ifPresent(a -> line.append(", attempts ").append(a));
        row.due().ifPresent(d -> line.append(", due ").append(d));
        row.reason().ifPresent(r -> line.append(", reason ").append(r));
        row.since().ifPresent(t -> line.append(", since ").append(t));
        return line.toString();
    }

    private long backlog(ToLongFunction<Backlog> attribute) {
        try {
            return attribute.applyAsLong(view.backlog());
        } catch (SQLException e) {
            throw failed("the backlog", e);
        }
    }

    private IllegalStateException failed(String what, SQLException e) {
        return new IllegalStateException("Inbox subscription '" + view.name() + "': " + what + " failed in the"
                + " database: " + e.getMessage());
    }
}
