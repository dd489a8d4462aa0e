package io.inboxra.it.app;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.MessageDrivenContext;

/**
 * Writes its effect, then fails on the first call for rows whose payload says so: by throwing
 * ("throw") or by marking the transaction rollback-only ("rollback").
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_flaky"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = "2"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.1S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class Flaky implements InboxListener {

    @EJB
    private Effects effects;

    @EJB
    private Invocations invocations;

    @Resource
    private MessageDrivenContext context;

    @Override
    public Outcome onMessage(InboxMessage message) {
        int call = invocations.record(message.id(), "Flaky");
        effects.write(message.id(), "Flaky");
        if (call == 1 && message.text().equals("throw")) {
            throw new IllegalStateException("Flaky fails on its first call for row " + message.id());
        }
        if (call == 1 && message.text().equals("rollback")) {
            context.setRollbackOnly();
        }
        return Outcome.ack();
    }
}
