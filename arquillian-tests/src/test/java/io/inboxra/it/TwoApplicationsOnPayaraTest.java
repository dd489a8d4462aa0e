package io.inboxra.it;

import io.inboxra.harness.Await;
import io.inboxra.it.apps.one.Billing;
import io.inboxra.it.apps.three.Invoicing;
import io.inboxra.it.apps.two.Shipping;
import io.inboxra.sample.admin.OperatorLogin;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two applications in one Payara Micro (issue 23, point 1), each a WAR with its own MDB,
 * inbox-admin and operator: each one's operators' API and readiness check show and act on its
 * own subscription only. A third WAR, {@code app-three}, has an MDB and no inbox-admin: no
 * other application's metrics, check or API shows its subscription (Payara's {@code /metrics}
 * prints the applications' metrics without telling whose, so this is how the metrics' scope
 * shows). A fourth WAR whose MDB has the first's simple class name (so the same default
 * subscription name), deployed after the others, is refused, and the first runs on.
 */
@DisabledIfSystemProperty(named = Server.PROPERTY, matches = "wildfly|openliberty",
        disabledReason = "a Payara Micro of its own, deployed from its command line")
class TwoApplicationsOnPayaraTest {

    private static final Duration BOOT = Duration.ofSeconds(180);
    private static final Duration LONG = Duration.ofSeconds(60);
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    static ServerProcess server;
    static String root;

