package io.inboxra.soak.e2e;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;

/**
 * The latency subscription, as a new user would set it up: 4 workers, polling every 2 s, woken by
 * PostgreSQL notifications on {@code e2e_wake} (the runner's producer notifies in each insert's
 * transaction). Writes nothing: records the row's wait.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "e2e_latency"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = E2eMeter.WORKERS),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = E2eMeter.LATENCY_POLL),
    @ActivationConfigProperty(propertyName = "notifyChannel", propertyValue = E2eMeter.CHANNEL),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "${MPCONFIG=e2e.url}"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "${MPCONFIG=e2e.user}")
})
public class E2eLatency implements InboxListener {

    @Override
    public Outcome onMessage(InboxMessage message) {
        E2eMeter.latency(message.text());
        return Outcome.ack();
    }
}
