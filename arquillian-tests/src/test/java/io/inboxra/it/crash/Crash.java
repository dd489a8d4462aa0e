package io.inboxra.it.crash;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.transaction.TransactionManager;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.naming.InitialContext;
import javax.sql.DataSource;

/**
 * The crash test's MDB: its own effect goes to MariaDB through the server-level XA pool
 * {@code jdbc/crash-effects} (which Payara's recovery knows), so the adapter's PostgreSQL branch
 * is finished by the adapter's own recovery listener or not at all. A {@link Witness} resource
 * enlisted last logs the order of the phases, and halts the server in its prepare when the test
 * asks for it. The adapter connects through the test's proxy ({@code crash.url}); its in-doubt
 * resolver waits a day, so it never finishes a branch during the test. (On WildFly the effects'
 * data source is the server's {@code java:jboss/datasources/crash-effects} and the url comes from
 * the WAR's {@code jboss-ejb3.xml}: see CrashRecoveryInWildFlyTest.)
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "it_crash"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = "1"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.2S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "inDoubtTimeout", propertyValue = "P1D"),
    @ActivationConfigProperty(propertyName = "url", propertyValue = "${MPCONFIG=crash.url}"),
    @ActivationConfigProperty(propertyName = "user", propertyValue = "postgres")
})
public class Crash implements InboxListener {

    /** The payload of a row whose delivery halts the server in the witness's prepare (once: see {@link #haltOnce}). */
    public static final String HALT_IN_PREPARE = "halt in prepare";

    @Override
    public Outcome onMessage(InboxMessage message) {
        long id = ((Number) message.id()).longValue();
        String payload = message.text();
        try (Connection c = effects().getConnection();
             PreparedStatement insert = c.prepareStatement("INSERT INTO it_crash_effects (row_id, payload) VALUES (?, ?)")) {
            insert.setLong(1, id);
            insert.setString(2, payload);
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot write the effect of row " + id, e);
        }
        try {
            TransactionManager tm = transactionManager();
            boolean halt = HALT_IN_PREPARE.equals(payload) && haltOnce();
            if (!tm.getTransaction().enlistResource(new Witness(id, halt))) {
                throw new IllegalStateException("the witness of row " + id + " was not enlisted");
            }
        } catch (Exception e) {
            throw new IllegalStateException("cannot enlist the witness of row " + id, e);
        }
        System.out.println("crash-test: delivered row " + id + " (" + payload + ")");
        return Outcome.ack();
    }

    /**
     * The server-level XA data source of the effects, by its name in the server: {@code jdbc/crash-effects}
     * on Payara, the system property {@code crash.effects} elsewhere (WildFly's names start with {@code java:}).
     */
    private static DataSource effects() {
        try {
            return InitialContext.doLookup(System.getProperty("crash.effects", "jdbc/crash-effects"));
        } catch (javax.naming.NamingException e) {
            throw new IllegalStateException("no data source of the effects", e);
        }
    }

    /** The transaction manager, by its server-specific name (the Jakarta EE has none for it). */
    private static TransactionManager transactionManager() throws javax.naming.NamingException {
        try {
            return InitialContext.doLookup("java:appserver/TransactionManager");
        } catch (javax.naming.NamingException notPayara) {
            return InitialContext.doLookup("java:/TransactionManager");
        }
    }

    /** Whether the test's flag file was there: taken away now, so the row's next delivery goes through. */
    private static boolean haltOnce() throws java.io.IOException {
        return Files.deleteIfExists(Path.of(System.getProperty("crash.flags"), "halt-in-prepare"));
    }
}
