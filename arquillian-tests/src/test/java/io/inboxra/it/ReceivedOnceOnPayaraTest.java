package io.inboxra.it;

import io.inboxra.it.once.ReceivedOnce;
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
import java.util.concurrent.CompletableFuture;

import static io.inboxra.it.Until.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Receiving each message once (issue 26, point 1) in Payara Micro: a JAX-RS endpoint sends each
 * request into an inbox with its {@code Idempotency-Key}, through the factory its application
 * defines ({@code keyColumn}), and an MDB delivers the rows. The same key sent twice at once, from
 * two requests, two transactions: one row, one delivery; the second request's send waits for the
 * first transaction and is a duplicate, and its transaction still commits its own write. Sent
 * again after the row was processed (its {@code processedAtColumn} keeps it), still a duplicate.
 * Tables {@code it_key_*} of its own.
 */
@ExtendWith(ArquillianExtension.class)
@DisabledIfSystemProperty(named = Server.PROPERTY, matches = "wildfly|openliberty",
        disabledReason = "the producer factory defined by @ConnectionFactoryDefinition, as Payara Micro takes it")
class ReceivedOnceOnPayaraTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Deployment(testable = false)
    static WebArchive deployment() throws Exception {
        ServerLog.capture();
        Database.release("it_key_once", "it_key_effects", "it_key_audit");
        Database.execute("DROP TABLE IF EXISTS it_key_once, it_key_effects, it_key_audit",
                "CREATE TABLE it_key_once (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL, message_key TEXT,"
                        + " processed_at TIMESTAMPTZ)",
                "CREATE UNIQUE INDEX it_key_once_key ON it_key_once (message_key)",
                "CREATE TABLE it_key_effects (row_id BIGINT NOT NULL, payload TEXT)",
                "CREATE TABLE it_key_audit (message_key TEXT, said TEXT)");
        BootCommands.write(List.of(), List.of());
        return ShrinkWrap.create(WebArchive.class, "inbox-once.war").addPackage(ReceivedOnce.class.getPackage());
    }

    @Test
    void oneKeySentTwiceAtOnceFromTwoTransactionsIsOneRowDeliveredOnce(@ArquillianResource URL app) throws Exception {
        URI once = app.toURI().resolve("api/once");
        CompletableFuture<HttpResponse<String>> first = post(once + "?holdMillis=3000", "payment-1", "first");
        until("the first request has sent its row, uncommitted", () -> Database.count(
                "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'it_key_once'"
                        + " AND l.mode = 'RowExclusiveLock'") >= 1);
        long started = System.nanoTime();
        HttpResponse<String> second = post(once.toString(), "payment-1", "second").get();
        double waited = (System.nanoTime() - started) / 1e9;
        HttpResponse<String> winner = first.get();
        assertEquals(200, winner.statusCode(), winner.body());
        assertEquals(200, second.statusCode(), second.body());
        assertTrue(winner.body().startsWith("inserted "), winner.body());
        assertEquals("duplicate", second.body(), "the second request of the key");
        assertTrue(waited > 1.0, "the second send waited for the first transaction: " + waited + " s");
        assertEquals(2, Database.count("SELECT count(*) FROM it_key_audit WHERE message_key = 'payment-1'"),
                "both transactions committed their other write");
        long id = Long.parseLong(winner.body().substring("inserted ".length()).trim());
        until("the row is delivered and marked processed", () -> Database.count(
                "SELECT count(*) FROM it_key_once WHERE processed_at IS NOT NULL") == 1);

        HttpResponse<String> again = post(once.toString(), "payment-1", "again").get();
        assertEquals("duplicate", again.body(), "a processed row still holds its key");
        HttpResponse<String> other = post(once.toString(), "payment-2", "other").get();
        assertTrue(other.body().startsWith("inserted "), other.body());
        until("the other key's row is delivered", () -> Database.count(
                "SELECT count(*) FROM it_key_effects WHERE payload = 'other'") == 1);

        assertEquals(1, Database.count("SELECT count(*) FROM it_key_once WHERE message_key = 'payment-1'"), "one row");
        assertEquals(List.of(id), List.copyOf(Database.ids("SELECT row_id FROM it_key_effects WHERE payload <> 'other'")),
                "one delivery, of the first request's row");
        assertEquals(1, Database.count("SELECT count(*) FROM it_key_effects WHERE row_id = " + id));
    }

    private static CompletableFuture<HttpResponse<String>> post(String uri, String key, String payload) {
        return HTTP.sendAsync(HttpRequest.newBuilder(URI.create(uri)).header("Content-Type", "text/plain")
                .header("Idempotency-Key", key).POST(HttpRequest.BodyPublishers.ofString(payload)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
