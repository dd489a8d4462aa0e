package io.inboxra.ra.delivery;

import io.inboxra.InboxMessage;
import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.config.InvalidSettingsException;
import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.dialect.Dialects;
import io.inboxra.ra.jdbc.ClaimIndexCheck;
import io.inboxra.ra.jdbc.TableCheck;
import io.inboxra.ra.jdbc.XaDataSources;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.Timer;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.sql.XAConnection;
import javax.sql.XADataSource;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.BootstrapContext;
import jakarta.resource.spi.UnavailableException;
import jakarta.resource.spi.endpoint.MessageEndpointFactory;
import io.inboxra.ra.xa.RecoveryResource;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import jakarta.resource.spi.work.WorkException;
import jakarta.resource.spi.work.WorkManager;
import javax.transaction.xa.XAResource;

/**
 * One MDB's activation against one table (and queue): checked at activation, then its
 * workers run on the server's {@code WorkManager} until it stops.
 */
public final class Subscription {

    private static final Logger LOG = System.getLogger(Subscription.class.getName());

    private final SubscriptionSettings settings;
    private final MessageEndpointFactory endpointFactory;
    private final XADataSource dataSource;
    private final Dialect dialect;
    private final SubscriptionStatements statements;
    private final Settlement settlement;
    private final Timer timer;
    private final ConnectionPool pool;
    private final TransactionSynchronizationRegistry transactions;
    private final boolean deliveryTransacted;
    private final Outage outage;
    private final CountDownLatch stopping = new CountDownLatch(1);
    private final CountDownLatch workersEnded;
    private final Set<WorkerConnection> connections = ConcurrentHashMap.newKeySet();
    private final FreshConnectionFinisher finisher;
    private final ExecutorService background;
    private final ScheduledExecutorService secondPhases;
    private final ScheduledExecutorService heartbeats;
    private volatile WorkManager workManager;
    private volatile Jsonb jsonb;
    private WorkerConnection recovery;

