package io.inboxra.it.once;

import io.inboxra.producer.InboxProducer;
import io.inboxra.producer.InboxProducerFactory;
import io.inboxra.producer.SendOptions;
import io.inboxra.producer.Sent;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.RequestScoped;
import jakarta.resource.ConnectionFactoryDefinition;
import jakarta.resource.spi.TransactionSupport.TransactionSupportLevel;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Receives a message once by its {@code Idempotency-Key}: sends it into it_key_once with the key,
 * then, in the same transaction, writes what the send said into it_key_audit (a duplicate must
 * leave the transaction going) and holds the transaction open for {@code holdMillis}, so that a
 * second request of the key meets it uncommitted.
 */
@ConnectionFactoryDefinition(name = "java:app/inbox/once",
        interfaceName = "io.inboxra.producer.InboxProducerFactory", resourceAdapter = "inbox-rar",
        transactionSupport = TransactionSupportLevel.XATransaction,
        properties = {"url=jdbc:postgresql://127.0.0.1:5432/test", "user=postgres", "keyColumn=message_key"})
@Path("once")
@RequestScoped
public class ReceivingOnce {

    @Resource(lookup = "java:app/inbox/once")
    private InboxProducerFactory producers;

    @POST
    @Transactional
    @Produces(MediaType.TEXT_PLAIN)
    public String receive(@HeaderParam("Idempotency-Key") String key, @QueryParam("holdMillis") long holdMillis,
            String payload) throws InterruptedException {
        Sent sent;
        try (InboxProducer inbox = producers.open()) {
            sent = inbox.send("it_key_once", payload, SendOptions.now().key(key));
        }
        String said = sent.duplicate() ? "duplicate" : "inserted " + sent.id();
        try (Connection c = producers.connection();
             PreparedStatement audit = c.prepareStatement("INSERT INTO it_key_audit (message_key, said) VALUES (?, ?)")) {
            audit.setString(1, key);
            audit.setString(2, said);
            audit.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("the transaction did not go on after the send: " + e.getMessage(), e);
        }
        Thread.sleep(holdMillis);
        return said;
    }
}
