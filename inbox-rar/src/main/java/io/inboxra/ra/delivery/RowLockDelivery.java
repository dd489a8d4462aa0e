package io.inboxra.ra.delivery;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.endpoint.MessageEndpoint;

/**
 * One delivery in the row lock form, top to bottom: create the endpoint with the worker's XA
 * resource, {@code beforeDelivery} (the container begins the transaction and enlists the
 * resource, which starts the branch), claim a row under lock in that branch, invoke the
 * listener, settle in the same branch, {@code afterDelivery} (the container commits or rolls
 * back), release.
 */
final class RowLockDelivery {

    /** What one delivery came to. */
    enum Result { DELIVERED, EMPTY, FAILED }

    static final Method ON_MESSAGE;

    static {
        try {
            ON_MESSAGE = InboxListener.class.getMethod("onMessage", InboxMessage.class);
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final Logger LOG = System.getLogger(RowLockDelivery.class.getName());

    private final Subscription subscription;

    RowLockDelivery(Subscription subscription) {
        this.subscription = subscription;
    }

    Result deliver(WorkerConnection connection) throws SQLException, ResourceException {
        MessageEndpoint endpoint = subscription.endpointFactory().createEndpoint(connection.branch());
        try {
            return subscription.isDeliveryTransacted()
                    ? inContainerTransaction(endpoint, connection)
                    : inLocalTransaction(endpoint, connection);
        } finally {
            endpoint.release();
        }
    }

    private Result inContainerTransaction(MessageEndpoint endpoint, WorkerConnection connection)
            throws SQLException, ResourceException {
        beforeDelivery(endpoint);
        Optional<ClaimedRow> row = Optional.empty();
        Result result = Result.FAILED;
        try {
            if (!connection.branch().isStarted()) {
                // Claiming now would run outside the transaction: the settlement would commit alone.
                throw new ResourceException("the container did not enlist the adapter's XA resource in the"
                        + " delivery's transaction; check that the MDB's onMessage is container-managed"
                        + " with REQUIRED");
            }
            row = connection.claim();
            if (row.isEmpty()) {
                return result = Result.EMPTY;
            }
            Outcome outcome = invoke(endpoint, row.get());
            if (outcome == null || !settle(connection, row.get(), outcome)) {
                connection.branch().markRollbackOnly();
                return result = Result.FAILED;
            }
            return result = Result.DELIVERED;
        } catch (SQLException | RuntimeException e) {
            connection.branch().markRollbackOnly();
            throw e;
        } finally {
            afterDelivery(endpoint, row, result);
        }
    }

    /** A listener without a container transaction (bean-managed, NOT_SUPPORTED): the adapter's own. */
    private Result inLocalTransaction(MessageEndpoint endpoint, WorkerConnection worker)
            throws SQLException, ResourceException {
        Connection connection = worker.connection();
        beforeDelivery(endpoint);
        boolean committed = false;
        try {
            connection.setAutoCommit(false);
            Optional<ClaimedRow> row = worker.claim();
            if (row.isEmpty()) {
                return Result.EMPTY;
            }
            Outcome outcome = invoke(endpoint, row.get());
            if (outcome == null || !settle(worker, row.get(), outcome)) {
                return Result.FAILED;
            }
            connection.commit();
            committed = true;
            return Result.DELIVERED;
        } finally {
            try {
                if (!committed) {
                    connection.rollback();
                }
                connection.setAutoCommit(true);
            } finally {
                endpoint.afterDelivery();
            }
        }
    }

    private static void beforeDelivery(MessageEndpoint endpoint) throws ResourceException {
        try {
            endpoint.beforeDelivery(ON_MESSAGE);
        } catch (NoSuchMethodException e) {
            throw new ResourceException("the endpoint has no onMessage(InboxMessage)", e);
        }
    }

    private Outcome invoke(MessageEndpoint endpoint, ClaimedRow row) {
        InboxMessage message = subscription.message(row);
        try {
            Outcome outcome = ((InboxListener) endpoint).onMessage(message);
            if (outcome == null) {
                LOG.log(Level.WARNING, "Inbox subscription '" + subscription.name() + "': the listener returned"
                        + " null for row " + row.id() + "; return Outcome.ack(). The transaction rolls back and"
                        + " the row will be delivered again.");
            }
            return outcome;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription.name() + "': the listener failed on row "
                    + row.id() + "; the transaction rolls back and the row will be delivered again", e);
            return null;
        }
    }

    private boolean settle(WorkerConnection connection, ClaimedRow row, Outcome outcome) throws SQLException {
        if (!(outcome instanceof Outcome.Ack)) {
            throw new IllegalStateException("unknown outcome " + outcome);
        }
        boolean settled = connection.settle(row);
        if (!settled) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription.name() + "': the settlement of row "
                    + row.id() + " changed no row; the transaction rolls back.");
        }
        return settled;
    }

    private void afterDelivery(MessageEndpoint endpoint, Optional<ClaimedRow> row, Result result) {
        try {
            endpoint.afterDelivery();
        } catch (ResourceException | RuntimeException e) {
            if (result == Result.DELIVERED) {
                LOG.log(Level.WARNING, "Inbox subscription '" + subscription.name() + "': the transaction of row "
                        + row.map(ClaimedRow::id).orElse("?") + " did not commit; the row stays and will be"
                        + " delivered again", e);
            } else {
                LOG.log(Level.DEBUG, () -> "Inbox subscription '" + subscription.name()
                        + "': afterDelivery of a rolled-back delivery failed: " + e);
            }
        }
    }
}
