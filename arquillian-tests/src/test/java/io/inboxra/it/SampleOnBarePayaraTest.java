package io.inboxra.it;

import io.inboxra.harness.Await;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;

import org.openqa.selenium.By;
import org.openqa.selenium.NoSuchElementException;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sample as a user deploys it: {@code java -jar payara-micro.jar --deploy inbox-rar.rar
 * --deploy inbox-ejb-sample.war} on a Payara Micro of its own, with no system properties and no
 * configuration, so it runs on its embedded H2; with it, inbox-admin's health check, metrics,
 * operators' API and page, the page in a real Chromium.
 */
@DisabledIfSystemProperty(named = Server.PROPERTY, matches = "wildfly", disabledReason = "the sample as it ships"
        + " is Payara's: its data source, persistence unit and activation config name the database through Payara's"
        + " ${MPCONFIG=...} (WildFly leaves it as it is), its default database is Payara's embedded H2, and its"
        + " operators' page (inbox-admin) needs MicroProfile Metrics, which WildFly 37 does not ship")
class SampleOnBarePayaraTest {

    private static final Duration BOOT = Duration.ofSeconds(120);

    static ServerProcess server;
    static String root;
    /** The operator's password the sample made at this start (none is configured). */
    static String password;
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
        root = "http://127.0.0.1:" + port;
        base = root + "/inbox-ejb-sample/api/invoices";
        Path root = Files.createTempDirectory(work, "root");
        server = ServerProcess.startPayara(List.of(), List.of("--nocluster", "--port", String.valueOf(port),
                "--rootDir", root.toString(),
                "--deploy", dir.resolve("inbox-rar.rar").toString(),
                "--deploy", dir.resolve("inbox-ejb-sample.war").toString()), work.resolve("console.log"));
        server.awaitLog("inbox-ejb-sample was successfully deployed", BOOT);
        // Logged when the web application starts, a little after the deployment.
        server.awaitLog("made for this start", BOOT);
        Matcher made = Pattern.compile("sign in as 'admin' with the password '([^']+)'").matcher(server.log());
        assertTrue(made.find(), "the sample prints the operator's password it made");
        password = made.group(1);
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

