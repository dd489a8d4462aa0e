package io.inboxra.it.trace;

import io.inboxra.producer.InboxProducer;
import io.inboxra.producer.InboxProducerFactory;
import io.opentelemetry.api.trace.Span;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.RequestScoped;
import jakarta.resource.ConnectionFactoryDefinition;
import jakarta.resource.spi.TransactionSupport.TransactionSupportLevel;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * Sends the request's body into it_trc_traced, in the request's span (MicroProfile Telemetry's
 * JAX-RS server span), through a factory with {@code traceColumn}; answers that span's trace and
 * span id, as {@code traceId spanId}.
 */
@ConnectionFactoryDefinition(name = "java:app/inbox/traced",
        interfaceName = "io.inboxra.producer.InboxProducerFactory", resourceAdapter = "inbox-rar",
        transactionSupport = TransactionSupportLevel.XATransaction,
        properties = {"url=jdbc:postgresql://127.0.0.1:5432/test", "user=postgres", "traceColumn=trace_context"})
@Path("traced")
@RequestScoped
public class Sending {

    @Resource(lookup = "java:app/inbox/traced")
    private InboxProducerFactory producers;

    @POST
    @Transactional
    @Produces(MediaType.TEXT_PLAIN)
    public String send(String payload) {
        try (InboxProducer inbox = producers.open()) {
            inbox.send("it_trc_traced", payload);
        }
        return Span.current().getSpanContext().getTraceId() + " " + Span.current().getSpanContext().getSpanId();
    }
}
