package io.inboxra.soak.e2e;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;

/**
 * The throughput subscription with batchSize 50, row lock form (its body: {@link E2eCounter}).
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "e2e_b50"),
    @ActivationConfigProperty(propertyName = "batchSize", propertyValue = "50"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = E2eMeter.WORKERS),
    @ActivationConfigProperty(propertyName = "connections", propertyValue = E2eMeter.WORKERS),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = E2eMeter.BUSY_POLL),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = E2eMeter.BUSY_MAX_POLL),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "${MPCONFIG=e2e.url}"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "${MPCONFIG=e2e.user}")
})
public class E2eBatch50 implements InboxListener {

    @Override
    public Outcome onMessage(InboxMessage message) {
        return E2eCounter.count();
    }
}
