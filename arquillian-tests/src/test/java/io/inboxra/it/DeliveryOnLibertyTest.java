package io.inboxra.it;

import io.inboxra.it.app.Effects;
import io.inboxra.it.app.ExactlyOnce;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.Set;

import static io.inboxra.it.Until.until;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The adapter in a real Open Liberty (the {@code openliberty} profile): the RAR installed as the
 * server's {@code <resourceAdapter id="inbox-rar">}, each MDB bound to it by an
 * {@code <activationSpec>} of {@code src/test/liberty/server/server.xml}, this test's WAR of the
 * shared MDBs writing their effects through the application's own XA data source (two phases with
 * the adapter's branch). Only in that profile: the default one runs Payara Micro's container.
 */
@ExtendWith(ArquillianExtension.class)
@EnabledIfSystemProperty(named = "inbox.it.server", matches = "openliberty")
class DeliveryOnLibertyTest {

    @Deployment(testable = false)
    static WebArchive deployment() throws Exception {
        Database.createSchema();
        // No driver in the WAR: the data source of Effects loads it from the server's library jdbc-drivers.
        return ShrinkWrap.create(WebArchive.class, "inbox-it.war")
                .addClasses(ExactlyOnce.class, Effects.class);
    }

    @Test
    void fiveHundredRowsAreDeliveredAndEachEffectCommitsExactlyOnce() throws Exception {
        Set<Long> rows = Database.insert("INSERT INTO it_exactly (payload) SELECT 'row ' || g"
                + " FROM generate_series(1, 500) g", "payload").keySet();
        until("every row is settled", () -> Database.count("SELECT count(*) FROM it_exactly") == 0);
        until("every effect has committed", () -> Database.count(
                "SELECT count(*) FROM it_effects WHERE mdb = 'ExactlyOnce'") >= 500);
        assertEquals(500, Database.count("SELECT count(*) FROM it_effects WHERE mdb = 'ExactlyOnce'"));
        assertEquals(rows, Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'ExactlyOnce'"));
    }
}
