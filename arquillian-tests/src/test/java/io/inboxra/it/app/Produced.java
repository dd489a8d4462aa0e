package io.inboxra.it.app;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;

/** Delivers the rows that {@link Producing} sends into it_produced; polls only every 20 s, so a row it gets at once was woken. */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_produced"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT20S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT20S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class Produced implements InboxListener {

    @EJB
    private Effects effects;

    @Override
    public Outcome onMessage(InboxMessage message) {
        effects.write(message.id(), "Produced");
        return Outcome.ack();
    }
}
