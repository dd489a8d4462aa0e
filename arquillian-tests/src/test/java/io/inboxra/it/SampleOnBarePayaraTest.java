package io.inboxra.it;

import io.inboxra.harness.Await;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sample as a user deploys it: {@code java -jar payara-micro.jar --deploy inbox-rar.rar
 * --deploy inbox-ejb-sample.war} on a Payara Micro of its own, with no system properties and no
 * configuration, so it runs on its embedded H2.
 */
class SampleOnBarePayaraTest {

    private static final Duration BOOT = Duration.ofSeconds(120);

    static PayaraProcess server;
    static String base;
    // HTTP/1.1: the default h2c upgrade on a request with a body gets a 404 from Payara Micro.
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeAll
    static void boot() throws Exception {
        Path dir = BootCommands.dir();
        Path work = dir.resolveSibling("bare");
        Files.createDirectories(work);
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        base = "http://127.0.0.1:" + port + "/inbox-ejb-sample/api/invoices";
        Path root = Files.createTempDirectory(work, "root");
        server = PayaraProcess.start(List.of(), List.of("--nocluster", "--port", String.valueOf(port),
                "--rootDir", root.toString(),
                "--deploy", dir.resolve("inbox-rar.rar").toString(),
                "--deploy", dir.resolve("inbox-ejb-sample.war").toString()), work.resolve("console.log"));
        server.awaitLog("inbox-ejb-sample was successfully deployed", BOOT);
        // The REST application answers a little after the deployment is logged.
        Await.until("the sample's REST API answers", Duration.ofSeconds(60), () -> get("/issued").statusCode() == 200);
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.stop();
        }
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> post(String json) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void withNothingConfiguredTheDemoInvoicesAreIssuedOnTheEmbeddedDatabase() throws Exception {
        Await.until("the five demo invoices are issued", Duration.ofSeconds(60), () -> {
            String issued = get("/issued").body();
            return List.of("DEMO-1", "DEMO-2", "DEMO-3", "DEMO-4", "DEMO-5").stream().allMatch(issued::contains);
        });
        assertFalse(server.log().contains("${MPCONFIG"), "every ${MPCONFIG=...} reference resolved");
    }

    @Test
    void invalidInvoicesAreRefusedWith400NamingTheFields() throws Exception {
        HttpResponse<String> empty = post("{}");
        assertEquals(400, empty.statusCode(), empty.body());
        assertTrue(empty.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
        for (String field : List.of("number", "customer", "amount")) {
            assertTrue(empty.body().contains(field), "names " + field + ": " + empty.body());
        }
        HttpResponse<String> malformed = post("{\"number\":");
        assertEquals(400, malformed.statusCode(), malformed.body());
        assertTrue(malformed.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
        HttpResponse<String> wrongType = post("{\"number\":\"INV-9\",\"customer\":\"ACME\",\"amount\":\"ten\"}");
        assertEquals(400, wrongType.statusCode(), wrongType.body());
        assertTrue(wrongType.body().contains("amount"), wrongType.body());
    }

    /**
     * The second invoice of the same number fails at commit on every delivery (the issued
     * number is unique): retried with backoff, then dead-lettered at maxAttempts, and never
     * logged as issued.
     */
    @Test
    void aJobThatFailsEveryTimeEndsAmongTheDeadLettersAndIsNeverLoggedAsIssued() throws Exception {
        assertEquals(202, post("{\"number\":\"INV-77\",\"customer\":\"ACME\",\"amount\":99.50}").statusCode());
        Await.until("the first INV-77 is issued", Duration.ofSeconds(30), () -> get("/issued").body().contains("INV-77"));
        assertEquals(202, post("{\"number\":\"INV-77\",\"customer\":\"Globex\",\"amount\":10.00}").statusCode());
        Await.until("the second INV-77 is dead-lettered", Duration.ofSeconds(90),
                () -> get("/dead").body().contains("Globex"));
        String dead = get("/dead").body();
        Matcher attempts = Pattern.compile("\"attempts\"\\s*:\\s*(\\d+)").matcher(dead);
        assertTrue(attempts.find(), dead);
        assertEquals("5", attempts.group(1), "dead-lettered at maxAttempts: " + dead);
        String issued = get("/issued").body();
        assertEquals(1, issued.split("INV-77", -1).length - 1, "issued once: " + issued);
        String log = server.log();
        assertEquals(1, log.split("Issued invoice INV-77", -1).length - 1, "logged as issued once, after its commit");
        assertFalse(log.contains("Issued invoice INV-77 to Globex"), "the failing job is never logged as issued");
    }
}
