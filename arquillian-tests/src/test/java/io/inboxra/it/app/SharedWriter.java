package io.inboxra.it.app;

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
 * Writes its effect through the inbox producer factory's connection, which during its delivery is
 * the claim's own: one resource, one phase. The NOTIFY makes sure: PostgreSQL refuses to PREPARE
 * a transaction that ran one, so a two-phase commit would fail every delivery.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_shared"),
    @ActivationConfigProperty(propertyName = "dueColumn", propertyValue = "due_at"),
    @ActivationConfigProperty(propertyName = "attemptColumn", propertyValue = "attempts"),
    @ActivationConfigProperty(propertyName = "retryDelay", propertyValue = "PT1S"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.1S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class SharedWriter implements InboxListener {

    @Resource(lookup = "java:app/inbox/producers")
    private InboxProducerFactory producers;

    @Override
    public Outcome onMessage(InboxMessage message) {
        try (Connection c = producers.connection();
                PreparedStatement effect = c.prepareStatement("INSERT INTO it_effects (row_id, mdb) VALUES (?, 'SharedWriter')")) {
            effect.setLong(1, ((Number) message.id()).longValue());
            effect.executeUpdate();
            c.createStatement().execute("NOTIFY it_shared_writer");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        if (message.text().equals("throw")) {
            throw new IllegalStateException("after the write, on purpose");
        }
        return Outcome.ack();
    }
}
