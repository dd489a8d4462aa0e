package io.inboxra.admin;

import io.inboxra.operations.Backlog;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionSnapshot;
import io.inboxra.operations.SubscriptionState;
import io.inboxra.operations.SubscriptionView;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.inject.Inject;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricID;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;
import org.eclipse.microprofile.metrics.Tag;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;

/**
 * The subscriptions' metrics in the application's MicroProfile Metrics registry, each tagged
 * {@code subscription=<name>} (on Payara's {@code /metrics}, Prometheus style, with dots as
 * underscores and counters ending in {@code _total}):
 * <ul>
 * <li>counters {@code inbox.delivered}, {@code inbox.failed}, {@code inbox.retried},
 * {@code inbox.dead.lettered}, {@code inbox.commit.failures}: since the activation;</li>
 * <li>gauges from memory {@code inbox.workers.busy}, {@code inbox.workers.idle},
 * {@code inbox.rate} (deliveries committed in the last minute), {@code inbox.ready} (1 running or
 * paused, 0 in an outage or stopped), {@code inbox.paused}, {@code inbox.claim.transaction.age}
 * (seconds the oldest open claim transaction has been open, 0 with none);</li>
 * <li>gauges from the database, read at most every few seconds ({@link BacklogReads}):
 * {@code inbox.claimable}, {@code inbox.lag} (seconds), {@code inbox.in.work} (lease form),
 * {@code inbox.dead.letters}.</li>
 * </ul>
 * Subscriptions come and go with their activations, so once a second the metrics follow
 * {@link InboxSubscriptions}: a new subscription's are registered, a gone one's removed, and the
 * counters catch up with the subscription's own. Only the application's own subscriptions (of
 * its class loader, taken as it starts) are followed.
 */
@ApplicationScoped
public class InboxMetrics {

    private static final Logger LOG = System.getLogger(InboxMetrics.class.getName());
    private static final String TAG = "subscription";

    private static final Map<String, ToLongFunction<SubscriptionSnapshot>> COUNTERS = Map.of(
            "inbox.delivered", SubscriptionSnapshot::delivered,
            "inbox.failed", SubscriptionSnapshot::failed,
            "inbox.retried", SubscriptionSnapshot::retried,
            "inbox.dead.lettered", SubscriptionSnapshot::deadLettered,
            "inbox.commit.failures", SubscriptionSnapshot::commitFailures);

    @Inject
    MetricRegistry registry;

    @Inject
    BacklogReads backlogs;

    @Resource
    ManagedScheduledExecutorService scheduler;

    /** What is registered for one subscription. */
    private static final class Registered {
        final SubscriptionView view;
        final List<MetricID> ids = new ArrayList<>();
        final Map<String, Counter> counters = new HashMap<>();
        final Map<String, Long> counted = new HashMap<>();

        Registered(SubscriptionView view) {
            this.view = view;
        }
    }

    private final Map<String, Registered> registered = new HashMap<>();
    private ScheduledFuture<?> follower;
    /** The application's class loader: the scheduler's threads need not carry it. */
    private volatile ClassLoader application;
    /** Set at undeployment: a turn already under way then registers nothing more. */
    private boolean stopped;

    void start(@Observes @Initialized(ApplicationScoped.class) Object started) {
        application = CallingApplication.loader();
        follower = scheduler.scheduleWithFixedDelay(this::followSafely, 0, 1, TimeUnit.SECONDS);
    }

    @PreDestroy
    void stop() {
        if (follower != null) {
            follower.cancel(false);
        }
        synchronized (registered) {
            stopped = true;
            registered.values().forEach(this::unregister);
            registered.clear();
        }
    }

    private void followSafely() {
        try {
            follow();
        } catch (RuntimeException e) {
            // One failed turn must not end the schedule: the next one tries again.
            LOG.log(Level.WARNING, "Inbox admin: the metrics could not follow the subscriptions", e);
        }
    }

    /** Registers new subscriptions, removes gone ones, and brings the counters up to date. */
    void follow() {
        synchronized (registered) {
            if (stopped) {
                return;
            }
            Map<String, SubscriptionView> active = new HashMap<>();
            ClassLoader loader = application;
            InboxSubscriptions.of(loader != null ? loader : CallingApplication.loader())
                    .forEach(v -> active.put(v.name(), v));
            registered.entrySet().removeIf(e -> {
                boolean gone = active.get(e.getKey()) != e.getValue().view;
                if (gone) {
                    unregister(e.getValue());
                    backlogs.forget(e.getKey());
                }
                return gone;
            });
            for (SubscriptionView view : active.values()) {
                Registered r = registered.computeIfAbsent(view.name(), n -> register(view));
                SubscriptionSnapshot s = view.snapshot();
                COUNTERS.forEach((name, value) -> {
                    long now = value.applyAsLong(s);
                    long before = r.counted.getOrDefault(name, 0L);
                    if (now > before) {
                        r.counters.get(name).inc(now - before);
                        r.counted.put(name, now);
                    }
                });
            }
        }
    }

