package io.inboxra.it;

import io.inboxra.it.app.Effects;
import io.inboxra.it.pause.PausingWatched;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Set;

import static io.inboxra.it.Until.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code pauseAfterFailures} in Payara Micro (issue 26, point 3): the MDB's downstream is down, so
 * every delivery fails; after three in a row the subscription pauses itself, logs one warning,
 * calls the MDB no more, and inbox-admin's readiness check is DOWN; once the downstream is back
 * and the application resumes it, every row is delivered with its effect once and readiness is UP.
 */
@ExtendWith(ArquillianExtension.class)
@DisabledIfSystemProperty(named = Server.PROPERTY, matches = "wildfly|openliberty", disabledReason = "the pause"
        + " shows in inbox-admin's readiness check: Payara Micro's case (the harness covers every form and database)")
class PauseInServerTest {

    private static final int ROWS = 5;
    private static final String STATE = "\"inbox:PausingWatched\":\"";

    @Deployment(testable = false)
    static WebArchive deployment() throws Exception {
        ServerLog.capture();
        Database.createSchema();
        Database.release("it_pause");
        Database.execute("DROP TABLE IF EXISTS it_pause, it_pause_downstream",
                "CREATE TABLE it_pause (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL)",
                "CREATE TABLE it_pause_downstream (up BOOLEAN NOT NULL)",
                "INSERT INTO it_pause_downstream VALUES (false)");
        BootCommands.write(List.of(), List.of());
        return Server.current().bind(ShrinkWrap.create(WebArchive.class, "inbox-pause.war"))
                .addPackage(PausingWatched.class.getPackage())
                .addClass(Effects.class)
                .addAsLibraries(Server.current().postgresDriver())
                // The readiness check that shows the pause.
                .addAsLibraries(BootCommands.dir().resolve("inbox-admin.jar").toFile());
    }

    @Test
    void failedDeliveriesInARowPauseTheSubscriptionWithReadinessDownUntilItIsResumed(@ArquillianResource URL app)
            throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        URI ready = app.toURI().resolve("/health/ready");
        URI api = app.toURI().resolve("api/pause/");
        until("PausingWatched is ready", () -> get(http, ready).body().contains(STATE + "RUNNING\""));

        Set<Long> rows = Database.insert("INSERT INTO it_pause (payload) SELECT 'job ' || g FROM generate_series(1, "
                + ROWS + ") g", "payload").keySet();
        until("the readiness check is DOWN, the subscription paused by itself", () -> {
            HttpResponse<String> health = get(http, ready);
            return health.statusCode() == 503 && health.body().contains(STATE + "PAUSED by itself (pauseAfterFailures)\"");
        });
        String log = Server.current().log();
        String warning = "Inbox subscription 'PausingWatched' paused itself after 3 failed deliveries in a row";
        assertEquals(1, log.split(java.util.regex.Pattern.quote(warning), -1).length - 1, "one warning");
        int atPause = Integer.parseInt(get(http, api.resolve("calls")).body().trim());
        assertTrue(atPause >= 3 && atPause <= 4, "three failures, at most one more in flight: " + atPause);
        Thread.sleep(2000);
        assertEquals(atPause, Integer.parseInt(get(http, api.resolve("calls")).body().trim()), "not called while paused");
        assertEquals(ROWS, Database.count("SELECT count(*) FROM it_pause"), "every row still there");
        assertEquals(0, Database.count("SELECT count(*) FROM it_effects WHERE mdb = 'PausingWatched'"),
                "no effect of a failed delivery");

        Database.execute("UPDATE it_pause_downstream SET up = true");
        HttpResponse<String> resumed = http.send(HttpRequest.newBuilder(api.resolve("resume"))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(204, resumed.statusCode(), resumed.body());
        until("every row is delivered", () -> Database.count("SELECT count(*) FROM it_pause") == 0);
        // The effect's own branch commits after the settlement's.
        until("every effect has committed", () -> Database.count(
                "SELECT count(*) FROM it_effects WHERE mdb = 'PausingWatched'") >= ROWS);
        assertEquals(ROWS, Database.count("SELECT count(*) FROM it_effects WHERE mdb = 'PausingWatched'"),
                "each row's effect once");
        assertEquals(rows, Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'PausingWatched'"));
        until("the readiness check is UP again", () -> {
            HttpResponse<String> health = get(http, ready);
            return health.statusCode() == 200 && health.body().contains(STATE + "RUNNING\"");
        });
    }

    private static HttpResponse<String> get(HttpClient http, URI uri) throws Exception {
        return http.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
