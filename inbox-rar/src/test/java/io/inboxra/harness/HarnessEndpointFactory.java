package io.inboxra.harness;

import jakarta.resource.spi.UnavailableException;
import jakarta.resource.spi.endpoint.MessageEndpoint;
import jakarta.resource.spi.endpoint.MessageEndpointFactory;

import java.lang.reflect.Method;
import javax.transaction.xa.XAResource;

/** The server's side of one MDB: it makes an endpoint per delivery around the test's listener. */
final class HarnessEndpointFactory implements MessageEndpointFactory {

    private final Object listener;
    private final boolean transacted;
    private final boolean swallowFailedCommits;
    private final java.util.concurrent.atomic.AtomicInteger refusals;
    private final DeliveryLog log = new DeliveryLog();
    private final java.util.function.UnaryOperator<XAResource> resources;

    HarnessEndpointFactory(Object listener, boolean transacted, boolean swallowFailedCommits, int refusals,
            java.util.function.UnaryOperator<XAResource> resources) {
        this.resources = resources;
        this.listener = listener;
        this.transacted = transacted;
        this.swallowFailedCommits = swallowFailedCommits;
        this.refusals = new java.util.concurrent.atomic.AtomicInteger(refusals);
    }

    DeliveryLog log() {
        return log;
    }

    @Override
    public MessageEndpoint createEndpoint(XAResource resource) throws UnavailableException {
        if (refusals.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            log.refused();
            throw new UnavailableException("no MDB instance is free (the harness refuses this endpoint)");
        }
        return new HarnessEndpoint(listener, resource == null ? null : resources.apply(resource), transacted,
                swallowFailedCommits, log);
    }

    @Override
    public MessageEndpoint createEndpoint(XAResource resource, long timeout) throws UnavailableException {
        return createEndpoint(resource);
    }

    @Override
    public boolean isDeliveryTransacted(Method method) {
        return transacted;
    }

    @Override
    public String getActivationName() {
        return "harness-" + System.identityHashCode(this);
    }

    @Override
    public Class<?> getEndpointClass() {
        return listener.getClass();
    }
}
