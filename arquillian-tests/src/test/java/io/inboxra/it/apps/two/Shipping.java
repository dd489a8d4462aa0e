package io.inboxra.it.apps.two;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;

/** The second application's MDB, named {@code Shipping} by default: it dead-letters every row, for its operators to see. */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_apps_shipping"),
    @ActivationConfigProperty(propertyName = "deadLetterTable", propertyValue = "it_apps_shipping_dead"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.1S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class Shipping implements InboxListener {

    @Override
    public Outcome onMessage(InboxMessage message) {
        return Outcome.deadLetter("refused by application two");
    }
}
