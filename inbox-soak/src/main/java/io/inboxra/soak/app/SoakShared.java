package io.inboxra.soak.app;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import io.inboxra.producer.InboxProducerFactory;
import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Writes its effect through the producer factory's connection, which during a row lock delivery
 * on the same database is the claim's own (docs/producer.md): one resource, one phase.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "soak_shared"),
    @ActivationConfigProperty(propertyName = "processedAtColumn", propertyValue = "processed_at"),
    @ActivationConfigProperty(propertyName = "dueColumn", propertyValue = "due_at"),
    @ActivationConfigProperty(propertyName = "attemptColumn", propertyValue = "attempts"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = "4"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.2S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT1S"),
    @ActivationConfigProperty(propertyName = "statementTimeout", propertyValue = "PT5S"),
    @ActivationConfigProperty(propertyName = "networkTimeout", propertyValue = "PT10S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "${MPCONFIG=soak.url}"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "${MPCONFIG=soak.user}")
})
public class SoakShared implements InboxListener {

    @Resource(lookup = "java:app/inbox/producers")
    private InboxProducerFactory producers;

    @Override
    public Outcome onMessage(InboxMessage message) {
        Meter.delivered(message.text());
        try (Connection c = producers.connection();
             PreparedStatement insert = c.prepareStatement("INSERT INTO soak_effects (tbl, row_id) VALUES ('shared', ?)")) {
            insert.setLong(1, ((Number) message.id()).longValue());
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("SoakShared cannot write the effect of row " + message.id(), e);
        }
        return Outcome.ack();
    }
}
