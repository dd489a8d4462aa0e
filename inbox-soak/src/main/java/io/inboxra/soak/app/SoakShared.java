package io.inboxra.soak.app;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import io.inboxra.producer.InboxProducerFactory;
import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;


/**
 * Writes its effect through the producer factory's connection, which during a row lock delivery
 * on the same database is the claim's own (docs/producer.md): one resource, one phase.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "soak_shared"),
    @ActivationConfigProperty(propertyName = "processedAtColumn", propertyValue = "processed_at"),
    @ActivationConfigProperty(propertyName = "dueColumn", propertyValue = "due_at"),
    @ActivationConfigProperty(propertyName = "attemptColumn", propertyValue = "attempts"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = "4"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.2S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT1S"),
    @ActivationConfigProperty(propertyName = "statementTimeout", propertyValue = "PT5S"),
    @ActivationConfigProperty(propertyName = "networkTimeout", propertyValue = "PT10S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "${MPCONFIG=soak.url}"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "${MPCONFIG=soak.user}")
})
public class SoakShared implements InboxListener {

    @Resource(lookup = "java:app/inbox/producers")
    private InboxProducerFactory producers;

    @Override
    public Outcome onMessage(InboxMessage message) {
        Meter.delivered(message.text());
        SoakEffect.write(producers.connection(), "shared", message);
        return Outcome.ack();
    }
}
