package io.inboxra.it.faults;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import io.inboxra.it.app.Effects;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;

/**
 * Writes one effect per row and takes a little while over it, so that the test can kill the
 * subscription's connections (application_name {@code inbox-ra:KilledConnections}) mid-stream.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_killed"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = "4"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.1S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class KilledConnections implements InboxListener {

    @EJB
    private Effects effects;

    @Override
    public Outcome onMessage(InboxMessage message) {
        effects.write(message.id(), "KilledConnections");
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Outcome.ack();
    }
}
