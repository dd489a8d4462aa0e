package io.inboxra.ra.delivery;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.endpoint.MessageEndpoint;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.lang.reflect.Method;

/**
 * The server's MDB endpoint for one delivery, and the steps every form takes with it:
 * {@code beforeDelivery}, the listener call, {@code afterDelivery} (always paired), release.
 * Failures of the listener are logged here, once, with the subscription's name.
 */
final class ListenerEndpoint implements AutoCloseable {

    static final Method ON_MESSAGE;

    static {
        try {
            ON_MESSAGE = InboxListener.class.getMethod("onMessage", InboxMessage.class);
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final Logger LOG = System.getLogger(ListenerEndpoint.class.getName());

    private final String subscription;
    private final MessageEndpoint endpoint;
    private final Messages messages;
    private final int maxPayloadBytes;
    private final TraceLimit traces;
    private boolean inDelivery;

    /** An endpoint the server gave ({@link Endpoints#create}). */
    ListenerEndpoint(String subscription, MessageEndpoint endpoint, Messages messages, int maxPayloadBytes,
            TraceLimit traces) {
        this.subscription = subscription;
        this.endpoint = endpoint;
        this.messages = messages;
        this.maxPayloadBytes = maxPayloadBytes;
        this.traces = traces;
    }

    /**
     * Claiming or settling outside the delivery's transaction would commit the settlement alone:
     * refuse when the container did not enlist the adapter's resource.
     */
    static void requireEnlisted(boolean enlisted) throws ResourceException {
        if (!enlisted) {
            throw new ResourceException("the container did not enlist the adapter's XA resource in the delivery's"
                    + " transaction; check that the MDB's onMessage is container-managed with REQUIRED");
        }
    }

    /** {@code beforeDelivery}: a container-managed MDB's transaction begins and enlists the resource. */
    void before() throws ResourceException {
        try {
            endpoint.beforeDelivery(ON_MESSAGE);
            inDelivery = true;
        } catch (NoSuchMethodException e) {
            throw new ResourceException("the endpoint has no onMessage(InboxMessage)", e);
        }
    }

    /** What the listener call came to: its outcome, or why there is none. */
    record Invocation(Outcome outcome, String error) {
        boolean failed() {
            return outcome == null;
        }
    }

    /** Calls the listener; a failure is logged here, once, and returned as the invocation's error. */
    Invocation invoke(ClaimedRow row) {
        int limit = maxPayloadBytes;
        if (row.payload().length > limit) {
            // Never handed to the listener: the row goes to the dead letters, with the reason.
            String reason = "its payload of " + row.payload().length + " bytes exceeds maxPayloadBytes (" + limit + ")";
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': row " + row.id() + " is"
                    + " dead-lettered unread: " + reason + "; raise 'maxPayloadBytes' if such rows are expected");
            return new Invocation(Outcome.deadLetter(reason), null);
        }
        try {
            InboxMessage message = messages.of(row);
            Outcome outcome = ((InboxListener) endpoint).onMessage(message);
            if (outcome == null) {
                LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': the listener returned"
                        + " null for row " + row.id() + "; return Outcome.ack(). The transaction rolls back and"
                        + " the row will be delivered again.");
                return new Invocation(null, "the listener returned null");
            }
            return new Invocation(outcome, null);
        } catch (RuntimeException | Error e) {
            // An Error too (StackOverflowError, NoClassDefFoundError): the delivery rolls back, the worker lives on.
            // One line per failure; its stack trace once a minute per distinct cause, not on every redelivery.
            String cause = Causes.describe(e);
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': " + describe(row) + " failed in the"
                    + " listener (" + cause + "); the transaction rolls back and the row will be delivered again",
                    traces.traceOf(e));
            return new Invocation(null, cause);
        }
    }

    private static String describe(ClaimedRow row) {
        return "row " + row.id() + " (attempt " + (row.failedAttempts() + 1) + ")";
    }

    /**
     * {@code afterDelivery}: the container commits or rolls back. A failure is logged, once,
     * when a commit was expected; the row then stays and is delivered again.
     *
     * @param row the row delivered, for the log, or null when none was claimed
     * @param expectCommit whether the delivery settled its row
     */
    void after(ClaimedRow row, boolean expectCommit) {
        if (!inDelivery) {
            return;
        }
        inDelivery = false;
        try {
            endpoint.afterDelivery();
        } catch (ResourceException | RuntimeException | Error e) {
            if (expectCommit) {
                LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': the transaction of "
                        + (row == null ? "a delivery" : describe(row)) + " did not commit (" + Causes.describe(e)
                        + "); the row stays and will be delivered again", traces.traceOf(e));
            } else {
                LOG.log(Level.DEBUG, () -> "Inbox subscription '" + subscription
                        + "': afterDelivery of a rolled-back delivery failed: " + e);
            }
        }
    }

    @Override
    public void close() {
        endpoint.release();
    }
}
