package io.inboxra.ra.delivery.endpoint;

import io.inboxra.InboxBatchListener;
import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.settlement.Causes;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.endpoint.MessageEndpoint;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * The server's MDB endpoint for one delivery, and the steps every form takes with it:
 * {@code beforeDelivery}, the listener call, {@code afterDelivery} (always paired), release.
 * Failures of the listener are logged here, once, with the subscription's name. An
 * {@link InboxBatchListener} is called once per delivery with all its rows (a list of one where
 * a delivery holds one row); an {@link InboxListener} once per row.
 */
public final class ListenerEndpoint implements AutoCloseable {

    static final Method ON_MESSAGE;
    static final Method ON_MESSAGES;

    static {
        try {
            ON_MESSAGE = InboxListener.class.getMethod("onMessage", InboxMessage.class);
            ON_MESSAGES = InboxBatchListener.class.getMethod("onMessages", List.class);
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
    private final boolean batch;
    private final DatabaseWaits waits;
    private boolean inDelivery;
    /** What the listener or {@code afterDelivery} threw, for the delivery's span. */
    private Throwable thrown;
    private Runnable begun = () -> { };

    /**
     * An endpoint the server gave ({@link Endpoints#create}); {@code batch}: an {@link InboxBatchListener};
     * {@code waits}: told when the listener runs, which is no wait for the database.
     */
    ListenerEndpoint(String subscription, MessageEndpoint endpoint, Messages messages, int maxPayloadBytes,
            TraceLimit traces, boolean batch, DatabaseWaits waits) {
        this.subscription = subscription;
        this.waits = waits;
        this.batch = batch;
        this.endpoint = endpoint;
        this.messages = messages;
        this.maxPayloadBytes = maxPayloadBytes;
        this.traces = traces;
    }

    /**
     * Claiming or settling outside the delivery's transaction would commit the settlement alone:
     * refuse when the container did not enlist the adapter's resource.
     */
    public static void requireEnlisted(boolean enlisted) throws ResourceException {
        if (!enlisted) {
            throw new ResourceException("the container did not enlist the adapter's XA resource in the delivery's"
                    + " transaction; check that the MDB's onMessage is container-managed with REQUIRED");
        }
    }

    /** Runs right after {@code beforeDelivery}, in the delivery's transaction once it has begun. */
    void onBegun(Runnable action) {
        begun = action;
    }

    /** {@code beforeDelivery}: a container-managed MDB's transaction begins and enlists the resource. */
    public void before() throws ResourceException {
        try {
            endpoint.beforeDelivery(batch ? ON_MESSAGES : ON_MESSAGE);
            inDelivery = true;
            begun.run();
        } catch (NoSuchMethodException e) {
            throw new ResourceException("the endpoint has no " + (batch ? "onMessages(List)" : "onMessage(InboxMessage)"), e);
        }
    }

    /** What the listener call came to: its outcome, or why there is none. */
    public record Invocation(Outcome outcome, String error) {
        public boolean failed() {
            return outcome == null;
        }
    }

    /** Calls an {@link InboxListener} with one row; a failure is logged here, once, and returned as the invocation's error. */
    private Invocation invoke(ClaimedRow row) {
        try {
            InboxMessage message = messages.of(row);
            Outcome outcome;
            waits.listenerBegins();
            try {
                outcome = ((InboxListener) endpoint).onMessage(message);
            } finally {
                waits.listenerEnds();
            }
            if (outcome == null) {
                LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': the listener returned"
                        + " null for row " + row.id() + "; return Outcome.ack(). The transaction rolls back and"
                        + " the row will be delivered again.");
                return new Invocation(null, "the listener returned null");
            }
            return new Invocation(outcome, null);
        } catch (RuntimeException | Error e) {
            thrown = e;
            // An Error too (StackOverflowError, NoClassDefFoundError): the delivery rolls back, the worker lives on.
            // One line per failure; its stack trace once a minute per distinct cause, not on every redelivery.
            String cause = Causes.reason(e);
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': " + describe(row) + " failed in the"
                    + " listener (" + cause + "); the transaction rolls back and the row will be delivered again",
                    traces.traceOf(e));
            return new Invocation(null, cause);
        }
    }

    /** What the listener calls of one delivery came to: an outcome per row, or why there are none. */
    public record Batch(List<Outcome> outcomes, String error) {
        public boolean failed() {
            return outcomes == null;
        }
    }