    @BeforeAll
    static void boot() throws Exception {
        Database.release("it_apps_billing", "it_apps_billing_dead", "it_apps_shipping", "it_apps_shipping_dead",
                "it_apps_dup", "it_apps_invoicing");
        String inbox = " (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL)";
        String dead = " (id BIGINT PRIMARY KEY, payload TEXT, attempts INT, reason TEXT, dead_at TIMESTAMPTZ)";
        Database.execute("DROP TABLE IF EXISTS it_apps_billing, it_apps_billing_dead, it_apps_shipping,"
                        + " it_apps_shipping_dead, it_apps_dup, it_apps_invoicing",
                "CREATE TABLE it_apps_billing" + inbox, "CREATE TABLE it_apps_billing_dead" + dead,
                "CREATE TABLE it_apps_shipping" + inbox, "CREATE TABLE it_apps_shipping_dead" + dead,
                "CREATE TABLE it_apps_dup" + inbox, "CREATE TABLE it_apps_invoicing" + inbox);
        Path dir = BootCommands.dir();
        Path work = dir.resolveSibling("two-apps");
        Files.createDirectories(work);
        Path one = war(work, "app-one", Billing.class, "one-secret");
        Path two = war(work, "app-two", Shipping.class, "two-secret");
        Path dup = war(work, "app-dup", io.inboxra.it.apps.dup.Billing.class, "dup-secret");
        Path three = work.resolve("app-three.war");
        ShrinkWrap.create(WebArchive.class, "app-three.war").addClass(Invoicing.class)
                .addAsLibraries(dir.resolve("postgresql.jar").toFile())
                .as(ZipExporter.class).exportTo(three.toFile(), true);
        // After both applications have deployed: the name is the first one's then, whatever the deployment order.
        Path postDeploy = work.resolve("postdeploy.txt");
        Files.writeString(postDeploy, "deploy --name app-dup " + dup.toAbsolutePath() + "\n");
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        root = "http://127.0.0.1:" + port;
        Path rootDir = Files.createTempDirectory(work, "root");
        List<String> options = new ArrayList<>(List.of("--nocluster", "--port", String.valueOf(port),
                "--rootDir", rootDir.toString(),
                "--deploy", dir.resolve("inbox-rar.rar").toString(),
                "--deploy", one.toString(), "--deploy", two.toString(), "--deploy", three.toString(),
                "--postdeploycommandfile", postDeploy.toString()));
        server = ServerProcess.startPayara(List.of(), options, work.resolve("console.log"));
        server.awaitLog("app-two was successfully deployed", BOOT);
        server.awaitLog("app-one was successfully deployed", BOOT);
        server.awaitLog("app-three was successfully deployed", BOOT);
        server.awaitLog("'Billing' is taken", BOOT);
        Await.until("both operators' APIs answer", LONG, () -> api("app-one", "one-secret", "").statusCode() == 200
                && api("app-two", "two-secret", "").statusCode() == 200);
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.stop();
        }
    }

    /** A WAR of one MDB, inbox-admin, and one operator (the sample's login) with its own password. */
    private static Path war(Path work, String name, Class<?> mdb, String password) throws Exception {
        Path dir = BootCommands.dir();
        Path file = work.resolve(name + ".war");
        ShrinkWrap.create(WebArchive.class, name + ".war")
                .addClasses(mdb, OperatorLogin.class)
                .addAsLibraries(dir.resolve("postgresql.jar").toFile(), dir.resolve("inbox-admin.jar").toFile())
                .addAsResource(new StringAsset("sample.admin.password=" + password + "\n"),
                        "META-INF/microprofile-config.properties")
                .addAsWebInfResource(new StringAsset("<glassfish-web-app><security-role-mapping>"
                        + "<role-name>inbox-admin</role-name><group-name>inbox-admin</group-name>"
                        + "</security-role-mapping></glassfish-web-app>"), "glassfish-web.xml")
                .as(ZipExporter.class).exportTo(file.toFile(), true);
        return file;
    }

    private static HttpResponse<String> api(String app, String password, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(root + "/" + app + "/inbox/api/inbox-subscriptions" + path))
                .header("Authorization", basic(password)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> post(String app, String password, String path, String json) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(root + "/" + app + "/inbox/api/inbox-subscriptions" + path))
                .header("Authorization", basic(password)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String basic(String password) {
        return "Basic " + Base64.getEncoder().encodeToString(("admin:" + password).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void eachApplicationsOperatorsListOnlyItsOwnSubscription() throws Exception {
        String one = api("app-one", "one-secret", "").body();
        assertTrue(one.contains("\"name\":\"Billing\""), one);
        assertFalse(one.contains("Shipping"), "application one's operators do not see application two's: " + one);
        String two = api("app-two", "two-secret", "").body();
        assertTrue(two.contains("\"name\":\"Shipping\""), two);
        assertFalse(two.contains("Billing"), "application two's operators do not see application one's: " + two);
        assertFalse(one.contains("Invoicing") || two.contains("Invoicing"), "nor application three's");
        assertEquals(404, api("app-one", "one-secret", "/Invoicing").statusCode());
    }

    @Test
    void anotherApplicationsOperatorCanNeitherReadNorDiscardTheDeadLetters() throws Exception {
        Database.execute("INSERT INTO it_apps_billing (payload) VALUES ('invoice 1'), ('invoice 2')");
        Await.until("application one's rows are its dead letters", LONG,
                () -> Database.count("SELECT count(*) FROM it_apps_billing_dead") >= 2);
        long dead = Database.count("SELECT count(*) FROM it_apps_billing_dead");

        HttpResponse<String> read = api("app-two", "two-secret", "/Billing/dead-letters");
        assertEquals(404, read.statusCode(), "no such subscription for application two: " + read.body());
        assertFalse(read.body().contains("invoice"), read.body());
        HttpResponse<String> discard = post("app-two", "two-secret", "/Billing/dead-letters/discard",
                "{\"olderThan\":\"PT0S\"}");
        assertEquals(404, discard.statusCode(), discard.body());
        assertEquals(404, post("app-two", "two-secret", "/Billing/pause", "{}").statusCode());
        assertEquals(dead, Database.count("SELECT count(*) FROM it_apps_billing_dead"), "application one's dead letters stay");
        assertTrue(api("app-one", "one-secret", "/Billing").body().contains("\"state\":\"RUNNING\""), "not paused");

        HttpResponse<String> own = api("app-one", "one-secret", "/Billing/dead-letters");
        assertEquals(200, own.statusCode(), own.body());
        assertTrue(own.body().contains("invoice 1"), "its own operators read them: " + own.body());
    }

    @Test
    void eachApplicationsReadinessCheckNamesOnlyItsOwnSubscription() throws Exception {
        Await.until("both applications' checks answer", LONG, () -> {
            String body = ready();
            return body.contains("inbox:Billing") && body.contains("inbox:Shipping");
        });
        String body = ready();
        // One "inbox" check per application, each with the data of its own subscriptions.
        Matcher data = Pattern.compile("\"data\"\\s*:\\s*\\{[^}]*\\}").matcher(body);
        int checks = 0;
        while (data.find()) {
            String one = data.group();
            if (one.contains("inbox:")) {
                checks++;
                assertFalse(one.contains("inbox:Billing") && one.contains("inbox:Shipping"),
                        "one application's check names the other's subscription: " + body);
            }
        }
        assertEquals(2, checks, body);
        assertFalse(body.contains("Invoicing"), "no check names application three's subscription: " + body);
    }

    @Test
    void eachApplicationsMetricsAreOfItsOwnSubscriptionOnly() throws Exception {
        // The metrics follow the subscriptions once a second, each application its own registry.
        Await.until("both subscriptions' metrics show", LONG, () -> {
            List<String> ready = readyGauges();
            return ready.stream().anyMatch(l -> l.contains("subscription=\"Billing\""))
                    && ready.stream().anyMatch(l -> l.contains("subscription=\"Shipping\""));
        });
        // Application three (no inbox-admin) was active before: the turn that registered Billing's
        // metrics would have registered its subscription too, were the metrics not scoped.
        List<String> ready = readyGauges();
        assertTrue(ready.stream().noneMatch(l -> l.contains("Invoicing")), "application three's subscription: " + ready);
    }

    private static List<String> readyGauges() throws Exception {
        String metrics = HTTP.send(HttpRequest.newBuilder(URI.create(root + "/metrics")).GET().build(),
                HttpResponse.BodyHandlers.ofString()).body();
        return metrics.lines().filter(l -> l.startsWith("inbox_ready{")).toList();
    }

    @Test
    void aThirdApplicationsMdbUnderTheFirstsDefaultNameIsRefusedNamingBothAndTheFirstRunsOn() throws Exception {
        String log = server.log();
        assertTrue(log.contains(Billing.class.getName()) && log.contains(io.inboxra.it.apps.dup.Billing.class.getName()),
                "the error names both MDBs");
        assertTrue(log.contains("propertyName = \"name\""), "and the fix");
        Database.execute("INSERT INTO it_apps_dup (payload) VALUES ('never mine')");
        long dead = Database.count("SELECT count(*) FROM it_apps_billing_dead");
        Database.execute("INSERT INTO it_apps_billing (payload) VALUES ('invoice 3')");
        Await.until("the first application's MDB delivers on", LONG,
                () -> Database.count("SELECT count(*) FROM it_apps_billing_dead") == dead + 1);
        assertEquals(1, Database.count("SELECT count(*) FROM it_apps_dup"), "the refused MDB never started");
        String one = api("app-one", "one-secret", "").body();
        assertTrue(one.contains("\"name\":\"Billing\""), "application one still sees its own: " + one);
    }

    private static String ready() throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(root + "/health/ready")).GET().build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }
}
