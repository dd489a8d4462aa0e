package io.inboxra.ra;

import io.inboxra.ra.config.DataSourceSettings;
import io.inboxra.ra.config.Secrets;
import io.inboxra.ra.connection.XaDataSources;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
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
import javax.sql.XAConnection;
import javax.sql.XADataSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Secrets of any characters ({@code ab cd}, {@code a/b#c?d}, {@code p@ss}, {@code x&y=z},
 * {@code 100%}) are masked whole, wherever the URL or the properties put them, and a URL
 * with such a password in its user info still reaches its database: on PostgreSQL (trust
 * authentication, the password is taken and ignored) the connection opens; on MariaDB (root has
 * no password) the refusal shows none of it. No log record at all (but the PostgreSQL driver's
 * traces below INFO, see {@link SecretsTest}) and no exception text holds the secret.
 */
class SecretsPropertyTest {

    private final List<String> texts = Collections.synchronizedList(new ArrayList<>());
    private final Handler capture = new Handler() {
        private final SimpleFormatter formatter = new SimpleFormatter();

        @Override
        public void publish(LogRecord record) {
            String source = String.valueOf(record.getLoggerName());
            if (source.startsWith("org.postgresql") && record.getLevel().intValue() < Level.INFO.intValue()) {
                return;
            }
            texts.add(formatter.format(record));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private Level rootLevel;

    @BeforeProperty
    void captureEveryLogRecord() {
        Logger root = Logger.getLogger("");
        rootLevel = root.getLevel();
        root.setLevel(Level.ALL);
        capture.setLevel(Level.ALL);
        root.addHandler(capture);
    }

    @AfterProperty
    void stopCapturing() {
        Logger root = Logger.getLogger("");
        root.removeHandler(capture);
        root.setLevel(rootLevel);
    }

    /**
     * Eight to twenty characters, among them the URL's own separators. Left out: a password
     * that begins with digits and then {@code /}, {@code ?}, {@code #} or {@code ;}, which reads as a port
     * (README: percent-encode it), and one with no character but letters and digits, which
     * {@link Secrets#scrub} would replace where it is a word of the message too.
     */
    @Provide
    Arbitrary<String> passwords() {
        return Arbitraries.strings().withChars("aZ9 /#?@&=%:.+").withCharRange('a', 'f').ofMinLength(8).ofMaxLength(20)
                .filter(s -> !s.matches("\\d+[/?#;].*") && s.chars().anyMatch(c -> " /#?@&=%".indexOf(c) >= 0));
    }

    /** A query's value runs to the next {@code &}: a password with one must be percent-encoded there. */
    @Provide
    Arbitrary<String> queryValues() {
        return passwords().filter(s -> s.indexOf('&') < 0);
    }

    @Property(tries = 300)
    void aUserInfoPasswordIsMaskedWholeAndTakenOut(@ForAll("passwords") String secret) {
        String url = "jdbc:postgresql://postgres:" + secret + "@127.0.0.1:5432/test?ssl=false";
        assertEquals("jdbc:postgresql://postgres:***@127.0.0.1:5432/test?ssl=false", Secrets.maskUrl(url));
        assertNoSecret(secret, Secrets.shown("url", url), settings(url).describe(), settings(url).toString(),
                settings(url).scrub("cannot connect to " + url + " (password " + secret + ")"));
    }

    @Property(tries = 300)
    void aSecretParameterIsMaskedWhole(@ForAll("queryValues") String secret) {
        String url = "jdbc:postgresql://127.0.0.1:5432/test?password=" + secret + "&sslpassword=" + secret + "&ssl=false";
        assertEquals("jdbc:postgresql://127.0.0.1:5432/test?password=***&sslpassword=***&ssl=false",
                Secrets.maskUrl(url));
        String h2 = "jdbc:h2:mem:x;PASSWORD=" + secret.replace(';', '_') + ";USER=sa";
        assertEquals("jdbc:h2:mem:x;PASSWORD=***;USER=sa", Secrets.maskUrl(h2));
        assertEquals("ssl=true;sslPassword=***;loginTimeout=2",
                Secrets.shown("dataSourceProperties", "ssl=true;sslPassword=" + secret.replace(';', '_') + ";loginTimeout=2"));
        assertNoSecret(secret, Secrets.shown("url", url), settings(url).describe(),
                settings(url).scrub("the driver says: " + url + " refused " + secret));
    }

    /** PostgreSQL trusts the connection: the user info's password, whatever it holds, leaves the URL and it connects. */
    @Property(tries = 25)
    void aUserInfoPasswordStillConnectsOnPostgres(@ForAll("passwords") String secret) throws Exception {
        texts.clear();
        String url = "jdbc:postgresql://postgres:" + secret + "@127.0.0.1:5432/test";
        XADataSource dataSource = XaDataSources.create(settings(url), "secrets-test", getClass().getClassLoader());
        XAConnection xa = dataSource.getXAConnection();
        try (Connection c = xa.getConnection(); ResultSet rs = c.createStatement().executeQuery("SELECT current_user")) {
            assertTrue(rs.next());
            assertEquals("postgres", rs.getString(1));
        } finally {
            xa.close();
        }
        String refused = "jdbc:postgresql://postgres:" + secret + "@127.0.0.1:1/test?connectTimeout=2";
        assertNoSecret(secret, failure(refused));
    }

    /** MariaDB refuses the password (root has none): neither the refusal nor a log record shows it. */
    @Property(tries = 25)
    void aRefusedPasswordIsShownNowhereOnMariaDb(@ForAll("queryValues") String secret) throws Exception {
        texts.clear();
        String userInfo = failure("jdbc:mariadb://root:" + secret + "@127.0.0.1:3306/test");
        assertTrue(userInfo.contains("Access denied"), userInfo);
        String query = failure("jdbc:mariadb://127.0.0.1:3306/test?user=root&password=" + secret);
        assertTrue(query.contains("Access denied"), query);
        assertNoSecret(secret, userInfo, query);
    }

    private static DataSourceSettings settings(String url) {
        return new DataSourceSettings(Optional.empty(), Optional.of(url), Optional.empty(), Optional.empty(), Map.of());
    }

    /** @return every text of the connection's failure, its causes and stack trace */
    private static String failure(String url) throws Exception {
        XADataSource dataSource = XaDataSources.create(settings(url), "secrets-test", SecretsPropertyTest.class.getClassLoader());
        try {
            dataSource.getXAConnection().close();
        } catch (SQLException e) {
            StringWriter out = new StringWriter();
            e.printStackTrace(new PrintWriter(out));
            return out + "\n" + e.getMessage();
        }
        return fail("the connection to " + Secrets.maskUrl(url) + " was refused");
    }

    private void assertNoSecret(String secret, String... shown) {
        List<String> all = new ArrayList<>(List.of(shown));
        synchronized (texts) {
            all.addAll(texts);
        }
        for (String text : all) {
            assertFalse(text.contains(secret), () -> "the secret '" + secret + "' shows in: " + text);
        }
    }
}
