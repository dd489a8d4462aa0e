package io.inboxra.it.broken;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;

/** Names a column the table does not have: its deployment must fail, and only its own. */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_exactly"),
    @ActivationConfigProperty(propertyName = "payloadColumn", propertyValue = "no_such_column"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class Broken implements InboxListener {

    @Override
    public Outcome onMessage(InboxMessage message) {
        return Outcome.ack();
    }
}
