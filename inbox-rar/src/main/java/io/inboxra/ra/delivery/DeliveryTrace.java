package io.inboxra.ra.delivery;

import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.trace.SpanStart;
import io.inboxra.ra.trace.Telemetry;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * A subscription's delivery spans (with {@code traceColumn}): each delivery that claimed rows
 * is a span {@code inbox process <table>} that continues the trace its producer stored with the
 * row (a child of one row's context, linked to each of a batch's), current on the worker's
 * thread from the claim until just before {@code afterDelivery}, so that the MDB's own spans are
 * its children, and ended with what came of it once the transaction has ended. Without {@code traceColumn}, or without OpenTelemetry, a
 * delivery starts nothing.
 */
final class DeliveryTrace {

    private static final DeliveryTrace NONE = new DeliveryTrace(null, Telemetry.NONE);

    private static final Logger LOG = System.getLogger(DeliveryTrace.class.getName());

    private final SubscriptionSettings settings;
    private final Telemetry telemetry;
    /** Whether a failure of OpenTelemetry was logged: once per subscription. */
    private volatile boolean warned;

    private DeliveryTrace(SubscriptionSettings settings, Telemetry telemetry) {
        this.settings = settings;
        this.telemetry = telemetry;
    }

    /**
     * Found at activation: the server's OpenTelemetry where the subscription names a trace column
     * and the adapter sees the API, else none.
     *
     * @param application the MDB's class loader, for the warning when only it sees the API
     */
    static DeliveryTrace of(SubscriptionSettings settings, ClassLoader application) {
        if (settings.table().traceColumn().isEmpty()) {
            return NONE;
        }
        Telemetry telemetry = Telemetry.find("Inbox subscription '" + settings.name() + "'", "traceColumn", application);
        return telemetry == Telemetry.NONE ? NONE : new DeliveryTrace(settings, telemetry);
    }

    /**
     * Starts the span of a delivery of {@code rows} (claimed, not empty), current on this thread
     * until it ends. Tracing never fails a delivery: a failure of the server's OpenTelemetry is
     * logged (once per subscription) and the delivery goes on without its span.
     */
    Telemetry.Span start(List<ClaimedRow> rows) {
        if (telemetry == Telemetry.NONE) {
            return Telemetry.Span.NONE;
        }
        List<SpanStart.Message> messages = new ArrayList<>(rows.size());
        for (ClaimedRow row : rows) {
            messages.add(new SpanStart.Message(text(row.id()), row.failedAttempts() + 1, row.trace()));
        }
        Telemetry.Span span;
        try {
            span = telemetry.start(new SpanStart(settings.table().table(), settings.queue(), settings.name(), messages));
        } catch (RuntimeException | LinkageError e) {
            failed("start", e);
            return Telemetry.Span.NONE;
        }
        return new Telemetry.Span() {
            @Override
            public void leave() {
                try {
                    span.leave();
                } catch (RuntimeException | LinkageError e) {
                    failed("leave", e);
                }
            }

            @Override
            public void end(String failure, Throwable thrown) {
                try {
                    span.end(failure, thrown);
                } catch (RuntimeException | LinkageError e) {
                    failed("end", e);
                }
            }
        };
    }

    private void failed(String step, Throwable e) {
        if (!warned) {
            warned = true;
            LOG.log(Level.WARNING, "Inbox subscription '" + settings.name() + "': OpenTelemetry failed to " + step
                    + " a delivery's span (" + e + "); deliveries go on, without the spans it fails to make", e);
        }
    }

    private static String text(Object id) {
        return id instanceof byte[] bytes ? HexFormat.of().formatHex(bytes) : String.valueOf(id);
    }
}
