package io.inboxra.ra.delivery;

import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.trace.SpanStart;
import io.inboxra.ra.trace.Telemetry;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * A subscription's delivery spans (with {@code traceColumn}): each delivery that claimed rows
 * is a span {@code inbox process <table>} that continues the trace its producer stored with the
 * row (a child of one row's context, linked to each of a batch's), current on the worker's
 * thread from the claim to {@code afterDelivery}, so that the MDB's own spans are its children,
 * and ended with what came of it. Without {@code traceColumn}, or without OpenTelemetry, a
 * delivery starts nothing.
 */
final class DeliveryTrace {

    private static final DeliveryTrace NONE = new DeliveryTrace(null, Telemetry.NONE);

    private final SubscriptionSettings settings;
    private final Telemetry telemetry;

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

    /** Starts the span of a delivery of {@code rows} (claimed, not empty), current on this thread until it ends. */
    Telemetry.Span start(List<ClaimedRow> rows) {
        if (telemetry == Telemetry.NONE) {
            return Telemetry.Span.NONE;
        }
        List<SpanStart.Message> messages = new ArrayList<>(rows.size());
        for (ClaimedRow row : rows) {
            messages.add(new SpanStart.Message(text(row.id()), row.failedAttempts() + 1, row.trace()));
        }
        return telemetry.start(new SpanStart(settings.table().table(), settings.queue(), settings.name(), messages));
    }

    private static String text(Object id) {
        return id instanceof byte[] bytes ? HexFormat.of().formatHex(bytes) : String.valueOf(id);
    }
}
