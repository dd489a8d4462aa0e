package io.inboxra.it.timeout;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import io.inboxra.it.app.Invocations;
import io.inboxra.producer.InboxProducerFactory;
import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;
import jakarta.resource.ConnectionFactoryDefinition;
import jakarta.resource.spi.TransactionSupport.TransactionSupportLevel;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Takes the inbox producer factory's connection (during its delivery, the claim's own), and on
 * the first call for a row whose payload is {@code slow} sleeps 12 s, far past the server's 2 s
 * transaction timeout, before it writes its effect through it. The write must fail: the
 * delivery's transaction has ended, and the claim's connection would commit it alone. For a row
 * whose payload is {@code elsewhere} it calls {@link LentElsewhere}'s {@code REQUIRES_NEW} and
 * {@code NOT_SUPPORTED} methods, and fails its first delivery.
 */
@ConnectionFactoryDefinition(name = "java:app/inbox/lent-producers",
        interfaceName = "io.inboxra.producer.InboxProducerFactory", resourceAdapter = "inbox-rar",
        transactionSupport = TransactionSupportLevel.XATransaction,
        properties = {"url=jdbc:postgresql://127.0.0.1:5432/test", "user=postgres"})
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_timeout_lent"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.1S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class SlowSharedWriter implements InboxListener {

    @Resource(lookup = "java:app/inbox/lent-producers")
    private InboxProducerFactory producers;

    @EJB
    private Invocations invocations;

    @EJB
    private LentElsewhere elsewhere;

    @Override
    public Outcome onMessage(InboxMessage message) {
        int call = invocations.record(message.id(), "SlowSharedWriter", message.attempt());
        if (message.text().equals("elsewhere")) {
            long id = ((Number) message.id()).longValue();
            elsewhere.inNewTransaction(id);
            elsewhere.withoutTransaction(id);
            if (call == 1) {
                throw new IllegalStateException("the first delivery fails after the bean methods ran, on purpose");
            }
            return Outcome.ack();
        }
        try (Connection c = producers.connection()) {
            if (call == 1 && message.text().equals("slow")) {
                Thread.sleep(SlowFirstDelivery.SLEEP_MILLIS);
            }
            try (PreparedStatement effect = c.prepareStatement(
                    "INSERT INTO it_effects (row_id, mdb) VALUES (?, 'SlowSharedWriter:" + call + "')")) {
                effect.setLong(1, ((Number) message.id()).longValue());
                effect.executeUpdate();
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return Outcome.ack();
    }
}