    private Registered register(SubscriptionView view) {
        Registered r = new Registered(view);
        Tag tag = new Tag(TAG, view.name());
        COUNTERS.keySet().forEach(name -> {
            r.counters.put(name, registry.counter(metadata(name, MetricUnits.NONE), tag));
            r.ids.add(new MetricID(name, tag));
        });
        gauge(r, tag, "inbox.workers.busy", MetricUnits.NONE, () -> view.snapshot().workersBusy());
        gauge(r, tag, "inbox.workers.idle", MetricUnits.NONE, () -> view.snapshot().workersIdle());
        gauge(r, tag, "inbox.rate", MetricUnits.NONE, () -> view.snapshot().recentRate());
        gauge(r, tag, "inbox.ready", MetricUnits.NONE, () -> ready(view.snapshot()) ? 1 : 0);
        gauge(r, tag, "inbox.paused", MetricUnits.NONE, () -> view.snapshot().state() == SubscriptionState.PAUSED ? 1 : 0);
        gauge(r, tag, "inbox.claim.transaction.age", MetricUnits.SECONDS, () -> view.snapshot()
                .oldestClaimTransaction().map(age -> age.toMillis() / 1000.0).orElse(0.0));
        // Unknown (the database has never told, or the form or table has none) is NaN, never a reassuring 0.
        gauge(r, tag, "inbox.claimable", MetricUnits.NONE,
                () -> backlog(view).map(b -> (double) b.claimable()).orElse(Double.NaN));
        gauge(r, tag, "inbox.lag", MetricUnits.SECONDS, () -> backlog(view).flatMap(Backlog::lag)
                .map(l -> l.toMillis() / 1000.0).orElse(backlog(view).isPresent() ? 0.0 : Double.NaN));
        gauge(r, tag, "inbox.in.work", MetricUnits.NONE, () -> backlog(view)
                .filter(b -> b.inWork().isPresent()).map(b -> (double) b.inWork().getAsLong()).orElse(Double.NaN));
        gauge(r, tag, "inbox.dead.letters", MetricUnits.NONE, () -> backlog(view)
                .filter(b -> b.deadLetters().isPresent()).map(b -> (double) b.deadLetters().getAsLong()).orElse(Double.NaN));
        LOG.log(Level.DEBUG, () -> "Inbox admin: metrics registered for subscription '" + view.name() + "'");
        return r;
    }

    private <T extends Number> void gauge(Registered r, Tag tag, String name, String unit,
            java.util.function.Supplier<T> value) {
        registry.gauge(metadata(name, unit), value, tag);
        r.ids.add(new MetricID(name, tag));
    }

    private Optional<Backlog> backlog(SubscriptionView view) {
        return backlogs.of(view);
    }

    private void unregister(Registered r) {
        r.ids.forEach(registry::remove);
    }

    /** As readiness tells it: running, or paused by an operator (a pause of its own after failures is not ready). */
    private static boolean ready(SubscriptionSnapshot s) {
        return s.state() == SubscriptionState.RUNNING
                || s.state() == SubscriptionState.PAUSED && s.pausedBecause().isEmpty();
    }

    private static Metadata metadata(String name, String unit) {
        return Metadata.builder().withName(name).withDescription(DESCRIPTIONS.get(name)).withUnit(unit).build();
    }

    private static final Map<String, String> DESCRIPTIONS = Map.ofEntries(
            Map.entry("inbox.delivered", "Deliveries acknowledged and committed"),
            Map.entry("inbox.failed", "Deliveries that did not commit"),
            Map.entry("inbox.retried", "Rows rescheduled"),
            Map.entry("inbox.dead.lettered", "Rows dead-lettered"),
            Map.entry("inbox.commit.failures", "Settled deliveries whose transaction did not commit"),
            Map.entry("inbox.workers.busy", "Workers in a turn now"),
            Map.entry("inbox.workers.idle", "Workers waiting for rows, or paused"),
            Map.entry("inbox.rate", "Deliveries committed in the last minute"),
            Map.entry("inbox.ready", "1 while running or paused, 0 in an outage or stopped"),
            Map.entry("inbox.paused", "1 while paused by an operator"),
            Map.entry("inbox.claimable", "Rows a claim would take now"),
            Map.entry("inbox.lag", "How long the oldest claimable row has been due"),
            Map.entry("inbox.in.work", "Rows in work (lease form)"),
            Map.entry("inbox.dead.letters", "Dead letters"));
}
