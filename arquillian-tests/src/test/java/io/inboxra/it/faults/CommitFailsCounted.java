package io.inboxra.it.faults;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import io.inboxra.it.app.Effects;
import io.inboxra.it.app.Invocations;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;

/**
 * Like {@link CommitFails} (its effect fails at PREPARE TRANSACTION), on a table with due and
 * attempt columns: each failed commit counts an attempt with backoff, the third dead-letters.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_commit_counted"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = "2"),
    @ActivationConfigProperty(propertyName = "dueColumn", propertyValue = "due_at"),
    @ActivationConfigProperty(propertyName = "attemptColumn", propertyValue = "attempts"),
    @ActivationConfigProperty(propertyName = "maxAttempts", propertyValue = "3"),
    @ActivationConfigProperty(propertyName = "retryDelay", propertyValue = "PT1S"),
    @ActivationConfigProperty(propertyName = "deadLetterTable", propertyValue = "it_dead"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.1S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class CommitFailsCounted implements InboxListener {

    @EJB
    private Effects effects;

    @EJB
    private Invocations invocations;

    @Override
    public Outcome onMessage(InboxMessage message) {
        invocations.record(message.id(), "CommitFailsCounted", message.attempt());
        effects.write(message.id(), "CommitFailsCounted");
        return Outcome.ack();
    }
}