    /**
     * Hands the rows to the listener: an {@link InboxBatchListener} once, an {@link InboxListener}
     * once per row, up to the first failure (which rolls the whole delivery back), and its next row
     * only while {@code active} says the transaction is: once a timeout has rolled it back, the rest
     * of the batch is not handed over (it comes again). A row whose payload exceeds
     * {@code maxPayloadBytes} is not handed over; its outcome is its dead letter.
     */
    public Batch invokeAll(List<ClaimedRow> rows, java.util.function.BooleanSupplier active) {
        Outcome[] outcomes = new Outcome[rows.size()];
        List<ClaimedRow> handed = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            outcomes[i] = oversized(rows.get(i));
            if (outcomes[i] == null) {
                handed.add(rows.get(i));
            }
        }
        if (!batch) {
            for (int i = 0; i < rows.size(); i++) {
                if (outcomes[i] == null) {
                    if (i > 0 && !active.getAsBoolean()) {
                        return new Batch(null, "the transaction ended before row " + rows.get(i).id() + " was handed over");
                    }
                    Invocation one = invoke(rows.get(i));
                    if (one.failed()) {
                        return new Batch(null, one.error());
                    }
                    outcomes[i] = one.outcome();
                }
            }
            return new Batch(List.of(outcomes), null);
        }
        if (handed.isEmpty()) {
            return new Batch(List.of(outcomes), null);
        }
        List<Outcome> returned;
        waits.listenerBegins();
        try {
            returned = ((InboxBatchListener) endpoint).onMessages(handed.stream().map(messages::of).toList());
        } catch (RuntimeException | Error e) {
            thrown = e;
            String cause = Causes.reason(e);
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': " + describe(handed) + " failed in"
                    + " the listener (" + cause + "); the transaction rolls back and the rows will be delivered"
                    + " again" + (handed.size() > 1 ? ", one at a time" : ""), traces.traceOf(e));
            return new Batch(null, cause);
        } finally {
            waits.listenerEnds();
        }
        // Not contains(null): List.of's throws on it.
        String wrong = returned == null ? "null" : returned.size() != handed.size()
                ? returned.size() + " outcomes for " + handed.size() + " rows"
                : returned.stream().anyMatch(java.util.Objects::isNull) ? "a null outcome" : null;
        if (wrong != null) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': the listener returned " + wrong
                    + " for " + describe(handed) + "; return one Outcome per message, in order. The transaction"
                    + " rolls back and the rows will be delivered again.");
            return new Batch(null, "the listener returned " + wrong);
        }
        for (int i = 0, next = 0; i < rows.size(); i++) {
            if (outcomes[i] == null) {
                outcomes[i] = returned.get(next++);
            }
        }
        return new Batch(List.of(outcomes), null);
    }

    /** @return the dead letter of a row whose payload exceeds {@code maxPayloadBytes}, or null */
    private Outcome oversized(ClaimedRow row) {
        int limit = maxPayloadBytes;
        if (row.payloadBytes() <= limit) {
            return null;
        }
        // Never handed to the listener: the row goes to the dead letters, with the reason. Where the
        // dialect tells payload sizes the claim did not even select the payload (ClaimClauses.payload()).
        String reason = "its payload of " + row.payloadBytes() + " bytes exceeds maxPayloadBytes (" + limit + ")";
        LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': row " + row.id() + " is"
                + " dead-lettered unread: " + reason + "; raise 'maxPayloadBytes' if such rows are expected");
        return Outcome.deadLetter(reason);
    }

    private static String describe(List<ClaimedRow> rows) {
        return rows.size() == 1 ? describe(rows.get(0)) : "a batch of " + rows.size() + " rows (ids "
                + rows.get(0).id() + " to " + rows.get(rows.size() - 1).id() + ")";
    }

    private static String describe(ClaimedRow row) {
        return "row " + row.id() + " (attempt " + (row.failedAttempts() + 1) + ")";
    }

    /**
     * {@code afterDelivery}: the container commits or rolls back. A failure is logged, once,
     * when a commit was expected; the rows then stay and are delivered again.
     *
     * @param rows the rows delivered, for the log; empty when none was claimed
     * @param expectCommit whether the delivery settled its rows
     * @return why the expected commit failed (its innermost cause, {@link Causes#reason}), or null
     */
    public String after(List<ClaimedRow> rows, boolean expectCommit) {
        if (!inDelivery) {
            return null;
        }
        inDelivery = false;
        try {
            endpoint.afterDelivery();
        } catch (ResourceException | RuntimeException | Error e) {
            if (expectCommit) {
                thrown = e;
                String reason = Causes.reason(e);
                LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': the transaction of "
                        + (rows.isEmpty() ? "a delivery" : describe(rows)) + " did not commit (" + reason
                        + "); " + (rows.size() > 1 ? "the rows stay and will be delivered again, one at a time"
                        : "the row stays and will be delivered again"), traces.traceOf(e));
                return reason;
            }
            LOG.log(Level.DEBUG, () -> "Inbox subscription '" + subscription
                    + "': afterDelivery of a rolled-back delivery failed: " + e);
        }
        return null;
    }

    /** @return what the listener or an expected commit threw, or null */
    public Throwable thrown() {
        return thrown;
    }

    @Override
    public void close() {
        endpoint.release();
    }
}
