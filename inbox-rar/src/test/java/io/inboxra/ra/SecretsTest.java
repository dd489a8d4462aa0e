package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Postgres;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.ra.config.DataSourceSettings;
import io.inboxra.ra.config.Secrets;
import io.inboxra.ra.config.SettingsReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No secret of a subscription's data source (the password, a URL's user info password, a
 * secret URL parameter or data source property) appears in a log line, an exception's text
 * (with its causes and suppressed ones) or a {@code toString}, whether the activation fails
 * (unreachable database, bad setting, bad property) or succeeds.
 */
class SecretsTest {

    /** Every secret of the activations below: none may appear anywhere. */
    private static final List<String> SECRETS = List.of("Url-Query-S3cret", "Url-UserInfo-S3cret",
            "Props-Pass-S3cret", "Props-SslKey-S3cret", "Semicolon-S3cret", "Adapter-Pass-S3cret", "Token-S3cret");

    @RegisterExtension
    static final ActivationTable table = new ActivationTable();

    /** A text seen: a log record's (formatted, raw, its thrown's) or an exception's, by whom and how loud. */
    private record Text(String source, Level level, String text) {
    }

    private final List<Text> texts = Collections.synchronizedList(new ArrayList<>());
    private final Handler capture = new Handler() {
        private final SimpleFormatter formatter = new SimpleFormatter();

        @Override
        public void publish(LogRecord record) {
            // The formatted line holds the message, its parameters and the thrown stack trace.
            String source = String.valueOf(record.getLoggerName());
            texts.add(new Text(source, record.getLevel(), formatter.format(record)));
            texts.add(new Text(source, record.getLevel(), String.valueOf(record.getMessage())));
            if (record.getThrown() != null) {
                texts.add(new Text(source, record.getLevel(), stackTrace(record.getThrown())));
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private Level rootLevel;

    @BeforeEach
    void captureEveryLogRecord() {
        Logger root = Logger.getLogger("");
        rootLevel = root.getLevel();
        root.setLevel(Level.ALL);
        capture.setLevel(Level.ALL);
        root.addHandler(capture);
    }

    @AfterEach
    void stopCapturing() {
        Logger root = Logger.getLogger("");
        root.removeHandler(capture);
        root.setLevel(rootLevel);
    }

    private static String stackTrace(Throwable t) {
        StringWriter out = new StringWriter();
        t.printStackTrace(new PrintWriter(out));
        return out.toString();
    }

    /** Activates, keeping every text of the failure (or of the activation's {@code toString}s). */
    private String activate(Harness server, Map<String, String> p) {
        try {
            Harness.Activation activation = server.activate(message -> Outcome.ack(), p);
            // A database that does not answer is an outage: the subscription waits for it, and says why.
            String waiting = InboxSubscriptions.find(p.get("name")).flatMap(v -> v.snapshot().lastError())
                    .orElse("activated");
            activation.close();
            texts.add(new Text("lastError", Level.WARNING, waiting));
            return waiting;
        } catch (Exception e) {
            String text = stackTrace(e) + "\n" + e.getMessage();
            texts.add(new Text("exception", Level.SEVERE, text));
            return text;
        }
    }

    /**
     * Every text counts but the PostgreSQL driver's debug traces: every record of the adapter and
     * of the other drivers at every level, anyone's from INFO up, every exception and
     * {@code toString}. PostgreSQL's driver traces at
     * FINE the URL it connects with, which holds every property but the password (so also
     * {@code sslpassword}), and every URL it is offered and refuses ("JDBC URL must start with
     * ..."); the adapter cannot keep a driver from tracing what it is handed.
     */
    private static boolean counts(Text text) {
        return text.source().startsWith("io.inboxra") || !text.source().startsWith("org.postgresql")
                || text.level().intValue() >= Level.INFO.intValue();
    }

    private void assertNoSecret() {
        List<Text> all;
        synchronized (texts) {
            all = new ArrayList<>(texts);
        }
        assertTrue(all.size() > 0, "something was captured");
        for (Text text : all) {
            if (!counts(text)) {
                continue;
            }
            for (String secret : SECRETS) {
                assertFalse(text.text().contains(secret),
                        () -> "the secret " + secret + " shows in (" + text.source() + "): " + text.text());
            }
        }
    }

    private void add(String text) {
        texts.add(new Text("toString", Level.INFO, text));
    }

    @Test
    void aFailedActivationShowsNoSecret() throws Exception {
        List<String> failures = new ArrayList<>();
        try (Harness server = Harness.start()) {
            // Unreachable: a port nothing listens on.
            Map<String, String> refused = table.properties("refused");
            refused.put("url", "jdbc:postgresql://127.0.0.1:1/test?password=Url-Query-S3cret&connectTimeout=2");
            failures.add(activate(server, refused));

            // A user info password (the adapter hands it to the driver as the password), unreachable.
            Map<String, String> userInfo = table.properties("user-info");
            userInfo.put("url", "jdbc:postgresql://postgres:Url-UserInfo-S3cret@127.0.0.1:1/test");
            failures.add(activate(server, userInfo));

            // The same through MySQL's driver, which takes it, on MariaDB, which refuses it.
            Map<String, String> mysql = table.properties("mysql-user-info");
            mysql.put("url", "jdbc:mysql://root:Url-UserInfo-S3cret@127.0.0.1:3306/test?connectTimeout=2000");
            mysql.remove("user");
            failures.add(activate(server, mysql));

            // A wrong password on MariaDB, in the query.
            Map<String, String> mariadb = table.properties("mariadb-password");
            mariadb.put("url", "jdbc:mariadb://127.0.0.1:3306/test?user=root&password=Url-Query-S3cret");
            mariadb.remove("user");
            failures.add(activate(server, mariadb));

            // Secrets in dataSourceProperties, the database unreachable.
            Map<String, String> props = table.properties("props");
            props.remove("url");
            props.put("dataSourceClass", "org.postgresql.xa.PGXADataSource");
            props.put("dataSourceProperties", "serverName=127.0.0.1;portNumber=1;databaseName=test;"
                    + "password=Props-Pass-S3cret;sslPassword=Props-SslKey-S3cret");
            failures.add(activate(server, props));

            // A data source property the class does not have, and a malformed pair, beside secrets.
            Map<String, String> noSuch = table.properties("no-such-property");
            noSuch.put("dataSourceProperties", "password=Props-Pass-S3cret;noSuchThing=1");
            failures.add(activate(server, noSuch));
            Map<String, String> malformed = table.properties("malformed");
            malformed.put("dataSourceProperties", "password=Props-Pass-S3cret;Semicolon-S3cret");
            failures.add(activate(server, malformed));

            // A bad value for a property, with the password in the URL.
            Map<String, String> badValue = table.properties("bad-value");
            badValue.put("url", "jdbc:postgresql://127.0.0.1:5432/test?password=Url-Query-S3cret");
            badValue.put("dataSourceProperties", "loginTimeout=soon");
            failures.add(activate(server, badValue));

            // A bad setting and an unsubstituted reference, with secrets in the URL.
            Map<String, String> badSetting = table.properties("bad-setting");
            badSetting.put("url", "jdbc:postgresql://127.0.0.1:5432/test?password=Url-Query-S3cret&x=${ENV=X}");
            badSetting.put("workers", "0");
            failures.add(activate(server, badSetting));

            // H2 takes its password in the URL, after a semicolon; the table is missing there.
            Map<String, String> h2 = table.properties("h2");
            h2.put("url", "jdbc:h2:mem:secrets;PASSWORD=Semicolon-S3cret");
            h2.remove("user");
            failures.add(activate(server, h2));

            // The adapter's own default password, with a token parameter in its URL.
            server.adapter().setUrl("jdbc:postgresql://127.0.0.1:1/test?accessToken=Token-S3cret");
            server.adapter().setPassword("Adapter-Pass-S3cret");
            Map<String, String> defaults = table.properties("defaults");
            defaults.remove("url");
            defaults.remove("user");
            failures.add(activate(server, defaults));
        }
        for (String failure : failures) {
            assertTrue(failure.contains("Inbox subscription '"), () -> "every activation failed, or waits saying why: "
                    + failure);
        }
        // The messages still say where the database is, with the secrets masked.
        assertTrue(String.join("\n", failures).contains("jdbc:postgresql://127.0.0.1:1/test?password=***"),
                () -> String.join("\n", failures));
        assertNoSecret();
    }

    @Test
    void aUrlThatNoDriverTakesShowsNoSecret() throws Exception {
        String failure;
        try (Harness server = Harness.start()) {
            Map<String, String> noDriver = table.properties("no-driver");
            noDriver.put("dataSourceClass", "io.inboxra.ra.connection.LocalXaDataSource");
            noDriver.put("url", "jdbc:nosuch://bob:Url-UserInfo-S3cret@host/db;password=Semicolon-S3cret");
            failure = activate(server, noDriver);
        }
        assertTrue(failure.contains("jdbc:nosuch://host/db;password=***"), failure);
        assertNoSecret();
    }

    @Test
    void aSuccessfulActivationShowsNoSecret() throws Exception {
        Postgres.insertRows(table.name(), 3);
        Map<String, String> p = table.properties("succeeds");
        // Trust authentication: the passwords are taken and ignored.
        p.put("url", "jdbc:postgresql://postgres:Url-UserInfo-S3cret@127.0.0.1:5432/test?password=Url-Query-S3cret");
        p.put("dataSourceProperties", "password=Props-Pass-S3cret");
        InboxActivationSpec spec = new InboxActivationSpec();
        spec.setUrl(p.get("url"));
        spec.setPassword("Adapter-Pass-S3cret");
        spec.setDataSourceProperties("sslPassword=Props-SslKey-S3cret;ssl=false");
        add(spec.toString());
        add(SettingsReader.read(p, "succeeds").toString());
        try (Harness server = Harness.start()) {
            Harness.Activation activation = server.activate(message -> Outcome.ack(), p);
            Await.until("the rows are delivered", Duration.ofSeconds(30),
                    () -> activation.log().committed().size() == 3);
            activation.close();
        }
        assertTrue(texts.stream().anyMatch(t -> t.text().contains("Inbox subscription 'succeeds' delivers rows")),
                "the log was captured");
        assertNoSecret();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "jdbc:postgresql://bob:secret@host/db                       | jdbc:postgresql://bob:***@host/db",
        "jdbc:mysql://bob:p@ss:w@rd@host:3306/db?ssl=true           | jdbc:mysql://bob:***@host:3306/db?ssl=true",
        "jdbc:postgresql://host/db?user=bob&password=x&ssl=true     | jdbc:postgresql://host/db?user=bob&password=***&ssl=true",
        "jdbc:postgresql://host/db?sslkey=/k.pk8&sslpassword=y      | jdbc:postgresql://host/db?sslkey=***&sslpassword=***",
        "jdbc:sqlserver://host;user=bob;password=x;encrypt=true     | jdbc:sqlserver://host;user=bob;password=***;encrypt=true",
        "jdbc:h2:mem:x;USER=sa;PASSWORD=x                           | jdbc:h2:mem:x;USER=sa;PASSWORD=***",
        "jdbc:mysql://address=(host=h)(password=x)(port=1)/db       | jdbc:mysql://address=(host=h)(password=***)(port=1)/db",
        "jdbc:x://h/db?accessToken=t&clientSecret=s&apiKey=k&PWD=p  | jdbc:x://h/db?accessToken=***&clientSecret=***&apiKey=***&PWD=***",
        "jdbc:oracle:thin:scott/tiger@//db:1521/svc                 | jdbc:oracle:thin:scott/***@//db:1521/svc",
        "jdbc:postgresql://127.0.0.1:5432/test?ssl=false            | jdbc:postgresql://127.0.0.1:5432/test?ssl=false",
        "jdbc:postgresql://[::1]:5432/test                          | jdbc:postgresql://[::1]:5432/test",
        "jdbc:postgresql://h/db?password=ab cd&ssl=true             | jdbc:postgresql://h/db?password=***&ssl=true",
        "jdbc:postgresql://bob:a/b#c?d@h:5432/db                    | jdbc:postgresql://bob:***@h:5432/db",
        "jdbc:postgresql://h:5432/db?email=a@b.c                    | jdbc:postgresql://h:5432/db?email=a@b.c",
        "jdbc:h2:mem:x;PASSWORD=a?b c;USER=sa                       | jdbc:h2:mem:x;PASSWORD=***;USER=sa",
    })
    void aUrlIsShownWithItsSecretsMasked(String url, String shown) {
        assertEquals(shown, Secrets.maskUrl(url));
    }

    /**
     * A server's console and deployment tools mask a property marked confidential: every
     * property of the adapter, the activation spec and the producer factory whose name says
     * secret is marked.
     */
    @ParameterizedTest
    @ValueSource(classes = {InboxActivationSpec.class, InboxResourceAdapter.class,
        io.inboxra.ra.outbound.ProducerConnectionFactory.class})
    void everySecretPropertyIsConfidential(Class<?> type) throws Exception {
        List<String> secret = new ArrayList<>();
        for (java.beans.PropertyDescriptor property : java.beans.Introspector.getBeanInfo(type).getPropertyDescriptors()) {
            if (property.getWriteMethod() == null || !Secrets.isSecretKey(property.getName())) {
                continue;
            }
            secret.add(property.getName());
            jakarta.resource.spi.ConfigProperty annotation =
                    property.getWriteMethod().getAnnotation(jakarta.resource.spi.ConfigProperty.class);
            if (annotation == null) {
                java.lang.reflect.Field field = null;
                for (Class<?> c = type; c != null && field == null; c = c.getSuperclass()) {
                    field = java.util.Arrays.stream(c.getDeclaredFields())
                            .filter(f -> f.getName().equals(property.getName())).findFirst().orElse(null);
                }
                annotation = field == null ? null : field.getAnnotation(jakarta.resource.spi.ConfigProperty.class);
            }
            assertTrue(annotation != null && annotation.confidential(),
                    type.getSimpleName() + "." + property.getName() + " is marked @ConfigProperty(confidential = true)");
        }
        assertTrue(secret.contains("password"), () -> type.getSimpleName() + " has a password: " + secret);
    }

    @ParameterizedTest
    @ValueSource(strings = {"password", "PASSWORD", "sslPassword", "trustStorePassword", "PWD", "passwd",
        "clientSecret", "accessToken", "sslkey", "KEY", "apiKey", "credentials", "secretColumn", "keyStoreColumn"})
    void keysThatNameASecretAreSecret(String key) {
        assertTrue(Secrets.isSecretKey(key), key);
    }

    @ParameterizedTest
    @ValueSource(strings = {"user", "url", "ssl", "sslmode", "loginTimeout", "applicationName", "serverName",
        "databaseName", "portNumber", "tcpKeepAlive", "keyColumn"})
    void otherKeysAreNot(String key) {
        assertFalse(Secrets.isSecretKey(key), key);
    }

    @Test
    void dataSourceSettingsNeverShowTheirSecrets() {
        DataSourceSettings settings = new DataSourceSettings(Optional.empty(),
                Optional.of("jdbc:postgresql://bob:Url-UserInfo-S3cret@h/db?password=Url-Query-S3cret"),
                Optional.of("bob"), Optional.of("Adapter-Pass-S3cret"),
                Map.of("sslPassword", "Props-SslKey-S3cret", "ssl", "true"));
        add(settings.toString());
        add(settings.describe());
        add(settings.scrub("driver says: bad login Adapter-Pass-S3cret / Props-SslKey-S3cret at"
                + " jdbc:postgresql://h/db?password=Url-Query-S3cret and Url-UserInfo-S3cret"));
        assertEquals("jdbc:postgresql://bob:***@h/db?password=***", settings.describe());
        assertNoSecret();
    }
}
