package io.inboxra.it.app;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;

/**
 * Annotated with queue 'a'; the application's microprofile-config.properties sets
 * inbox.ConfigOverridden.queue=b. The url comes through Payara's ${MPCONFIG=...} substitution
 * from a server-level source (a system property of the server).
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_config"),
    @ActivationConfigProperty(propertyName = "queueColumn", propertyValue = "queue"),
    @ActivationConfigProperty(propertyName = "queue", propertyValue = "a"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.1S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "${MPCONFIG=it.database.url}"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class ConfigOverridden implements InboxListener {

    @EJB
    private Effects effects;

    @Override
    public Outcome onMessage(InboxMessage message) {
        effects.write(message.id(), "ConfigOverridden:" + message.queue().orElse("?"));
        return Outcome.ack();
    }
}
