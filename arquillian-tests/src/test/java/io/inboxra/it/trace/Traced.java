package io.inboxra.it.trace;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import io.inboxra.producer.InboxProducerFactory;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Delivers the rows {@link Sending} sends, with {@code traceColumn}: writes the trace and span id
 * current while it runs (the delivery's span) into it_trc_seen, through the claim's connection.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_trc_traced"),
    @ActivationConfigProperty(propertyName = "traceColumn", propertyValue = "trace_context"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class Traced implements InboxListener {

    @Resource(lookup = "java:app/inbox/traced")
    private InboxProducerFactory producers;

    @Override
    public Outcome onMessage(InboxMessage message) {
        SpanContext current = Span.current().getSpanContext();
        try (Connection c = producers.connection();
             PreparedStatement seen = c.prepareStatement(
                     "INSERT INTO it_trc_seen (row_id, payload, trace_id, span_id) VALUES (?, ?, ?, ?)")) {
            seen.setLong(1, ((Number) message.id()).longValue());
            seen.setString(2, message.text());
            seen.setString(3, current.getTraceId());
            seen.setString(4, current.getSpanId());
            seen.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return Outcome.ack();
    }
}
