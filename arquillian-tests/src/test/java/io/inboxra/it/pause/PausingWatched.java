package io.inboxra.it.pause;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import io.inboxra.it.app.Effects;
import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Writes its effect, then fails while its downstream is down (the one row of it_pause_downstream
 * says so): after three failed deliveries in a row its subscription pauses itself.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_pause"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.1S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "pauseAfterFailures", propertyValue = "3"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "jdbc:postgresql://127.0.0.1:5432/test"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class PausingWatched implements InboxListener {

    @EJB
    private Effects effects;

    @EJB
    private Calls calls;

    @Resource(lookup = "java:app/jdbc/effects")
    private DataSource dataSource;

    @Override
    public Outcome onMessage(InboxMessage message) {
        calls.one();
        effects.write(message.id(), "PausingWatched");
        if (!downstreamUp()) {
            throw new IllegalStateException("the downstream of row " + message.id() + " does not answer");
        }
        return Outcome.ack();
    }

    private boolean downstreamUp() {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT up FROM it_pause_downstream")) {
            return rs.next() && rs.getBoolean(1);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read it_pause_downstream", e);
        }
    }
}
