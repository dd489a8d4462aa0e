package io.inboxra.it.halfopen;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import io.inboxra.it.app.Effects;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;

/**
 * Claims it_halfopen with two workers and short timeouts. Its url is the application's
 * MicroProfile Config ({@code inbox.HalfOpenWatched.url}), which HalfOpenNetworkInServerTest
 * points at a forwarder of its own, to freeze the network under it.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_halfopen"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = "2"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.1S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "connectTimeout", propertyValue = "PT2S"),
    @ActivationConfigProperty(propertyName = "statementTimeout", propertyValue = "PT1S"),
    @ActivationConfigProperty(propertyName = "networkTimeout", propertyValue = "PT4S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class HalfOpenWatched implements InboxListener {

    @EJB
    private Effects effects;

    @Override
    public Outcome onMessage(InboxMessage message) {
        effects.write(message.id(), "HalfOpenWatched");
        return Outcome.ack();
    }
}
