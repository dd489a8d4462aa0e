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
 * Acknowledges every row, but its effect can never commit: a deferred constraint trigger on
 * {@code it_effects} raises at PREPARE TRANSACTION, so Payara's commit in {@code afterDelivery}
 * fails (and Payara returns normally). No attempt column: the row stays in the table.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_commit_fails"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = "2"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class CommitFails implements InboxListener {

    @EJB
    private Effects effects;

    @EJB
    private Invocations invocations;

    @Override
    public Outcome onMessage(InboxMessage message) {
        invocations.record(message.id(), "CommitFails", message.attempt());
        effects.write(message.id(), "CommitFails");
        return Outcome.ack();
    }
}
