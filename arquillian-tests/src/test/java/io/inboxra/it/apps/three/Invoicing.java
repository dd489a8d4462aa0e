package io.inboxra.it.apps.three;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;

/** The MDB of an application without inbox-admin: no other application's metrics, check or API may show it. */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_apps_invoicing"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.1S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class Invoicing implements InboxListener {

    @Override
    public Outcome onMessage(InboxMessage message) {
        return Outcome.ack();
    }
}
