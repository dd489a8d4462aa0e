package io.inboxra.it.app;

import io.inboxra.InboxBatchListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;

import java.util.List;

/** A batch listener: one onMessages call per batch of up to 10, an effect per row, every row acknowledged. */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_batched_all"),
    @ActivationConfigProperty(propertyName = "batchSize", propertyValue = "10"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = "2"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.1S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class BatchedAll implements InboxBatchListener {

    @EJB
    private Effects effects;

    @Override
    public List<Outcome> onMessages(List<InboxMessage> messages) {
        for (InboxMessage message : messages) {
            effects.write(message.id(), "BatchedAll");
        }
        return messages.stream().map(m -> Outcome.ack()).toList();
    }
}
