package io.inboxra.it.once;

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
 * Delivers the rows {@link ReceivingOnce} sends, and marks them processed (the row, and its key,
 * stay): each delivery writes one effect row through the claim's connection.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_key_once"),
    @ActivationConfigProperty(propertyName = "processedAtColumn", propertyValue = "processed_at"),
    @ActivationConfigProperty(propertyName = "keyColumn", propertyValue = "message_key"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = "2"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class ReceivedOnce implements InboxListener {

    @Resource(lookup = "java:app/inbox/once")
    private InboxProducerFactory producers;

    @Override
    public Outcome onMessage(InboxMessage message) {
        try (Connection c = producers.connection();
             PreparedStatement effect = c.prepareStatement("INSERT INTO it_key_effects (row_id, payload) VALUES (?, ?)")) {
            effect.setLong(1, ((Number) message.id()).longValue());
            effect.setString(2, message.text());
            effect.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return Outcome.ack();
    }
}
