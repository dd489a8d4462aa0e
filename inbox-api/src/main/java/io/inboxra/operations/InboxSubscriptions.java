package io.inboxra.operations;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The active inbox subscriptions of the calling application, for its operators and its own
 * code: the resource adapter registers each one at its activation and removes it at its
 * deactivation.
 *
 * <p><b>Each application sees its own.</b> The calling application is the thread's context
 * class loader (in a web request or an EJB call, the application's); a subscription belongs to
 * the class loader of its MDB's class. An application sees a subscription when its class
 * loader is the MDB's or a descendant of it, or resolves the MDB's class name to that very
 * class: a WAR sees its own MDBs, a WAR of an EAR also those of the EAR's EJB modules; a parent
 * loader (the server's own) sees none of its children's, and two WARs never see each other's.
 * This keeps applications apart by mistake, not against code that sets its own context class
 * loader. The server-wide view is JMX only ({@code io.inboxra:type=Subscription,name=...}),
 * which the server's own administrators reach.
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

    /** Every active subscription of the server; each application is shown only its own. */
    private static final Set<Registration> ACTIVE = ConcurrentHashMap.newKeySet();

    private InboxSubscriptions() {
    }

    /** @return the calling application's active subscriptions (see the class's comment), by name */
    public static List<SubscriptionView> all() {
        return of(Thread.currentThread().getContextClassLoader());
    }

    /**
     * The active subscriptions of the application of a class loader, for code that runs outside
     * the application's threads (a scheduled task of the server, a health check):
     *
     * <pre>{@code
     * ClassLoader application = MyHealthCheck.class.getClassLoader();   // a class of the WAR
     * boolean ready = InboxSubscriptions.of(application).stream()
     *         .allMatch(s -> s.snapshot().state() != SubscriptionState.STOPPED);
     * }</pre>
     *
     * @param application the application's class loader; {@code null} sees none
     * @return its active subscriptions, by name
     */
    public static List<SubscriptionView> of(ClassLoader application) {
        return ACTIVE.stream().filter(r -> r.visibleTo(application)).map(r -> r.view)
                .filter(Objects::nonNull).sorted(Comparator.comparing(SubscriptionView::name)).toList();
    }

    /**
     * @param name the subscription's name (its {@code name} property)
     * @return the calling application's active subscription of that name, if any; never another
     *         application's
     */
    public static Optional<SubscriptionView> find(String name) {
        return all().stream().filter(view -> view.name().equals(name)).findFirst();
    }

    /**
     * Registers an activating MDB's subscription for its application; the resource adapter calls
     * it, applications do not (the adapter refuses a name that another active MDB has).
     *
     * <pre>{@code
     * Registration registration = InboxSubscriptions.register("billing", BillingMdb.class, loader);
     * registration.show(view);     // once the subscription runs, or waits for its database
     * registration.remove();       // at its deactivation
     * }</pre>
     *
     * @param name the subscription's name
     * @param endpoint the MDB's class, or {@code null} when the server does not tell it
     * @param application the MDB's class loader (its application's)
     * @return the registration, which shows nothing until {@link Registration#show(SubscriptionView)}
     */
    public static Registration register(String name, Class<?> endpoint, ClassLoader application) {
        Registration registration = new Registration(name, endpoint, application);
        ACTIVE.add(registration);
        return registration;
    }

    /**
     * An active MDB's subscription, from its activation to its deactivation, and what its
     * application sees of it; the resource adapter holds it:
     *
     * <pre>{@code
     * registration.show(waitingForTheDatabase);   // at the activation
     * registration.show(running);                 // once the database answered
     * registration.remove();                      // at the deactivation
     * }</pre>
     */
    public static final class Registration {

        private final String name;
        private final Class<?> endpoint;
        private final ClassLoader application;
        private volatile SubscriptionView view;

        private Registration(String name, Class<?> endpoint, ClassLoader application) {
            this.name = name;
            this.endpoint = endpoint;
            this.application = application;
        }

        /** @return the subscription's name */
        public String name() {
            return name;
        }

        /**
         * Shows the subscription under the name: the running one, or the one waiting for its database.
         *
         * @param subscription what the application sees now; its name must be this one
         */
        public void show(SubscriptionView subscription) {
            if (!subscription.name().equals(name)) {
                throw new IllegalArgumentException("subscription '" + subscription.name()
                        + "' shown under the name '" + name + "'");
            }
            view = subscription;
        }

        /** Removes the subscription from its application's sight, at the deactivation. */
        public void remove() {
            ACTIVE.remove(this);
        }

        boolean visibleTo(ClassLoader caller) {
            // The bootstrap loader is every application's ancestor: nothing registered under it is shown.
            if (caller == null || application == null) {
                return false;
            }
            for (ClassLoader loader = caller; loader != null; loader = loader.getParent()) {
                if (loader == application) {
                    return true;
                }
            }
            if (endpoint == null || endpoint.getClassLoader() != application) {
                return false;
            }
            // A loader that delegates other than to its parent (an EAR's modules) may still see the MDB's class.
            try {
                return Class.forName(endpoint.getName(), false, caller) == endpoint;
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        }
    }
}
