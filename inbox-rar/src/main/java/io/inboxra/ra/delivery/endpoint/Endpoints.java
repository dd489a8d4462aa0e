package io.inboxra.ra.delivery.endpoint;

import io.inboxra.InboxBatchListener;
import io.inboxra.ra.recovery.UndecidedBranches;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.endpoint.MessageEndpointFactory;

import javax.transaction.xa.XAResource;

/**
 * The MDB as the deliveries see it: endpoints from its factory, whether it takes its rows in
 * batches ({@link io.inboxra.InboxBatchListener}) or one by one, whether its listener method
 * runs in a container transaction, that transaction's status, and the messages it is handed.
 */
public final class Endpoints {

    private final String subscription;
    private final MessageEndpointFactory factory;
    private final boolean transacted;
    private final TransactionStatus transaction;
    private final Messages messages;
    private final int maxPayloadBytes;
    private final boolean batch;
    private final TraceLimit traces = new TraceLimit(java.time.Clock.systemUTC());
    private final DatabaseWaits waits;
    private UndecidedBranches undecided;

    private Endpoints(String subscription, MessageEndpointFactory factory, boolean transacted,
            TransactionStatus transaction, Messages messages, int maxPayloadBytes, boolean batch, DatabaseWaits waits) {
        this.subscription = subscription;
        this.waits = waits;
        this.batch = batch;
        this.factory = factory;
        this.transacted = transacted;
        this.transaction = transaction;
        this.messages = messages;
        this.maxPayloadBytes = maxPayloadBytes;
    }

    /**
     * @throws ResourceException when the MDB has neither {@code onMessage(InboxMessage)} nor
     *         {@code onMessages(List)}
     */
    public static Endpoints of(String subscription, MessageEndpointFactory factory, TransactionStatus transaction,
            Messages messages, int maxPayloadBytes, DatabaseWaits waits) throws ResourceException {
        Class<?> bean = factory.getEndpointClass();
        boolean batch = bean != null && InboxBatchListener.class.isAssignableFrom(bean);
        try {
            boolean transacted = factory.isDeliveryTransacted(batch ? ListenerEndpoint.ON_MESSAGES
                    : ListenerEndpoint.ON_MESSAGE);
            return new Endpoints(subscription, factory, transacted, transaction, messages, maxPayloadBytes, batch,
                    waits);
        } catch (NoSuchMethodException e) {
            throw new ResourceException("Inbox subscription '" + subscription + "': the MDB has no "
                    + (batch ? "onMessages(List<InboxMessage>)" : "onMessage(InboxMessage)")
                    + "; implement io.inboxra.InboxListener or io.inboxra.InboxBatchListener", e);
        }
    }

    /** Asks the server for an endpoint whose transactions enlist {@code resource} (null: none). */
    public ListenerEndpoint create(XAResource resource) throws ResourceException {
        ListenerEndpoint endpoint = new ListenerEndpoint(subscription, factory.createEndpoint(resource), messages,
                maxPayloadBytes, traces, batch, waits);
        UndecidedBranches watched = undecided;
        if (watched != null && resource != null) {
            endpoint.onBegun(() -> watched.watch(resource));
        }
        return endpoint;
    }

    /** From now on, each delivery's branch is watched for a transaction manager that leaves it undecided. */
    public void watchFor(UndecidedBranches branches) {
        undecided = branches;
    }

    /** @return whether {@code onMessage} runs in a container-managed transaction */
    public boolean isTransacted() {
        return transacted;
    }

    /** @return the current delivery's container transaction */
    public TransactionStatus transaction() {
        return transaction;
    }
}
