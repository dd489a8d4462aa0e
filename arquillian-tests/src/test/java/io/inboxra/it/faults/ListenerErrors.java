package io.inboxra.it.faults;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import io.inboxra.it.app.Effects;
import io.inboxra.it.app.Invocations;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;

/**
 * Writes its effect, then throws an {@link Error} on the first call for each row: a
 * {@link StackOverflowError} for even ids, a {@link NoClassDefFoundError} for odd ones.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_errors"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = "2"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.1S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class ListenerErrors implements InboxListener {

    @EJB
    private Effects effects;

    @EJB
    private Invocations invocations;

    @Override
    public Outcome onMessage(InboxMessage message) {
        int call = invocations.record(message.id(), "ListenerErrors");
        effects.write(message.id(), "ListenerErrors");
        if (call == 1) {
            long id = ((Number) message.id()).longValue();
            if (id % 2 == 0) {
                throw new StackOverflowError("ListenerErrors overflows on its first call for row " + id);
            }
            throw new NoClassDefFoundError("ListenerErrors misses a class on its first call for row " + id);
        }
        return Outcome.ack();
    }
}
