package io.inboxra.ra.subscription;

import io.inboxra.dialect.Form;
import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.connection.ConnectionPool;
import io.inboxra.ra.connection.OperatorStatements;
import io.inboxra.ra.connection.SubscriptionConnections;
import io.inboxra.ra.delivery.DeliveryContext;
import io.inboxra.ra.delivery.endpoint.Endpoints;
import io.inboxra.ra.delivery.FailingRows;
import io.inboxra.ra.delivery.endpoint.Messages;
import io.inboxra.ra.delivery.endpoint.TransactionStatus;
import io.inboxra.ra.recovery.FreshConnectionFinisher;
import io.inboxra.ra.recovery.InDoubtResolver;
import io.inboxra.ra.recovery.Recoverable;
import io.inboxra.ra.recovery.RecoveryConnections;
import io.inboxra.ra.recovery.UndecidedBranches;
import io.inboxra.ra.settlement.FailureRecords;
import io.inboxra.ra.settlement.Settlement;
import io.inboxra.ra.subscription.check.SubscriptionCheck;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.BootstrapContext;
import jakarta.resource.spi.UnavailableException;
import jakarta.resource.spi.endpoint.MessageEndpointFactory;
import jakarta.resource.spi.work.WorkManager;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Timer;
import javax.sql.XAConnection;
import javax.transaction.xa.XAResource;

/**
 * One MDB's activation against one table (and queue), and its lifecycle: checked at
 * activation, then its workers run on the server's {@code WorkManager} until it stops. What a
 * delivery needs is in its {@link DeliveryContext}; this class only starts, replaces and stops.
 */
public final class Subscription implements Recoverable {

    private static final Logger LOG = System.getLogger(Subscription.class.getName());

    private final DeliveryContext context;
    private final Running running;
    private final Outage outage;
    private final SubscriptionCounters counters;
    private final SubscriptionThreads threads;
    private final Messages messages;
    private final OperatorStatements operatorStatements;
    private final RecoveryConnections recovery;
    private final FreshConnectionFinisher finisher;
    private final Optional<UndecidedBranches> undecided;
    private final Workers workers;
    /** The PostgreSQL wake-up listener, when {@code notifyChannel} is set. */
    private volatile WakeUpListener wakeUp;

    private Subscription(DeliveryContext context, Running running, Outage outage, SubscriptionCounters counters,
            SubscriptionThreads threads, Messages messages, OperatorStatements operatorStatements,
            FreshConnectionFinisher finisher, Optional<UndecidedBranches> undecided) {
        this.context = context;
        this.running = running;
        this.outage = outage;
        this.counters = counters;
        this.threads = threads;
        this.messages = messages;
        this.operatorStatements = operatorStatements;
        this.recovery = new RecoveryConnections(context.connections());
        this.finisher = finisher;
        this.undecided = undecided;
        this.workers = new Workers(context, running, outage, counters);
    }

    /**
     * How long the activation waits for the workers' connections and the listener's {@code LISTEN}
     * before it reports that the subscription delivers rows: a database that does not answer
     * delays the deployment this long at most, and the workers go on trying after it.
     */
    static final Duration READY_WAIT = Duration.ofSeconds(5);

