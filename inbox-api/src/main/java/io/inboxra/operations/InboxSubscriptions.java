package io.inboxra.operations;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The active inbox subscriptions of this server, for operators and for applications: the
 * resource adapter registers each one at its activation and removes it at its deactivation.
 *
 * <p>The registry is a static of this class, so the application must see the adapter's copy of
 * {@code inbox-api}: the RAR packages it and the server shares it with applications; an
 * application must not bundle its own copy of {@code inbox-api} (in {@code WEB-INF/lib} or an
 * EAR's {@code lib}), or it finds no subscriptions. Declare it {@code provided}.
 *
 * <pre>{@code
 * for (SubscriptionView subscription : InboxSubscriptions.all()) {
 *     SubscriptionSnapshot s = subscription.snapshot();
 *     log.info(s.name() + ": " + s.state() + ", " + s.delivered() + " delivered, "
 *             + s.deadLettered() + " dead-lettered, " + subscription.backlog().claimable() + " waiting");
 * }
 * InboxSubscriptions.find("billing").ifPresent(SubscriptionView::pause);
 * }</pre>
 */
public final class InboxSubscriptions {

    private static final Map<String, SubscriptionView> ACTIVE = new ConcurrentHashMap<>();

    private InboxSubscriptions() {
    }

    /** @return the active subscriptions, by name */
    public static List<SubscriptionView> all() {
        return ACTIVE.values().stream().sorted(Comparator.comparing(SubscriptionView::name)).toList();
    }

    /**
     * @param name the subscription's name (its {@code name} property)
     * @return the active subscription of that name, if any
     */
    public static Optional<SubscriptionView> find(String name) {
        return Optional.ofNullable(ACTIVE.get(name));
    }

    /**
     * Registers an activated subscription; the resource adapter calls it, applications do not.
     * A subscription of the same name replaces the one before (a redeployment activates the new
     * one before the old one ends).
     *
     * @param subscription the subscription
     */
    public static void register(SubscriptionView subscription) {
        ACTIVE.put(subscription.name(), subscription);
    }

    /**
     * Removes a deactivated subscription, if it is still the one registered under its name; the
     * resource adapter calls it, applications do not.
     *
     * @param subscription the subscription
     */
    public static void unregister(SubscriptionView subscription) {
        ACTIVE.remove(subscription.name(), subscription);
    }
}
