package io.inboxra.ra.delivery;

import jakarta.resource.ResourceException;
import jakarta.resource.spi.endpoint.MessageEndpointFactory;

import javax.transaction.xa.XAResource;

/**
 * The MDB as the deliveries see it: endpoints from its factory, whether its {@code onMessage}
 * runs in a container transaction, that transaction's status, and the messages it is handed.
 */
final class Endpoints {

    private final String subscription;
    private final MessageEndpointFactory factory;
    private final boolean transacted;
    private final TransactionStatus transaction;
    private final Messages messages;
    private final int maxPayloadBytes;
    private final TraceLimit traces = new TraceLimit(java.time.Clock.systemUTC());

    private Endpoints(String subscription, MessageEndpointFactory factory, boolean transacted,
            TransactionStatus transaction, Messages messages, int maxPayloadBytes) {
        this.subscription = subscription;
        this.factory = factory;
        this.transacted = transacted;
        this.transaction = transaction;
        this.messages = messages;
        this.maxPayloadBytes = maxPayloadBytes;
    }

    /** @throws ResourceException when the MDB has no {@code onMessage(InboxMessage)} */
    static Endpoints of(String subscription, MessageEndpointFactory factory, TransactionStatus transaction,
            Messages messages, int maxPayloadBytes) throws ResourceException {
        try {
            boolean transacted = factory.isDeliveryTransacted(ListenerEndpoint.ON_MESSAGE);
            return new Endpoints(subscription, factory, transacted, transaction, messages, maxPayloadBytes);
        } catch (NoSuchMethodException e) {
            throw new ResourceException("Inbox subscription '" + subscription + "': the MDB has no"
                    + " onMessage(InboxMessage); implement io.inboxra.InboxListener", e);
        }
    }

    /** Asks the server for an endpoint whose transactions enlist {@code resource} (null: none). */
    ListenerEndpoint create(XAResource resource) throws ResourceException {
        return new ListenerEndpoint(subscription, factory.createEndpoint(resource), messages, maxPayloadBytes, traces);
    }

    /** @return whether {@code onMessage} runs in a container-managed transaction */
    boolean isTransacted() {
        return transacted;
    }

    /** @return the current delivery's container transaction */
    TransactionStatus transaction() {
        return transaction;
    }
}
