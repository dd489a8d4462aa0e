package io.inboxra.it.libertycrash;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The Liberty crash test's MDB: its effect goes to MariaDB through the server-level XA data source
 * {@code jdbc/crash-effects} (which Liberty's recovery knows), so the adapter's PostgreSQL branch
 * is finished by Liberty's recovery through the adapter's {@code getXAResources}, or not at all:
 * the adapter's own in-doubt resolver waits a day. Its database (the test's proxy) is set by its
 * {@code <activationSpec>} in {@code src/test/liberty/crash/server.xml}, not here: the
 * annotation's values would win over it.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_crash"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = "1"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.2S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "inDoubtTimeout", propertyValue = "P1D")
})
public class CrashOnLiberty implements InboxListener {

    @Resource(lookup = "jdbc/crash-effects")
    private DataSource effects;

    @Override
    public Outcome onMessage(InboxMessage message) {
        long id = ((Number) message.id()).longValue();
        try (Connection c = effects.getConnection();
             PreparedStatement insert = c.prepareStatement("INSERT INTO it_crash_effects (row_id, payload) VALUES (?, ?)")) {
            insert.setLong(1, id);
            insert.setString(2, message.text());
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot write the effect of row " + id, e);
        }
        System.out.println("crash-test: delivered row " + id + " (" + message.text() + ")");
        return Outcome.ack();
    }
}