    /**
     * Checks the subscription against its database (data source, dialect, form, table and
     * columns) and starts its workers. Never creates an endpoint: the server may block that
     * until the MDB's deployment has finished.
     *
     * @param settings the checked activation config
     * @param endpointFactory the MDB's endpoint factory
     * @param bootstrap the server's work manager and timers
     * @return the running subscription
     * @throws ResourceException naming what is wrong and the fix; nothing has started then
     */
    public static Subscription activate(SubscriptionSettings settings, MessageEndpointFactory endpointFactory,
            BootstrapContext bootstrap) throws ResourceException {
        SubscriptionCheck checked = SubscriptionCheck.run(settings, endpointLoader(endpointFactory));
        Messages messages = new Messages(settings.name(), settings.queue());
        SubscriptionCounters counters = new SubscriptionCounters(Clock.systemUTC());
        jakarta.transaction.TransactionSynchronizationRegistry registry = bootstrap.getTransactionSynchronizationRegistry();
        Endpoints endpoints = Endpoints.of(settings.name(), endpointFactory, new TransactionStatus(registry), messages,
                settings.maxPayloadBytes(), counters.waits());
        Optional<UndecidedBranches> undecided = settings.inDoubtTimeout().isPresent() && registry != null
                ? Optional.of(new UndecidedBranches(settings.name(), registry)) : Optional.empty();
        undecided.ifPresent(endpoints::watchFor);
        Timer timer;
        try {
            timer = bootstrap.createTimer();
        } catch (UnavailableException e) {
            throw new ResourceException("Inbox subscription '" + settings.name() + "' cannot start: the server"
                    + " gives no timer for its lease heartbeats and in-doubt checks", e);
        }
        boolean lease = settings.table().form() == Form.LEASE;
        SubscriptionThreads threads = new SubscriptionThreads(settings.name(), timer, lease);
        // A borrow waits at most a quarter lease, so a settlement never waits out the lease it must match.
        int statementSeconds = settings.dataSource().timeouts().statementSeconds();
        ConnectionPool pool = lease ? new ConnectionPool(checked.dataSource(), checked.dialect(), settings.isolation(), statementSeconds,
                settings.connections(), settings.lease().dividedBy(4)) : null;
        FreshConnectionFinisher finisher = new FreshConnectionFinisher(checked.dataSource(), checked.dialect(), settings.name(),
                threads.secondPhases());
        SubscriptionConnections connections = new SubscriptionConnections(settings.name(), checked.dataSource(), checked.dialect(),
                settings.isolation(), statementSeconds, pool, finisher);
        Running running = new Running(settings.name());
        DeliveryContext context = new DeliveryContext(settings, checked.dialect(), checked.statements(),
                new Settlement(settings, checked.table(), checked.statements(), checked.dialect(), running::await),
                new FailureRecords(settings, checked.statements(), checked.operations().amendReason()), endpoints,
                connections,
                lease ? threads.heartbeats() : null, threads.background(),
                FailureStreak.watching(counters, running, settings),
                FailingRows.of(settings, checked.table(), checked.dialect()), counters.openClaims(),
                endpointLoader(endpointFactory));
        Subscription subscription = new Subscription(context, running, new Outage(settings.name(), Clock.systemUTC(),
                counters), counters, threads, messages, checked.operations(), finisher, undecided);
        undecided.ifPresent(branches -> subscription.inDoubtResolver(settings.inDoubtTimeout().get(),
                Clock.systemUTC()).start(timer));
        RetentionSweep.start(context, checked.table(), running, timer);
        if (settings.table().form() == Form.ROW_LOCK) {
            ClaimTransactionWatch.start(settings, counters.openClaims(), timer);
        }
        io.inboxra.ra.delivery.Delivery.loadRowClasses();
        subscription.start(bootstrap.getWorkManager());
        settings.notifyChannel().ifPresent(channel -> subscription.wakeUp = WakeUpListener.start(context, running,
                threads, channel));
        subscription.awaitReady();
        LOG.log(Level.INFO, "Inbox subscription '" + settings.name() + "' delivers rows of table '"
                + settings.table().table() + "'" + settings.queue().map(q -> ", queue '" + q + "'").orElse("")
                + " in the " + settings.table().form() + " form with " + settings.workers() + " worker(s)"
                + settings.notifyChannel().map(c -> ", woken by notifications on channel '" + c + "'").orElse(""));
        return subscription;
    }

    private void start(WorkManager workManager) throws ResourceException {
        try {
            workers.start(workManager);
        } catch (ResourceException e) {
            stop(Duration.ofSeconds(30));
            throw e;
        }
    }

