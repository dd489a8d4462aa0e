package io.inboxra.harness;

import io.inboxra.InboxBatchListener;
import io.inboxra.InboxListener;
import io.inboxra.ra.InboxActivationSpec;
import io.inboxra.ra.InboxResourceAdapter;
import jakarta.resource.ResourceException;

import java.beans.IntrospectionException;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.lang.reflect.InvocationTargetException;
import java.util.Map;

/**
 * A small in-process container for the adapter: one {@link InboxResourceAdapter} (one
 * "server"), started with a work manager on a thread pool, whose MDBs are listeners driven
 * through real Narayana JTA transactions.
 *
 * <pre>{@code
 * try (Harness server = Harness.start()) {
 *     Harness.Activation a = server.activate(message -> Outcome.ack(),
 *             Map.of("name", "jobs", "table", "jobs", "url", "jdbc:postgresql://127.0.0.1/test"));
 *     ...
 * }
 * }</pre>
 */
public final class Harness implements AutoCloseable {

    private final InboxResourceAdapter adapter = new InboxResourceAdapter();
    private final HarnessBootstrapContext bootstrap = new HarnessBootstrapContext();
    private boolean swallowFailedCommits;
    private int refusals;
    private java.util.function.UnaryOperator<javax.transaction.xa.XAResource> resources = r -> r;

    private Harness() {
    }

    /** @return a started adapter */
    public static Harness start() {
        Narayana.transactionManager();
        Harness harness = new Harness();
        harness.adapter.start(harness.bootstrap);
        return harness;
    }

    /** @return the adapter, to set adapter-level defaults */
    public InboxResourceAdapter adapter() {
        return adapter;
    }

    /**
     * From now on, MDBs activated here behave as Payara's do: a commit that fails in
     * {@code afterDelivery} is logged and swallowed, not thrown to the adapter.
     */
    public Harness swallowingFailedCommits() {
        swallowFailedCommits = true;
        return this;
    }

    /**
     * From now on, the transaction manager of MDBs activated here sees the adapter's XA resource
     * through {@code wrapper}: a server that halts in a phase, or forgets one.
     */
    public Harness wrappingAdapterResources(java.util.function.UnaryOperator<javax.transaction.xa.XAResource> wrapper) {
        resources = wrapper;
        return this;
    }

    /** The next MDB activated here is refused its first {@code n} endpoints (no MDB instance free). */
    public Harness refusingEndpoints(int n) {
        refusals = n;
        return this;
    }

    /** Activates a container-managed MDB. */
    public Activation activate(InboxListener listener, Map<String, String> properties) throws ResourceException {
        return activate(listener, properties, true);
    }

    /**
     * Activates an MDB with the given activation config, set as a container sets it: through
     * the spec's JavaBean setters.
     */
    public Activation activate(InboxListener listener, Map<String, String> properties, boolean transacted)
            throws ResourceException {
        return activateListener(listener, properties, transacted);
    }

    /** Activates a container-managed MDB that takes its rows in batches. */
    public Activation activateBatch(InboxBatchListener listener, Map<String, String> properties)
            throws ResourceException {
        return activateListener(listener, properties, true);
    }

    private Activation activateListener(Object listener, Map<String, String> properties, boolean transacted)
            throws ResourceException {
        InboxActivationSpec spec = new InboxActivationSpec();
        properties.forEach((name, value) -> setProperty(spec, name, value));
        spec.setResourceAdapter(adapter);
        HarnessEndpointFactory factory = new HarnessEndpointFactory(listener, transacted, swallowFailedCommits, refusals,
                resources);
        refusals = 0;
        adapter.endpointActivation(factory, spec);
        return new Activation(factory, spec);
    }

    private static void setProperty(InboxActivationSpec spec, String name, String value) {
        try {
            for (PropertyDescriptor d : Introspector.getBeanInfo(InboxActivationSpec.class).getPropertyDescriptors()) {
                if (d.getName().equals(name) && d.getWriteMethod() != null) {
                    d.getWriteMethod().invoke(spec, value);
                    return;
                }
            }
        } catch (IntrospectionException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException(e);
        }
        throw new IllegalArgumentException("the activation spec has no property " + name);
    }

    @Override
    public void close() throws InterruptedException {
        adapter.stop();
        bootstrap.shutdown();
    }

    /** One MDB's activation in this harness. */
    public final class Activation implements AutoCloseable {
        private final HarnessEndpointFactory factory;
        private final InboxActivationSpec spec;
        private boolean active = true;

        private Activation(HarnessEndpointFactory factory, InboxActivationSpec spec) {
            this.factory = factory;
            this.spec = spec;
        }

        /** @return the adapter's XA resources for the server's recovery ({@code getXAResources}) */
        public javax.transaction.xa.XAResource[] recoveryResources() throws ResourceException {
            return adapter.getXAResources(new jakarta.resource.spi.ActivationSpec[] {spec});
        }

        /** @return what the harness saw of this MDB's deliveries */
        public DeliveryLog log() {
            return factory.log();
        }

        /** Deactivates the MDB, as an undeployment does. */
        public void deactivate() {
            if (active) {
                active = false;
                adapter.endpointDeactivation(factory, spec);
            }
        }

        @Override
        public void close() {
            deactivate();
        }
    }
}
