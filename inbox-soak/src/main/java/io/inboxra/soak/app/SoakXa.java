package io.inboxra.soak.app;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;

import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * Writes its effect through the server-level XA pool {@code jdbc/soak-effects} (which Payara's
 * recovery knows, unlike an application's {@code @DataSourceDefinition}): two resources, two
 * phases, the adapter's branch finished after a kill -9 by Payara's recovery on the restart. The
 * url (the runner's proxy in front of the database) comes from the server's system properties.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "soak_xa"),
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
public class SoakXa implements InboxListener {

    @Resource(lookup = "jdbc/soak-effects")
    private DataSource effects;

    @Override
    public Outcome onMessage(InboxMessage message) {
        Meter.delivered(message.text());
        try {
            SoakEffect.write(effects.getConnection(), "xa", message);
        } catch (SQLException e) {
            throw new IllegalStateException("Soak subscription 'xa' gets no connection for row " + message.id(), e);
        }
        return Outcome.ack();
    }
}