    /**
     * Waits, at most {@link #READY_WAIT} in all, until every worker has opened its connection and
     * the wake-up listener (if any) listens: a row inserted once the activation has reported that
     * the subscription delivers rows finds them ready, and its notification is heard. Nothing here
     * waits for an MDB endpoint (the server may hold those back until the deployment has finished):
     * the workers' first transactions ({@code RowLockForm}'s first claim) follow on their own.
     */
    private void awaitReady() {
        long deadline = System.nanoTime() + READY_WAIT.toNanos();
        try {
            boolean connected = workers.awaitConnected(READY_WAIT);
            WakeUpListener listener = wakeUp;
            boolean listening = listener == null
                    || listener.awaitFirstListen(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            if (!connected || !listening) {
                LOG.log(Level.DEBUG, () -> "Inbox subscription '" + name() + "': " + (connected ? "" : "workers still connecting")
                        + (!connected && !listening ? ", " : "") + (listening ? "" : "the listener not listening yet")
                        + " after " + READY_WAIT + "; they go on meanwhile");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Claims nothing new, lets the deliveries in work finish within the bound, then closes
     * every connection of the subscription.
     *
     * @param grace how long deliveries in work may take to finish
     */
    public void stop(Duration grace) {
        running.stop();
        if (!workers.awaitEnded(grace)) {
            LOG.log(Level.WARNING, "Inbox subscription '" + name() + "': deliveries still in work after "
                    + grace + "; closing their connections, and their rows return to the table");
        }
        WakeUpListener listener = wakeUp;
        if (listener != null) {
            // It noticed the stop alongside the workers; its connection is closed before stop returns.
            listener.close();
        }
        // Heartbeats stop last: only now, with every delivery finished or cut off.
        threads.close();
        undecided.ifPresent(UndecidedBranches::stop);
        int watched = finisher.watching();
        if (watched > 0) {
            LOG.log(Level.WARNING, "Inbox subscription '" + name() + "': " + watched + " prepared delivery branch"
                    + (watched == 1 ? " whose connection failed is" : "es whose connections failed are") + " still"
                    + " being finished from new connections; that goes on after the stop, until the database no"
                    + " longer lists " + (watched == 1 ? "it" : "them") + " (at most 15 minutes, then an error names"
                    + " what is left)");
        }
        recovery.close();
        context.connections().close();
        messages.close();
        LOG.log(Level.INFO, "Inbox subscription '" + name() + "' stopped");
    }

    @Override
    public String name() {
        return context.name();
    }

    /** @return the inbox table, as the activation named it */
    public String table() {
        return context.settings().table().table();
    }

    /**
     * Rows may have arrived: the idle workers claim now instead of at their next poll (busy ones
     * are not disturbed). For producers in this server, after their transaction has committed
     * (see {@code InboxResourceAdapter.wake}); PostgreSQL notifications call the same.
     */
    public void wake() {
        running.wake();
    }

    /** @return what the subscription's deliveries are handed: its settings, statements, connections */
    public DeliveryContext context() {
        return context;
    }

    /** @return whether it still runs, and whether an operator paused its claims */
    public Running running() {
        return running;
    }

    /** @return its counters and state now */
    public io.inboxra.operations.SubscriptionSnapshot snapshot() {
        return counters.snapshot(context.settings(), running, outage);
    }

    /** @return the statements of its operators, built at activation */
    public OperatorStatements operatorStatements() {
        return operatorStatements;
    }

    /**
     * @return the in-doubt resolver of the branches the transaction manager left undecided
     *         ({@code inDoubtTimeout}), on the given clock (tests pass their own)
     * @throws IllegalStateException when the subscription watches no branches (no {@code inDoubtTimeout})
     */
    InDoubtResolver inDoubtResolver(Duration timeout, Clock clock) {
        UndecidedBranches branches = undecided.orElseThrow(() -> new IllegalStateException(
                "Inbox subscription '" + name() + "': no undecided branches are watched"));
        return new InDoubtResolver(name(), running::isRunning, branches, finisher, timeout, clock);
    }

    /**
     * The XA resource of the subscription's database for a server's transaction recovery
     * ({@code ResourceAdapter.getXAResources}): the same one on every pass, on a connection it
     * opens when called and closes when a scan ends ({@link RecoveryConnections#kept()}).
     */
    public XAResource recoveryResource() {
        return recovery.kept();
    }

    /**
     * A new connection of the subscription's database for a recovery pass that closes it itself
     * (Payara's recovery listener, {@code io.inboxra.ra.recovery}); {@link #recoveryResource()}'s
     * connection is left alone, since the server may ask for both in one pass.
     */
    @Override
    public XAConnection recoveryConnection() throws SQLException {
        return recovery.fresh();
    }

    private static ClassLoader endpointLoader(MessageEndpointFactory factory) {
        Class<?> endpointClass = factory.getEndpointClass();
        return endpointClass != null ? endpointClass.getClassLoader() : Thread.currentThread().getContextClassLoader();
    }
}