    private static HttpResponse<String> getAt(String url, String user, String password) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).GET();
        if (user != null) {
            request.header("Authorization", basic(user, password));
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Waits 30 s for the invoice list to show {@code text}; a timeout's message carries the
     * console's end and the stacks of the server's threads in the adapter, since CI keeps only
     * the report.
     */
    private static void awaitIssued(String what, String text) throws Exception {
        try {
            Await.until(what, Duration.ofSeconds(30), () -> get("/issued").body().contains(text));
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; issued: " + get("/issued").body() + "; the console ends with:\n"
                    + server.tail() + "\n" + server.adapterThreads(), e);
        }
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
        awaitIssued("the first INV-77 is issued", "INV-77");
        assertEquals(202, post("{\"number\":\"INV-77\",\"customer\":\"Globex\",\"amount\":10.00}").statusCode());
        Await.until("the second INV-77 is dead-lettered", Duration.ofSeconds(90),
                () -> getAt(base + "/dead", "admin", password).body().contains("Globex"));
        String dead = getAt(base + "/dead", "admin", password).body();
        Matcher attempts = Pattern.compile("\"attempts\"\\s*:\\s*(\\d+)").matcher(dead);
        assertTrue(attempts.find(), dead);
        assertEquals("5", attempts.group(1), "dead-lettered at maxAttempts: " + dead);
        String issued = get("/issued").body();
        assertEquals(1, issued.split("INV-77", -1).length - 1, "issued once: " + issued);
        String log = server.log();
        assertEquals(1, log.split("Issued invoice INV-77", -1).length - 1, "logged as issued once, after its commit");
        assertFalse(log.contains("Issued invoice INV-77 to Globex"), "the failing job is never logged as issued");

        // The operators' listing shows a preview of each payload, and one dead letter whole by its id.
        String api = root + "/inbox-ejb-sample/inbox/api/inbox-subscriptions/IssueInvoice/dead-letters";
        String listing = getAt(api, "admin", password).body();
        String entry = java.util.Arrays.stream(listing.split("\\},\\{")).filter(e -> e.contains("Globex")).findFirst()
                .orElseThrow(() -> new AssertionError(listing));
        Matcher id = Pattern.compile("\"id\"\\s*:\\s*\"(\\d+)\"").matcher(entry);
        assertTrue(id.find(), entry);
        assertTrue(entry.contains("\"truncated\":false"), "a short payload is shown whole: " + entry);
        // Its number was taken: the reason is the database's own message, not that the transaction rolled back.
        assertTrue(entry.contains("INV-77") && entry.toLowerCase().contains("unique"), "the reason: " + entry);
        HttpResponse<String> one = getAt(api + "/" + id.group(1), "admin", password);
        assertEquals(200, one.statusCode(), one.body());
        assertTrue(one.body().contains("Globex") && one.body().contains("\"truncated\":false"), one.body());
        assertEquals(404, getAt(api + "/999999999", "admin", password).statusCode(), "no such dead letter");
    }

    /**
     * The operator's password that the sample made is printed once on the console, past the
     * server's logging: no log record (each carries its levelValue) holds it.
     */
    @Test
    void theMadePasswordIsPrintedOnceOnTheConsoleAndNeverLogged() {
        String log = server.log();
        assertEquals(2, log.split(Pattern.quote(password), -1).length, "printed once: " + password);
        for (String line : log.split("\n")) {
            assertFalse(line.contains(password) && line.contains("levelValue"), "a log record holds it: " + line);
        }
        assertTrue(log.contains("the password of this start is printed on the server's console"), "the log says where");
    }

    /**
     * The dead letters hold payloads and failure reasons: for the operator only. Both lists come
     * a page at a time, with a link to the next page while it is full.
     */
    @Test
    void theDeadLettersAskForTheRoleAndBothListsComeAPageAtATime() throws Exception {
        assertEquals(401, get("/dead").statusCode(), "no credentials");
        assertEquals(401, getAt(base + "/dead", "admin", "wrong").statusCode(), "a wrong password");
        assertEquals(200, getAt(base + "/dead", "admin", password).statusCode(), "the operator");
        Await.until("the five demo invoices are issued", Duration.ofSeconds(60),
                () -> get("/issued?limit=1000").body().contains("DEMO-5"));
        HttpResponse<String> first = get("/issued?limit=2");
        assertEquals(200, first.statusCode(), first.body());
        assertTrue(first.body().contains("DEMO-1") && first.body().contains("DEMO-2")
                && !first.body().contains("DEMO-3"), "two a page: " + first.body());
        String next = first.headers().firstValue("Link").orElseThrow(() -> new AssertionError("a next link"));
        Matcher after = Pattern.compile("after=(\\d+)").matcher(next);
        assertTrue(after.find() && next.contains("rel=\"next\""), next);
        String second = get("/issued?limit=2&after=" + after.group(1)).body();
        assertTrue(second.contains("DEMO-3") && !second.contains("DEMO-2"), "the next page: " + second);
        assertEquals(400, get("/issued?limit=100000").statusCode(), "no unbounded page");
        assertFalse(get("/issued").body().isEmpty());
    }

    @Test
    void theOperatorsApiAsksForTheRoleAndAnswersOnlyUnderInboxApi() throws Exception {
        String api = root + "/inbox-ejb-sample/inbox/api/inbox-subscriptions";
        assertEquals(401, getAt(api, null, null).statusCode(), "no credentials");
        assertEquals(401, getAt(api, "admin", "wrong").statusCode(), "a wrong password");
        assertEquals(401, getAt(root + "/inbox-ejb-sample/inbox/", null, null).statusCode(), "the page, too");
        HttpResponse<String> list = getAt(api, "admin", password);
        assertEquals(200, list.statusCode(), list.body());
        assertEquals("DENY", list.headers().firstValue("X-Frame-Options").orElse(null), "never in another site's frame");
        assertEquals("frame-ancestors 'none'", list.headers().firstValue("Content-Security-Policy").orElse(null));
        assertTrue(list.body().contains("\"name\":\"IssueInvoice\""), list.body());
        assertTrue(list.body().contains("\"state\":\"RUNNING\""), list.body());
        // The sample's own JAX-RS application scans the WAR and finds the resource: it must not answer there.
        HttpResponse<String> elsewhere = getAt(root + "/inbox-ejb-sample/api/inbox-subscriptions", "admin", password);
        assertEquals(404, elsewhere.statusCode());
        assertTrue(elsewhere.body().contains("the inbox admin API is under /inbox/api"), "found, and refused: "
                + elsewhere.body());
        // What another site's page can send without asking: a POST without a JSON body type.
        HttpResponse<String> forged = HTTP.send(HttpRequest.newBuilder(URI.create(api + "/IssueInvoice/pause"))
                .header("Authorization", basic("admin", password)).POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(415, forged.statusCode(), forged.body());
        assertTrue(getAt(api + "/IssueInvoice", "admin", password).body().contains("\"state\":\"RUNNING\""),
                "not paused");
        assertEquals(401, HTTP.send(HttpRequest.newBuilder(URI.create(base + "/issued/DEMO-1")).DELETE().build(),
                HttpResponse.BodyHandlers.ofString()).statusCode(), "voiding an invoice is the operator's");
        // A page of another site may not make the operator's browser read the API either.
        HttpResponse<String> crossSite = HTTP.send(HttpRequest.newBuilder(URI.create(api))
                .header("Authorization", basic("admin", password)).header("Sec-Fetch-Site", "cross-site").GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(403, crossSite.statusCode(), crossSite.body());
        HttpResponse<String> sameSite = HTTP.send(HttpRequest.newBuilder(URI.create(api))
                .header("Authorization", basic("admin", password)).header("Sec-Fetch-Site", "same-origin").GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, sameSite.statusCode(), "the page's own requests: " + sameSite.body());
        // A requeue takes at most 1,000 ids; none of these is a dead letter (no job id is text).
        assertEquals(400, requeue(api, 1001).statusCode(), "over the cap");
        HttpResponse<String> atCap = requeue(api, 1000);
        assertEquals(200, atCap.statusCode(), atCap.body());
        assertTrue(atCap.body().contains("\"changed\":0"), atCap.body());
        // Look up and cancel (issue 26, point 5): no such row is a 404, the cancel's answer says why.
        assertEquals(404, getAt(api + "/IssueInvoice/rows/999999999", "admin", password).statusCode(), "no such row");
        HttpResponse<String> cancel = HTTP.send(HttpRequest.newBuilder(URI.create(api
                + "/IssueInvoice/rows/999999999/cancel")).header("Authorization", basic("admin", password))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(404, cancel.statusCode(), cancel.body());
        assertTrue(cancel.body().contains("\"result\":\"NOT_FOUND\""), cancel.body());
        HttpResponse<String> unknown = getAt(api + "/Nope", "admin", password);
        assertEquals(404, unknown.statusCode());
        assertTrue(unknown.body().contains("IssueInvoice"), "names the active ones: " + unknown.body());
    }

    private static HttpResponse<String> requeue(String api, int ids) throws Exception {
        String json = java.util.stream.IntStream.rangeClosed(1, ids).mapToObj(i -> "\"x" + i + "\"")
                .collect(java.util.stream.Collectors.joining(",", "{\"ids\":[", "]}"));
        return HTTP.send(HttpRequest.newBuilder(URI.create(api + "/IssueInvoice/dead-letters/requeue"))
                .header("Authorization", basic("admin", password)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theReadinessCheckAndTheMetricsShowTheSubscription() throws Exception {
        HttpResponse<String> ready = getAt(root + "/health/ready", null, null);
        assertEquals(200, ready.statusCode(), ready.body());
        assertTrue(ready.body().contains("\"inbox:IssueInvoice\":\"RUNNING\""), ready.body());
        Await.until("the demo invoices are counted on /metrics", Duration.ofSeconds(60), () -> {
            Matcher delivered = Pattern.compile("inbox_delivered_total\\{[^}]*subscription=\"IssueInvoice\"[^}]*\\} (\\d+)")
                    .matcher(getAt(root + "/metrics", null, null).body());
            return delivered.find() && Double.parseDouble(delivered.group(1)) >= 5;
        });
        String metrics = getAt(root + "/metrics", null, null).body();
        for (String name : List.of("inbox_failed_total", "inbox_dead_lettered_total", "inbox_workers_busy",
                "inbox_claimable", "inbox_lag_seconds", "inbox_dead_letters", "inbox_ready")) {
            assertTrue(Pattern.compile("(?m)^" + name + "\\{[^}]*subscription=\"IssueInvoice\"").matcher(metrics).find(),
                    name + " on /metrics");
        }
    }

    /**
     * The operator's story on the page: a job dead-lettered because its number was taken shows
     * with its reason and attempts; the operator voids the wrong invoice, presses Requeue, and the
     * job is issued.
     */
    @Test
    void thePageShowsTheSubscriptionAndARequeuedDeadLetterIsIssued() throws Exception {
        assertEquals(202, post("{\"number\":\"INV-88\",\"customer\":\"ACME\",\"amount\":1.50}").statusCode());
        awaitIssued("the first INV-88 is issued", "INV-88");
        assertEquals(202, post("{\"number\":\"INV-88\",\"customer\":\"Initech\",\"amount\":2.50}").statusCode());
        try (Browser browser = Browser.start()) {
            WebDriver page = browser.driver;
            // Credentials in the address: Chromium signs in with them and keeps them for the page's own calls.
            page.get(root.replace("http://", "http://admin:" + password + "@") + "/inbox-ejb-sample/inbox/");
            Await.until("the page lists the sample's subscription", Duration.ofSeconds(30),
                    () -> !page.findElements(By.cssSelector("tr[data-subscription='IssueInvoice'] .state.RUNNING")).isEmpty());
            page.findElement(By.cssSelector("tr[data-subscription='IssueInvoice'] button.pause")).click();
            Await.until("the page shows it paused", Duration.ofSeconds(15),
                    () -> !page.findElements(By.cssSelector("tr[data-subscription='IssueInvoice'] .state.PAUSED")).isEmpty());
            assertTrue(getAt(root + "/inbox-ejb-sample/inbox/api/inbox-subscriptions/IssueInvoice", "admin", password)
                    .body().contains("\"state\":\"PAUSED\""), "paused in the adapter, not only on the page");
            page.findElement(By.cssSelector("tr[data-subscription='IssueInvoice'] button.resume")).click();
            Await.until("the page shows it running again", Duration.ofSeconds(15),
                    () -> !page.findElements(By.cssSelector("tr[data-subscription='IssueInvoice'] .state.RUNNING")).isEmpty());
            Await.until("the page shows the dead-lettered INV-88", Duration.ofSeconds(90), () -> page
                    .findElements(By.xpath("//tr[@data-dead-letter][td[contains(., 'Initech')]]")).size() == 1);
            WebElement letter = page.findElement(By.xpath("//tr[@data-dead-letter][td[contains(., 'Initech')]]"));
            String id = letter.getAttribute("data-dead-letter");
            assertEquals("5", letter.findElement(By.cssSelector("td:nth-child(2)")).getText(), "attempts");
            String reason = letter.findElement(By.cssSelector("td.reason")).getText();
            assertFalse(reason.isBlank() || reason.equals("\u2014"), "a reason: " + reason);
            assertTrue(reason.contains("INV-88") || reason.toLowerCase().contains("unique"),
                    "the database's own message, not that the transaction rolled back: " + reason);
            String listed = getAt(root + "/inbox-ejb-sample/inbox/api/inbox-subscriptions/IssueInvoice/dead-letters", "admin",
                    password).body();
            // The page shows the reason as text (its line breaks as spaces), the API as JSON (quotes and line breaks escaped).
            String unescaped = listed.replace("\\n", " ").replace("\\\"", "\"");
            assertTrue(unescaped.contains("\"reason\":\"" + reason + "\""),
                    "the reason the adapter recorded: page " + reason + " API " + listed);
            screenshot(browser);

            // The number is taken: void the first invoice, then requeue the job from the page.
            HttpResponse<String> voided = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/issued/INV-88"))
                    .header("Authorization", basic("admin", password)).DELETE().build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(204, voided.statusCode(), voided.body());
            letter.findElement(By.cssSelector("button.requeue")).click();
            Await.until("the requeued INV-88 is issued to Initech", Duration.ofSeconds(30),
                    () -> get("/issued").body().contains("Initech"));
            Await.until("the page no longer lists it", Duration.ofSeconds(15),
                    () -> page.findElements(By.cssSelector("tr[data-dead-letter='" + id + "']")).isEmpty());
            assertTrue(page.findElement(By.id("problem")).getAttribute("hidden") != null, "no problem shown");
        }
    }

    /**
     * Find and cancel on the page (issue 26, point 5): while the subscription is paused, a new job
     * is found by its id and cancelled; it shows among the dead letters with the reason
     * "cancelled", is not issued once resumed, and a requeue from the page issues it.
     */
    @Test
    void aPendingJobIsFoundAndCancelledOnThePageAndRequeued() throws Exception {
        String api = root + "/inbox-ejb-sample/inbox/api/inbox-subscriptions/IssueInvoice";
        HttpResponse<String> paused = HTTP.send(HttpRequest.newBuilder(URI.create(api + "/pause"))
                .header("Authorization", basic("admin", password)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, paused.statusCode(), paused.body());
        try (Browser browser = Browser.start()) {
            assertEquals(202, post("{\"number\":\"INV-66\",\"customer\":\"Cyberdyne\",\"amount\":6.60}").statusCode());
            Pattern oldest = Pattern.compile("\"oldestClaimableId\"\\s*:\\s*\"(\\d+)\"");
            Await.until("the job waits", Duration.ofSeconds(30), () -> oldest.matcher(getAt(api, "admin", password)
                    .body()).find());
            Matcher id = oldest.matcher(getAt(api, "admin", password).body());
            assertTrue(id.find());
            WebDriver page = browser.driver;
            page.get(root.replace("http://", "http://admin:" + password + "@") + "/inbox-ejb-sample/inbox/");
            Await.until("the page offers the subscription", Duration.ofSeconds(30),
                    () -> !page.findElements(By.cssSelector("#find-subscription option[value='IssueInvoice']")).isEmpty());
            page.findElement(By.id("find-value")).sendKeys(id.group(1));
            page.findElement(By.cssSelector("button.find")).click();
            Await.until("the job is found pending", Duration.ofSeconds(15), () -> !page.findElements(By.cssSelector(
                    "tr[data-row='" + id.group(1) + "'] .place.PENDING")).isEmpty());
            Await.until("the found row names the customer", Duration.ofSeconds(15), () -> steady(() -> page.findElement(
                    By.cssSelector("tr[data-row='" + id.group(1) + "']")).getText().contains("Cyberdyne")));
            click(page, By.cssSelector("tr[data-row='" + id.group(1) + "'] button.cancel"));
            page.switchTo().alert().accept();
            Await.until("the page shows it cancelled", Duration.ofSeconds(15), () -> !page.findElements(By.xpath(
                    "//tr[@data-dead-letter='" + id.group(1) + "'][td[@class='reason' and .='cancelled']]")).isEmpty());
            // The page writes its notice once its refresh, which lists the dead letter, has returned: a moment later.
            Await.until("the page says the job was cancelled", Duration.ofSeconds(15), () -> page.findElements(
                    By.cssSelector("p.cancelled")).stream().anyMatch(notice -> notice.getText().contains("cancelled")));
            HTTP.send(HttpRequest.newBuilder(URI.create(api + "/resume")).header("Authorization", basic("admin", password))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(202, post("{\"number\":\"INV-67\",\"customer\":\"Soylent\",\"amount\":6.70}").statusCode());
            awaitIssued("a job after it is issued", "Soylent");
            assertFalse(get("/issued").body().contains("Cyberdyne"), "a cancelled job is not issued");
            click(page, By.cssSelector("tr[data-dead-letter='" + id.group(1) + "'] button.requeue"));
            Await.until("the requeued INV-66 is issued to Cyberdyne", Duration.ofSeconds(30),
                    () -> get("/issued").body().contains("Cyberdyne"));
        } finally {
            HTTP.send(HttpRequest.newBuilder(URI.create(api + "/resume")).header("Authorization", basic("admin", password))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                    HttpResponse.BodyHandlers.ofString());
        }
    }

    /**
     * Clicks the element, found again until a find and its click fall between two of the page's
     * refreshes: a refresh that re-renders the list in between makes the element found stale.
     */
    private static void click(WebDriver page, By element) throws Exception {
        Await.until("a click on " + element, Duration.ofSeconds(15), () -> steady(() -> {
            page.findElement(element).click();
            return true;
        }));
    }

    /** @return what the look at the page says; false when a refresh replaced what it looked at meanwhile */
    private static boolean steady(java.util.concurrent.Callable<Boolean> look) throws Exception {
        try {
            return look.call();
        } catch (StaleElementReferenceException | NoSuchElementException e) {
            return false;
        }
    }

    /** The page as the test left it, for the report; with -Dreadme.screenshot=true, also the README's picture. */
    private static void screenshot(Browser browser) throws Exception {
        browser.screenshot(Path.of("target", "inbox-page.png"));
        if (Boolean.getBoolean("readme.screenshot")) {
            browser.screenshot(Path.of(System.getProperty("readme.screenshotFile")));
        }
    }
}
