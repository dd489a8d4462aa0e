package io.inboxra.ra.operations;

import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionView;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * A subscription made visible to operators while it is active: to its own application under
 * its name in {@link InboxSubscriptions}, and server-wide as the platform MBean
 * {@code io.inboxra:type=Subscription,name=<subscription>}. A registration that fails (a server
 * that refuses the platform MBean server) is logged once and leaves the subscription running.
 */
public final class OperatorRegistration {

    private static final Logger LOG = System.getLogger(OperatorRegistration.class.getName());
    /** Whose bean each name is: in one JVM with several adapters (tests), a later one's bean replaces it. */
    private static final java.util.Map<ObjectName, OperatorRegistration> OWNERS =
            new java.util.concurrent.ConcurrentHashMap<>();

    private final SubscriptionView view;
    private final ObjectName name;

    private OperatorRegistration(SubscriptionView view, ObjectName name) {
        this.view = view;
        this.name = name;
    }

    /**
     * @param subscription the subscription's name
     * @return its MBean's name
     * @throws javax.management.MalformedObjectNameException never for a checked subscription name
     */
    public static ObjectName objectName(String subscription) throws javax.management.MalformedObjectNameException {
        String value = subscription.matches("[A-Za-z0-9_.\\-]+") ? subscription : ObjectName.quote(subscription);
        return new ObjectName("io.inboxra:type=Subscription,name=" + value);
    }

    /**
     * Registers an activated subscription under the name its activation took.
     *
     * @param taken the name, taken at the activation (so unique in the server)
     * @param view the subscription
     * @return the registration, to {@link #remove()} when another view takes its place or at deactivation
     */
    public static OperatorRegistration register(InboxSubscriptions.Registration taken, SubscriptionView view) {
        taken.show(view);
        ObjectName name = null;
        try {
            ObjectName candidate = objectName(view.name());
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            if (server.isRegistered(candidate)) {
                // Names are unique among an adapter's activations: this bean is another adapter's in this JVM.
                server.unregisterMBean(candidate);
            }
            server.registerMBean(new SubscriptionBean(view), candidate);
            name = candidate;
        } catch (JMException | RuntimeException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + view.name() + "': its MBean could not be registered ("
                    + e + "); it runs without, and io.inboxra.operations.InboxSubscriptions still shows it");
        }
        OperatorRegistration registration = new OperatorRegistration(view, name);
        if (name != null) {
            OWNERS.put(name, registration);
        }
        return registration;
    }

    /** Removes the subscription's MBean; the name stays with the activation until it ends. */
    public void remove() {
        if (name == null) {
            return;
        }
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            // Only our own bean: a later activation of the same name elsewhere in this JVM may have replaced it.
            if (OWNERS.remove(name, this) && server.isRegistered(name)) {
                server.unregisterMBean(name);
            }
        } catch (JMException | RuntimeException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + view.name() + "': its MBean could not be removed (" + e + ")");
        }
    }
}
