package io.inboxra.it;

import io.inboxra.it.trace.Traced;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

import static io.inboxra.it.Until.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tracing across the inbox (issue 26, point 2) on Open Liberty with {@code mpTelemetry-2.0}: a
 * JAX-RS request sends a row through a factory with {@code traceColumn}; its MDB, with
 * {@code traceColumn}, runs in the delivery's span, in the request's trace. The server gives
 * the resource adapter the OpenTelemetry API ({@code <classloader apiTypeVisibility="+third-party"/>})
 * and enables the SDK ({@code otel.sdk.disabled=false}, jvm.options, spans logged). Tables
 * {@code it_trc_*} of its own.
 */
@ExtendWith(ArquillianExtension.class)
@EnabledIfSystemProperty(named = Server.PROPERTY, matches = "openliberty",
        disabledReason = "the server with MicroProfile Telemetry that the tests configure")
class TracingOnLibertyTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Deployment(testable = false)
    static WebArchive deployment() throws Exception {
        ServerLog.capture();
        Database.release("it_trc_traced", "it_trc_seen");
        Database.execute("DROP TABLE IF EXISTS it_trc_traced, it_trc_seen",
                "CREATE TABLE it_trc_traced (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL, trace_context VARCHAR(600))",
                "CREATE TABLE it_trc_seen (row_id BIGINT NOT NULL, payload TEXT, trace_id TEXT, span_id TEXT)");
        return ShrinkWrap.create(WebArchive.class, "inbox-trace.war").addPackage(Traced.class.getPackage());
    }

    @Test
    void theMdbRunsInTheProducersTrace(@ArquillianResource URL app) throws Exception {
        HttpResponse<String> sent = HTTP.send(HttpRequest.newBuilder(app.toURI().resolve("api/traced"))
                .header("Content-Type", "text/plain").POST(HttpRequest.BodyPublishers.ofString("traced")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, sent.statusCode(), sent.body());
        String[] request = sent.body().trim().split(" ");
        assertTrue(request[0].matches("[0-9a-f]{32}") && !request[0].matches("0+"),
                "the request ran in a span: " + sent.body());
        until("the row is delivered", () -> Database.count("SELECT count(*) FROM it_trc_seen") == 1);
        List<String> seen = row("SELECT trace_id, span_id FROM it_trc_seen");
        assertEquals(request[0], seen.get(0), "the MDB's span is in the request's trace");
        assertNotEquals(request[1], seen.get(1), "the MDB runs in the delivery's span, not the request's");
        assertTrue(seen.get(1).matches("[0-9a-f]{16}") && !seen.get(1).matches("0+"), seen.toString());
    }

    private static List<String> row(String sql) throws SQLException {
        try (Connection c = Database.connect();
             ResultSet rs = c.createStatement().executeQuery(sql)) {
            assertTrue(rs.next(), sql);
            return List.of(rs.getString(1), rs.getString(2));
        }
    }
}
