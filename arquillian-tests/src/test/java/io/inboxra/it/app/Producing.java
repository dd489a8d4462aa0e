package io.inboxra.it.app;

import io.inboxra.producer.InboxProducer;
import io.inboxra.producer.InboxProducerFactory;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.RequestScoped;
import jakarta.resource.ConnectionFactoryDefinition;
import jakarta.resource.spi.TransactionSupport.TransactionSupportLevel;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * Enqueues a row into it_produced through the adapter's outbound connection factory, defined by
 * the application, in a {@code @Transactional} method: {@code ?rollback=true} fails after the send.
 */
@ConnectionFactoryDefinition(name = "java:app/inbox/producers",
        interfaceName = "io.inboxra.producer.InboxProducerFactory", resourceAdapter = "inbox-rar",
        transactionSupport = TransactionSupportLevel.XATransaction,
        properties = {"url=jdbc:postgresql://127.0.0.1:5432/test", "user=postgres"})
@Path("produce")
@RequestScoped
public class Producing {

    @Resource(lookup = "java:app/inbox/producers")
    private InboxProducerFactory producers;

    @POST
    @Transactional
    @Produces(MediaType.TEXT_PLAIN)
    public String send(@QueryParam("rollback") boolean rollback, String payload) {
        try (InboxProducer inbox = producers.open()) {
            String id = inbox.send("it_produced", payload).id();
            if (rollback) {
                throw new IllegalStateException("rolled back on purpose, after sending row " + id);
            }
            return id;
        }
    }
}