    private Subscription(SubscriptionSettings settings, MessageEndpointFactory endpointFactory,
            XADataSource dataSource, Checked checked, Timer timer, TransactionSynchronizationRegistry transactions)
            throws ResourceException {
        this.transactions = transactions;
        this.settings = settings;
        this.endpointFactory = endpointFactory;
        this.dataSource = dataSource;
        this.dialect = checked.dialect();
        this.statements = checked.statements();
        this.settlement = new Settlement(this);
        this.timer = timer;
        boolean lease = settings.table().form() == io.inboxra.dialect.Form.LEASE;
        // A borrow waits at most a quarter lease, so a settlement never waits out the lease it must match.
        this.pool = lease
                ? new ConnectionPool(dataSource, settings.isolation(), settings.connections(), settings.lease().dividedBy(4))
                : null;
        this.heartbeats = lease ? Executors.newScheduledThreadPool(1, threads(settings.name() + "-heartbeat")) : null;
        this.background = Executors.newCachedThreadPool(threads(settings.name() + "-record"));
        this.secondPhases = Executors.newSingleThreadScheduledExecutor(threads(settings.name() + "-second-phase"));
        this.finisher = new FreshConnectionFinisher(dataSource, settings.name(), secondPhases);
        try {
            this.deliveryTransacted = endpointFactory.isDeliveryTransacted(ListenerEndpoint.ON_MESSAGE);
        } catch (NoSuchMethodException e) {
            throw new ResourceException("Inbox subscription '" + settings.name() + "': the MDB has no"
                    + " onMessage(InboxMessage); implement io.inboxra.InboxListener", e);
        }
        this.outage = new Outage(settings.name());
        this.workersEnded = new CountDownLatch(settings.workers());
    }

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
        ClassLoader endpointLoader = endpointLoader(endpointFactory);
        XADataSource dataSource;
        Checked checked;
        try {
            dataSource = XaDataSources.create(settings.dataSource(), "inbox-ra:" + settings.name(), endpointLoader);
            checked = check(settings, dataSource, endpointLoader);
        } catch (XaDataSources.DataSourceException | Dialects.DialectException | TableCheck.TableException e) {
            throw new InvalidSettingsException(settings.name(), List.of(e.getMessage()));
        } catch (StatementException e) {
            throw new InvalidSettingsException(settings.name(), List.of("Dialect '" + e.dialect() + "' refuses the"
                    + " table (" + e.kind() + "): " + e.getMessage() + "."));
        }
        Timer timer;
        try {
            timer = bootstrap.createTimer();
        } catch (UnavailableException e) {
            throw new ResourceException("Inbox subscription '" + settings.name() + "' cannot start: the server"
                    + " gives no timer for its lease heartbeats and in-doubt checks", e);
        }
        Subscription subscription = new Subscription(settings, endpointFactory, dataSource, checked, timer,
                bootstrap.getTransactionSynchronizationRegistry());
        InDoubtResolver.start(subscription);
        RetentionSweep.start(subscription);
        subscription.start(bootstrap.getWorkManager());
        LOG.log(Level.INFO, "Inbox subscription '" + settings.name() + "' delivers rows of table '"
                + settings.table().table() + "'" + settings.queue().map(q -> ", queue '" + q + "'").orElse("")
                + " in the " + settings.table().form() + " form with " + settings.workers() + " worker(s)");
        return subscription;
    }

    /** What the activation's check found: the dialect, and the statements it built for the table. */
    private record Checked(Dialect dialect, SubscriptionStatements statements) {
    }

    private static Checked check(SubscriptionSettings settings, XADataSource dataSource,
            ClassLoader endpointLoader) throws ResourceException, Dialects.DialectException,
            TableCheck.TableException, StatementException {
        XAConnection xa = null;
        try {
            xa = dataSource.getXAConnection();
            Connection connection = xa.getConnection();
            Dialect dialect = Dialects.resolve(settings.dialect(), connection.getMetaData(), endpointLoader);
            Dialects.requireForm(dialect, settings.table().form());
            TableSpec table = TableCheck.check(connection, settings.table());
            ClaimIndexCheck.check(settings.name(), connection, dialect, table);
            return new Checked(dialect, SubscriptionStatements.of(dialect, table, settings));
        } catch (SQLException e) {
            throw new ResourceException("Inbox subscription '" + settings.name() + "' cannot start: the database at "
                    + settings.dataSource().describe() + " cannot be reached to check table '"
                    + settings.table().table() + "' (" + e.getMessage() + "); check 'url', 'user' and 'password'"
                    + " and that the database is up.", e);
        } finally {
            closeQuietly(xa, settings.name());
        }
    }

    private void start(WorkManager workManager) throws ResourceException {
        this.workManager = workManager;
        for (int i = 0; i < settings.workers(); i++) {
            try {
                workManager.scheduleWork(new Worker(this), WorkManager.INDEFINITE, null, null);
            } catch (WorkException e) {
                for (int unscheduled = i; unscheduled < settings.workers(); unscheduled++) {
                    workersEnded.countDown();
                }
                stop(Duration.ofSeconds(30));
                throw new ResourceException("Inbox subscription '" + settings.name() + "' cannot start worker "
                        + (i + 1) + " of " + settings.workers() + ": " + e.getMessage()
                        + "; lower 'workers' or enlarge the server's thread pool for resource adapters.", e);
            }
        }
    }

    /**
     * Claims nothing new, lets the deliveries in work finish within the bound, then closes
     * every connection of the subscription.
     *
     * @param grace how long deliveries in work may take to finish
     */
    public void stop(Duration grace) {
        stopping.countDown();
        boolean ended;
        try {
            ended = workersEnded.await(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ended = false;
        }
        if (!ended) {
            LOG.log(Level.WARNING, "Inbox subscription '" + settings.name() + "': deliveries still in work after "
                    + grace + "; closing their connections, and their rows return to the table");
        }
        // Heartbeats stop last: only now, with every delivery finished or cut off.
        timer.cancel();
        if (heartbeats != null) {
            heartbeats.shutdownNow();
        }
        background.shutdownNow();
        secondPhases.shutdownNow();
        for (WorkerConnection connection : connections) {
            disconnect(connection);
        }
        if (pool != null) {
            pool.close();
        }
        Jsonb j = jsonb;
        if (j != null) {
            try {
                j.close();
            } catch (Exception e) {
                LOG.log(Level.DEBUG, () -> "Inbox subscription '" + settings.name() + "': closing JSON-B: " + e);
            }
        }
        LOG.log(Level.INFO, "Inbox subscription '" + settings.name() + "' stopped");
    }

    public String name() {
        return settings.name();
    }

    SubscriptionSettings settings() {
        return settings;
    }

    SubscriptionStatements statements() {
        return statements;
    }

    Dialect dialect() {
        return dialect;
    }

    /**
     * @return whether the current delivery's container transaction is still active: marked
     *         rollback-only, rolled back by a timeout, or ended count as a rollback; true where
     *         the server gives no registry to ask
     */
    boolean isTransactionActive() {
        return transactions == null || status() == Status.STATUS_ACTIVE;
    }

    /** @return why the current delivery's transaction is no longer active, for a failure's record */
    String transactionState() {
        int status = status();
        return status == Status.STATUS_MARKED_ROLLBACK ? "the MDB marked the transaction rollback-only"
                : "the transaction was rolled back before the delivery settled (a timeout?), status " + status;
    }

    private int status() {
        try {
            return transactions == null ? Status.STATUS_ACTIVE : transactions.getTransactionStatus();
        } catch (RuntimeException e) {
            return Status.STATUS_UNKNOWN;
        }
    }

    Settlement settlement() {
        return settlement;
    }

    Timer timer() {
        return timer;
    }

    /** The lease form's heartbeat threads, which wait behind no other work; null in the other forms. */
    ScheduledExecutorService heartbeats() {
        return heartbeats;
    }

    /** Threads for work a delivery hands off and waits for (a failure counted around a rollback). */
    ExecutorService background() {
        return background;
    }

    /** Finishes prepared branches whose own connection failed, from a new connection. */
    FreshConnectionFinisher finisher() {
        return finisher;
    }

    /** The lease form's pool; null in the other forms. */
    ConnectionPool pool() {
        return pool;
    }

    /**
     * An XA resource of the subscription's database, for a server's transaction recovery
     * ({@code ResourceAdapter.getXAResources}), on a fresh connection: the previous call's
     * connection closes now (servers ask again on every recovery pass), the last one when the
     * subscription stops.
     */
    public synchronized XAResource recoveryResource() throws ResourceException {
        try {
            if (recovery != null) {
                disconnect(recovery);
            }
            WorkerConnection connection = connect();
            recovery = connection;
            return new RecoveryResource(connection.xaResource());
        } catch (SQLException e) {
            throw new ResourceException("Inbox subscription '" + settings.name() + "': no connection for recovery", e);
        }
    }

    /**
     * A new connection of the subscription's database for a recovery pass that closes it itself
     * (Payara's recovery listener, {@code io.inboxra.ra.recovery}); {@link #recoveryResource()}'s
     * connection is left alone, since the server may ask for both in one pass.
     */
    public XAConnection recoveryConnection() throws SQLException {
        return dataSource.getXAConnection();
    }

    MessageEndpointFactory endpointFactory() {
        return endpointFactory;
    }

    boolean isDeliveryTransacted() {
        return deliveryTransacted;
    }

    Outage outage() {
        return outage;
    }

    boolean isRunning() {
        return stopping.getCount() > 0;
    }

    /** Waits, returning early when the subscription stops; an interrupt ends the wait, not the subscription. */
    void pause(Duration wait) {
        try {
            stopping.await(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            LOG.log(Level.DEBUG, () -> "Inbox subscription '" + settings.name() + "': a worker's wait was interrupted");
        }
    }

    /**
     * A worker ended. While the subscription runs, only an error can end one: it is logged and
     * a new worker takes its place.
     */
    void workerEnded(boolean released, Throwable cause) {
        if (released || !isRunning()) {
            workersEnded.countDown();
            return;
        }
        LOG.log(Level.ERROR, "Inbox subscription '" + settings.name() + "': a worker ended unexpectedly; starting"
                + " another in its place", cause);
        try {
            workManager.scheduleWork(new Worker(this), WorkManager.INDEFINITE, null, null);
        } catch (WorkException | RuntimeException e) {
            workersEnded.countDown();
            LOG.log(Level.ERROR, "Inbox subscription '" + settings.name() + "': no worker could replace it; the"
                    + " subscription runs with one worker less until it is redeployed", e);
        }
    }

    /** A connection of the subscription's own, closed when the subscription stops. */
    WorkerConnection connect() throws SQLException {
        WorkerConnection connection = openConnection();
        connections.add(connection);
        return connection;
    }

    /** A connection the caller closes. */
    WorkerConnection openConnection() throws SQLException {
        return WorkerConnection.open(dataSource, settings.isolation());
    }

    void disconnect(WorkerConnection connection) {
        if (connections.remove(connection)) {
            try {
                connection.close();
            } catch (SQLException e) {
                LOG.log(Level.DEBUG, () -> "Inbox subscription '" + settings.name() + "': closing a connection: " + e);
            }
        }
    }

    InboxMessage message(ClaimedRow row) {
        return new ClaimedMessage(row, settings.queue(), settings.name(), this::jsonb);
    }

    private Jsonb jsonb() {
        Jsonb j = jsonb;
        if (j == null) {
            synchronized (this) {
                j = jsonb;
                if (j == null) {
                    j = JsonbBuilder.create();
                    jsonb = j;
                }
            }
        }
        return j;
    }

    private static ThreadFactory threads(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return work -> {
            Thread thread = new Thread(work, "inbox-" + prefix + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    private static ClassLoader endpointLoader(MessageEndpointFactory factory) {
        Class<?> endpointClass = factory.getEndpointClass();
        return endpointClass != null ? endpointClass.getClassLoader() : Thread.currentThread().getContextClassLoader();
    }

    private static void closeQuietly(XAConnection xa, String name) {
        if (xa != null) {
            try {
                xa.close();
            } catch (SQLException e) {
                LOG.log(Level.DEBUG, () -> "Inbox subscription '" + name + "': closing the check connection: " + e);
            }
        }
    }
}
