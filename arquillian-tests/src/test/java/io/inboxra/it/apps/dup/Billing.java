package io.inboxra.it.apps.dup;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;

/**
 * A third application's MDB of the same simple name as the first's, so the same default
 * subscription name: its activation is refused while the first one's is active.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_apps_dup"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.1S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class Billing implements InboxListener {

    @Override
    public Outcome onMessage(InboxMessage message) {
        return Outcome.ack();
    }
}
