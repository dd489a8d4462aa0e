package io.inboxra.it.app;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;

/**
 * Writes one effect per row of it_lease, claimed in the lease form, four rows a claim
 * ({@code prefetch}: each still in a transaction of its own), so that each server sets the
 * property through its own activation spec.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_lease"),
    @ActivationConfigProperty(propertyName = "lockedUntilColumn", propertyValue = "locked_until"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = "4"),
    @ActivationConfigProperty(propertyName = "prefetch", propertyValue = "4"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.1S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class LeaseForm implements InboxListener {

    @EJB
    private Effects effects;

    @Override
    public Outcome onMessage(InboxMessage message) {
        effects.write(message.id(), "LeaseForm");
        return Outcome.ack();
    }
}
