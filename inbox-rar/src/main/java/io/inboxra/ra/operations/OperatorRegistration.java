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
 * A subscription made visible to operators while it is active: in {@link InboxSubscriptions}
 * and as the platform MBean {@code io.inboxra:type=Subscription,name=<subscription>}. A
 * registration that fails (a server that refuses the platform MBean server) is logged once and
 * leaves the subscription running.
 */
public final class OperatorRegistration {

    private static final Logger LOG = System.getLogger(OperatorRegistration.class.getName());

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
     * Registers an activated subscription.
     *
     * @param view the subscription
     * @return the registration, to {@link #remove()} at deactivation
     */
    public static OperatorRegistration register(SubscriptionView view) {
        InboxSubscriptions.register(view);
        ObjectName name = null;
        try {
            ObjectName candidate = objectName(view.name());
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            if (server.isRegistered(candidate)) {
                // A redeployment activates the new subscription before the old one ends: the new one shows.
                server.unregisterMBean(candidate);
            }
            server.registerMBean(new SubscriptionBean(view), candidate);
            name = candidate;
        } catch (JMException | RuntimeException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + view.name() + "': its MBean could not be registered ("
                    + e + "); it runs without, and io.inboxra.operations.InboxSubscriptions still shows it");
        }
        return new OperatorRegistration(view, name);
    }

    /** Removes the subscription from operators' sight, at its deactivation. */
    public void remove() {
        InboxSubscriptions.unregister(view);
        if (name == null) {
            return;
        }
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            // Only our own bean: a newer activation of the same name may have replaced it.
            if (server.isRegistered(name) && InboxSubscriptions.find(view.name()).isEmpty()) {
                server.unregisterMBean(name);
            }
        } catch (JMException | RuntimeException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + view.name() + "': its MBean could not be removed (" + e + ")");
        }
    }
}
