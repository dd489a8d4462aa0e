package io.inboxra.it.app;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;

/**
 * A plain listener in batches of 10: several onMessage calls between one beforeDelivery and
 * afterDelivery, each writing its effect through the application's own XA data source. A row
 * 'poison' throws at every delivery: its batch rolls back, the rows go one at a time, and it ends
 * dead at maxAttempts.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_batched_ones"),
    @ActivationConfigProperty(propertyName = "batchSize", propertyValue = "10"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = "2"),
    @ActivationConfigProperty(propertyName = "dueColumn", propertyValue = "due_at"),
    @ActivationConfigProperty(propertyName = "attemptColumn", propertyValue = "attempts"),
    @ActivationConfigProperty(propertyName = "retryDelay", propertyValue = "PT0.2S"),
    @ActivationConfigProperty(propertyName = "maxAttempts", propertyValue = "2"),
    @ActivationConfigProperty(propertyName = "deadAtColumn", propertyValue = "dead_at"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.1S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class BatchedOnes implements InboxListener {

    @EJB
    private Effects effects;

    @Override
    public Outcome onMessage(InboxMessage message) {
        effects.write(message.id(), "BatchedOnes");
        if (message.text().equals("poison")) {
            throw new IllegalStateException("poison, after its write");
        }
        return Outcome.ack();
    }
}
