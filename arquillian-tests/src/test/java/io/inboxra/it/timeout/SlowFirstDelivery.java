package io.inboxra.it.timeout;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import io.inboxra.it.app.Effects;
import io.inboxra.it.app.Invocations;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;

/**
 * Writes its effect, named with the call's number ({@code SlowFirstDelivery:1}, …), and on the
 * first call for a row whose payload is {@code slow} then sleeps 12 s: far past the server's
 * 2 s transaction timeout (Payara checks timeouts coarsely).
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_timeout"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = "2"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.1S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class SlowFirstDelivery implements InboxListener {

    static final long SLEEP_MILLIS = 12_000;

    @EJB
    private Effects effects;

    @EJB
    private Invocations invocations;

    @Override
    public Outcome onMessage(InboxMessage message) {
        int call = invocations.record(message.id(), "SlowFirstDelivery", message.attempt());
        effects.write(message.id(), "SlowFirstDelivery:" + call);
        if (call == 1 && message.text().equals("slow")) {
            try {
                Thread.sleep(SLEEP_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return Outcome.ack();
    }
}
