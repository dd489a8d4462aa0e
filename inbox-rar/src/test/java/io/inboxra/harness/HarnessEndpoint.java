package io.inboxra.harness;

import io.inboxra.InboxBatchListener;
import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.endpoint.MessageEndpoint;
import jakarta.transaction.HeuristicRollbackException;
import jakarta.transaction.RollbackException;
import jakarta.transaction.Status;
import jakarta.transaction.SystemException;
import jakarta.transaction.TransactionManager;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import javax.transaction.xa.XAResource;

/**
 * What a server's MDB proxy does around one delivery: {@code beforeDelivery} begins a JTA
 * transaction and enlists the adapter's XA resource; a listener that throws marks it
 * rollback-only (the caller gets the exception wrapped, as from an EJB container);
 * {@code afterDelivery} commits, or rolls back when it was so marked. Like Payara, it can
 * swallow a failed commit (log it and return normally): the adapter then learns the outcome only
 * from its own XA resource.
 */
final class HarnessEndpoint implements MessageEndpoint, InboxListener, InboxBatchListener {

    private final Object listener;
    private final XAResource resource;
    private final boolean transacted;
    private final boolean swallowFailedCommits;
    private final DeliveryLog log;
    private final TransactionManager tm = Narayana.transactionManager();
    private final List<Object> delivered = new ArrayList<>();

    HarnessEndpoint(Object listener, XAResource resource, boolean transacted, boolean swallowFailedCommits,
            DeliveryLog log) {
        this.listener = listener;
        this.resource = resource;
        this.transacted = transacted;
        this.swallowFailedCommits = swallowFailedCommits;
        this.log = log;
    }

    @Override
    public void beforeDelivery(Method method) throws ResourceException {
        if (!transacted) {
            return;
        }
        try {
            tm.begin();
            if (!tm.getTransaction().enlistResource(resource)) {
                tm.rollback();
                throw new ResourceException("enlistResource returned false for the adapter's XA resource");
            }
        } catch (ResourceException e) {
            throw e;
        } catch (Exception e) {
            throw new ResourceException("cannot begin the delivery's transaction", e);
        }
    }

    @Override
    public Outcome onMessage(InboxMessage message) {
        delivered.add(message.id());
        log.invoked(message.id());
        return call(() -> ((InboxListener) listener).onMessage(message));
    }

    @Override
    public List<Outcome> onMessages(List<InboxMessage> messages) {
        for (InboxMessage message : messages) {
            delivered.add(message.id());
            log.invoked(message.id());
        }
        return call(() -> ((InboxBatchListener) listener).onMessages(messages));
    }

    private <T> T call(java.util.function.Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException | Error e) {
            // A system exception, Errors included: the container rolls the transaction back.
            if (transacted) {
                try {
                    tm.setRollbackOnly();
                } catch (SystemException | IllegalStateException marking) {
                    e.addSuppressed(marking);
                }
            }
            if (e instanceof Error error) {
                // Passed on as it is, as a container that does not wrap Errors would: the adapter must survive it.
                throw error;
            }
            throw new IllegalStateException("the MDB threw (as an EJBException would report it)", e);
        }
    }

    @Override
    public void afterDelivery() throws ResourceException {
        List<Object> ids = List.copyOf(delivered);
        delivered.clear();
        if (!transacted) {
            return;
        }
        try {
            if (tm.getStatus() == Status.STATUS_MARKED_ROLLBACK) {
                tm.rollback();
                log.rolledBack(ids);
            } else {
                tm.commit();
                log.committed(ids);
            }
        } catch (RollbackException | HeuristicRollbackException e) {
            log.rolledBack(ids);
            if (!swallowFailedCommits) {
                throw new ResourceException("the delivery's transaction rolled back", e);
            }
        } catch (Exception e) {
            log.unknown(ids);
            if (!swallowFailedCommits) {
                throw new ResourceException("the delivery's transaction did not complete", e);
            }
        }
    }

    @Override
    public void release() {
    }
}
