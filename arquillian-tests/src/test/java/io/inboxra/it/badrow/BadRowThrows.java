package io.inboxra.it.badrow;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import io.inboxra.it.app.Effects;
import io.inboxra.it.app.Invocations;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;

/**
 * Throws for the row whose payload is {@code bad}, always; writes its effect and acknowledges
 * every other row. The row lock form, 4 workers, the default poll intervals, no attempt column.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_bad_throws"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = "4"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class BadRowThrows implements InboxListener {

    @EJB
    private Effects effects;

    @EJB
    private Invocations invocations;

    @Override
    public Outcome onMessage(InboxMessage message) {
        invocations.record(message.id(), "BadRowThrows", message.attempt());
        if (message.text().equals("bad")) {
            throw new IllegalStateException("the bad row fails, always");
        }
        effects.write(message.id(), "BadRowThrows");
        return Outcome.ack();
    }
}
