package io.inboxra.ra.subscription;

import io.inboxra.operations.Backlog;
import io.inboxra.operations.DeadLetter;
import io.inboxra.operations.SubscriptionSnapshot;
import io.inboxra.operations.SubscriptionState;
import io.inboxra.operations.SubscriptionView;
import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.subscription.check.DatabaseUnreachable;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.BootstrapContext;
import jakarta.resource.spi.UnavailableException;
import jakarta.resource.spi.endpoint.MessageEndpointFactory;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Timer;
import java.util.TimerTask;

/**
 * A subscription whose database did not answer at its activation: the deployment goes on, the
 * subscription shows as in an outage (so a readiness check says DOWN), and its activation is
 * tried again with backoff (1 s, doubling, at most {@link #MAX_WAIT}) until the database answers.
 * Then it starts as if just activated, or, if the check now finds a mistake in its settings,
 * logs that once and stays stopped.
 */
public final class AwaitingDatabase implements SubscriptionView {

    private static final Logger LOG = System.getLogger(AwaitingDatabase.class.getName());
    static final Duration FIRST_WAIT = Duration.ofSeconds(1);
    static final Duration MAX_WAIT = Duration.ofSeconds(30);

    /** Told when the subscription has started (on the waiting thread). */
    public interface Started {
        void started(Subscription subscription);
    }

    private final SubscriptionSettings settings;
    private final MessageEndpointFactory factory;
    private final BootstrapContext bootstrap;
    private final Started started;
    private final Timer timer;
    private final Instant since = Instant.now();
    private volatile String lastError;
    private volatile Instant lastErrorAt;
    private volatile boolean ended;
    private volatile boolean failed;
    private Duration wait = FIRST_WAIT;
    /** Held by an attempt, and by {@link #cancel()}: a deactivation waits for an activation under way. */
    private final Object attempting = new Object();
    private int attempts;

    private AwaitingDatabase(SubscriptionSettings settings, MessageEndpointFactory factory, BootstrapContext bootstrap,
            Started started, Timer timer, DatabaseUnreachable first) {
        this.settings = settings;
        this.factory = factory;
        this.bootstrap = bootstrap;
        this.started = started;
        this.timer = timer;
        this.lastError = first.getMessage();
        this.lastErrorAt = since;
    }

    /**
     * Waits for the database of a subscription whose activation found it down.
     *
     * @param first the activation's failure
     * @return the waiting subscription, to register and, at deactivation, {@link #cancel()}
     * @throws ResourceException when the server gives no timer to wait with
     */
    public static AwaitingDatabase start(SubscriptionSettings settings, MessageEndpointFactory factory,
            BootstrapContext bootstrap, DatabaseUnreachable first, Started started) throws ResourceException {
        Timer timer;
        try {
            timer = bootstrap.createTimer();
        } catch (UnavailableException e) {
            throw new ResourceException(first.getMessage() + ", and the server gives no timer to wait for it with", e);
        }
        AwaitingDatabase waiting = new AwaitingDatabase(settings, factory, bootstrap, started, timer, first);
        LOG.log(Level.WARNING, first.getMessage() + "; the deployment goes on, and the subscription starts by"
                + " itself once the database answers (tried again every " + FIRST_WAIT.toSeconds() + " to "
                + MAX_WAIT.toSeconds() + " s)");
        waiting.schedule();
        return waiting;
    }

    private synchronized void schedule() {
        if (ended) {
            return;
        }
        long delay = wait.toMillis();
        wait = wait.multipliedBy(2).compareTo(MAX_WAIT) > 0 ? MAX_WAIT : wait.multipliedBy(2);
        timer.schedule(new TimerTask() {
            @Override
            public void run() {
                attempt();
            }
        }, delay);
    }

    private void attempt() {
        synchronized (attempting) {
            if (ended) {
                return;
            }
            try {
                Subscription subscription = Subscription.activate(settings, factory, bootstrap);
                end();
                LOG.log(Level.WARNING, "Inbox subscription '" + settings.name() + "': its database answered "
                        + waited() + " s after the activation; it has started. The server's transaction recovery"
                        + " may have run before: a branch of it that a crash left prepared is then decided by the"
                        + " adapter's in-doubt resolver after 'inDoubtTimeout' (rolled back); to let the transaction"
                        + " manager decide it, restart the server with the database up");
                started.started(subscription);
            } catch (DatabaseUnreachable e) {
                lastError = e.getMessage();
                lastErrorAt = Instant.now();
                attempts++;
                // Said again now and then: a mistyped host waits for ever, and should not do so unseen.
                if (attempts % 10 == 0) {
                    LOG.log(Level.WARNING, e.getMessage() + "; still waiting for it, " + waited() + " s after the"
                            + " activation");
                } else {
                    LOG.log(Level.DEBUG, () -> e.getMessage() + "; trying again");
                }
                schedule();
            } catch (ResourceException | RuntimeException | Error e) {
                // The database answered, and the check found a mistake (or the driver broke): waiting will not mend it.
                lastError = e.getMessage();
                lastErrorAt = Instant.now();
                failed = true;
                end();
                LOG.log(Level.ERROR, e.getMessage() + " (found once its database answered, after the deployment);"
                        + " it stays stopped until it is redeployed", e);
            }
        }
    }

    private long waited() {
        return Duration.between(since, Instant.now()).toSeconds();
    }

    private synchronized void end() {
        ended = true;
        timer.cancel();
    }

    /**
     * Stops waiting (the deactivation). An activation under way is waited for: once this returns,
     * nothing more starts, and a subscription that did start has been reported to {@link Started}.
     */
    public void cancel() {
        synchronized (attempting) {
            end();
        }
    }

    @Override
    public String name() {
        return settings.name();
    }

    @Override
    public SubscriptionSnapshot snapshot() {
        SubscriptionState state = ended ? SubscriptionState.STOPPED : SubscriptionState.OUTAGE;
        return new SubscriptionSnapshot(settings.name(), settings.table().form().name(), state,
                state == SubscriptionState.OUTAGE ? Optional.of(since) : Optional.empty(), settings.workers(), 0,
                0, 0, 0, 0, 0, 0, Optional.ofNullable(lastError), Optional.ofNullable(lastErrorAt), Optional.empty(),
                Optional.empty());
    }

    @Override
    public Backlog backlog() throws SQLException {
        throw new SQLException(notStarted());
    }

    @Override
    public List<DeadLetter> deadLetters(int max) throws SQLException {
        throw new SQLException(notStarted());
    }

    @Override
    public void pause() {
        throw new IllegalStateException(notStarted() + "; pause it once it has started");
    }

    @Override
    public void resume() {
        throw new IllegalStateException(notStarted());
    }

    @Override
    public int requeueAll() {
        throw new IllegalStateException(notStarted());
    }

    @Override
    public int requeue(Collection<String> ids) {
        throw new IllegalStateException(notStarted());
    }

    @Override
    public int discardOlderThan(Duration age) {
        throw new IllegalStateException(notStarted());
    }

    private String notStarted() {
        return "Inbox subscription '" + settings.name() + "' has not started: "
                + (failed ? lastError : "it waits for its database (" + lastError + ")");
    }
}
