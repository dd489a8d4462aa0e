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
 * Writes an effect for every row and acknowledges it; the bad row's effect is written as
 * {@code BadRowRefused}, which a deferred constraint trigger refuses at PREPARE TRANSACTION, so
 * that row's transaction never commits. The row lock form, 4 workers, the default poll
 * intervals, no attempt column.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_bad_prepare"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = "4"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class BadRowPrepareFails implements InboxListener {

    @EJB
    private Effects effects;

    @EJB
    private Invocations invocations;

    @Override
    public Outcome onMessage(InboxMessage message) {
        invocations.record(message.id(), "BadRowPrepareFails", message.attempt());
        effects.write(message.id(), message.text().equals("bad") ? "BadRowRefused" : "BadRowPrepareFails");
        return Outcome.ack();
    }
}
