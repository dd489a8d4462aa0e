package io.inboxra.harness;

import jakarta.resource.ResourceException;
import jakarta.resource.spi.ConnectionEvent;
import jakarta.resource.spi.ConnectionEventListener;
import jakarta.resource.spi.ConnectionManager;
import jakarta.resource.spi.ConnectionRequestInfo;
import jakarta.resource.spi.ManagedConnection;
import jakarta.resource.spi.ManagedConnectionFactory;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.Transaction;

/**
 * The harness's outbound connection manager, as a server's without its pool: each allocation is a
 * new managed connection, enlisted in the caller's Narayana transaction when there is one, and
 * destroyed when that transaction completes (or, without one, when its handle closes).
 */
public final class XaConnectionManager implements ConnectionManager {

    private static final long serialVersionUID = 1L;

    @Override
    public Object allocateConnection(ManagedConnectionFactory factory, ConnectionRequestInfo info)
            throws ResourceException {
        ManagedConnection managed = factory.createManagedConnection(null, info);
        try {
            Transaction transaction = Narayana.transactionManager().getTransaction();
            boolean enlisted = transaction != null && transaction.getStatus() == Status.STATUS_ACTIVE;
            if (enlisted) {
                transaction.enlistResource(managed.getXAResource());
                transaction.registerSynchronization(new Synchronization() {
                    @Override
                    public void beforeCompletion() {
                    }

                    @Override
                    public void afterCompletion(int status) {
                        destroy(managed);
                    }
                });
            }
            managed.addConnectionEventListener(new ConnectionEventListener() {
                @Override
                public void connectionClosed(ConnectionEvent event) {
                    if (!enlisted) {
                        destroy(managed);
                    }
                }

                @Override
                public void connectionErrorOccurred(ConnectionEvent event) {
                }

                @Override
                public void localTransactionStarted(ConnectionEvent event) {
                }

                @Override
                public void localTransactionCommitted(ConnectionEvent event) {
                }

                @Override
                public void localTransactionRolledback(ConnectionEvent event) {
                }
            });
        } catch (jakarta.transaction.SystemException | jakarta.transaction.RollbackException e) {
            destroy(managed);
            throw new ResourceException("cannot enlist the connection: " + e, e);
        }
        return managed.getConnection(null, info);
    }

    private static void destroy(ManagedConnection managed) {
        try {
            managed.destroy();
        } catch (ResourceException e) {
            throw new IllegalStateException(e);
        }
    }
}
