package io.inboxra.it.app;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;

/** Always fails: its rows are dead-lettered after three attempts, with backoff between them. */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_poison"),
    @ActivationConfigProperty(propertyName = "dueColumn", propertyValue = "due_at"),
    @ActivationConfigProperty(propertyName = "attemptColumn", propertyValue = "attempts"),
    @ActivationConfigProperty(propertyName = "maxAttempts", propertyValue = "3"),
    @ActivationConfigProperty(propertyName = "retryDelay", propertyValue = "PT0.2S"),
    @ActivationConfigProperty(propertyName = "deadLetterTable", propertyValue = "it_dead"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.1S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class Poison implements InboxListener {

    @EJB
    private Invocations invocations;

    @Override
    public Outcome onMessage(InboxMessage message) {
        invocations.record(message.id(), "Poison");
        throw new IllegalStateException("poison row " + message.id());
    }
}
