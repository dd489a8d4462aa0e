package io.inboxra.it;

import io.inboxra.harness.TcpForwarder;
import io.inboxra.it.app.Effects;
import io.inboxra.it.halfopen.HalfOpenWatched;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static io.inboxra.it.Until.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A half-open network under a subscription in Payara Micro: the MDB reaches its database through a
 * forwarder of this test's, which at a moment stops carrying the bytes of every connection open
 * then without closing any, while new connections pass. The workers wait at most their
 * {@code networkTimeout} for a reply, replace their connections and deliver the rows inserted
 * afterwards, each once, while the readiness check shows the subscription {@code STALLED}.
 */
@ExtendWith(ArquillianExtension.class)
@DisabledIfSystemProperty(named = Server.PROPERTY, matches = "wildfly|openliberty", disabledReason = "the"
        + " forwarder's port reaches the MDB through the application's MicroProfile Config, and the stall shows in"
        + " inbox-admin's readiness check: Payara Micro's case")
class HalfOpenNetworkInServerTest {

    private static final int ROWS = 10;
    private static TcpForwarder network;

    @Deployment(testable = false)
    static WebArchive deployment() throws Exception {
        ServerLog.capture();
        Database.createSchema();
        Database.release("it_halfopen");
        Database.execute("DROP TABLE IF EXISTS it_halfopen",
                "CREATE TABLE it_halfopen (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL)");
        network = new TcpForwarder(5432);
        network.open();
        BootCommands.write(List.of(), List.of());
        return Server.current().bind(ShrinkWrap.create(WebArchive.class, "inbox-halfopen.war"))
                .addPackage(HalfOpenWatched.class.getPackage())
                .addClass(Effects.class)
                .addAsLibraries(Server.current().postgresDriver())
                // The readiness check that shows the stall.
                .addAsLibraries(BootCommands.dir().resolve("inbox-admin.jar").toFile())
                .addAsResource(new StringAsset("inbox.HalfOpenWatched.url=jdbc:postgresql://127.0.0.1:"
                        + network.port() + "/test\n"), "META-INF/microprofile-config.properties");
    }

    @AfterAll
    static void closeTheNetwork() throws Exception {
        if (network != null) {
            network.close();
        }
    }

    @Test
    void rowsFlowAgainAfterTheNetworkStopsAnsweringAndTheStallShowsMeanwhile(@ArquillianResource URL app)
            throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        URI ready = app.toURI().resolve("/health/ready");
        Set<Long> before = Database.insert("INSERT INTO it_halfopen (payload) SELECT 'before ' || g"
                + " FROM generate_series(1, 3) g", "payload").keySet();
        until("the rows before the freeze are delivered", () -> Database.count(
                "SELECT count(*) FROM it_effects WHERE mdb = 'HalfOpenWatched'") == before.size());

        int frozen = network.freeze();
        assertTrue(frozen >= 2, "the workers' connections were open to freeze: " + frozen);
        Set<Long> after = Database.insert("INSERT INTO it_halfopen (payload) SELECT 'after ' || g"
                + " FROM generate_series(1, " + ROWS + ") g", "payload").keySet();
        Set<String> shown = new LinkedHashSet<>();
        until("the rows inserted after the freeze are delivered", () -> {
            String body = http.send(HttpRequest.newBuilder(ready).GET().build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            int at = body.indexOf("\"inbox:HalfOpenWatched\":\"");
            if (at >= 0) {
                String state = body.substring(at + "\"inbox:HalfOpenWatched\":\"".length());
                shown.add(state.substring(0, state.indexOf('"')).replaceAll(" since .*", ""));
            }
            return Database.count("SELECT count(*) FROM it_effects WHERE mdb = 'HalfOpenWatched'")
                    >= before.size() + ROWS;
        });
        until("the table is empty", () -> Database.count("SELECT count(*) FROM it_halfopen") == 0);
        Set<Long> all = new java.util.HashSet<>(before);
        all.addAll(after);
        assertEquals(before.size() + ROWS, Database.count("SELECT count(*) FROM it_effects WHERE mdb = 'HalfOpenWatched'"),
                "each row's effect committed once");
        assertEquals(all, Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'HalfOpenWatched'"));
        assertTrue(shown.contains("STALLED"), "the readiness check showed the stall meanwhile: " + shown);
        until("the readiness check is UP again", () -> {
            HttpResponse<String> health = http.send(HttpRequest.newBuilder(ready).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            return health.statusCode() == 200 && health.body().contains("\"inbox:HalfOpenWatched\":\"RUNNING\"");
        });
        System.out.println("HalfOpenNetworkInServerTest: " + frozen + " connections frozen; readiness showed " + shown);
    }
}
