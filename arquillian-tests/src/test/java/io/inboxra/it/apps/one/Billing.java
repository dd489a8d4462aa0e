package io.inboxra.it.apps.one;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;

/** The first application's MDB, named {@code Billing} by default: it dead-letters every row, for its operators to see. */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_apps_billing"),
    @ActivationConfigProperty(propertyName = "deadLetterTable", propertyValue = "it_apps_billing_dead"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.1S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class Billing implements InboxListener {

    @Override
    public Outcome onMessage(InboxMessage message) {
        return Outcome.deadLetter("refused by application one");
    }
}
