package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.ra.config.InvalidSettingsException;
import io.inboxra.ra.config.SettingsReader;
import io.inboxra.ra.config.SubscriptionSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every number and duration of the activation config has bounds, and a value outside them
 * fails the activation with a message naming the property, the value and the range; so do
 * advisory lock keys with function calls or {@code $}, and retries of no sensible delay.
 */
class SettingsBoundsTest {

    @RegisterExtension
    static final ActivationTable table = new ActivationTable();

    /** The properties a value of the property needs besides itself, so that only the bound can fail. */
    private static Map<String, String> properties(String property, String value) {
        Map<String, String> p = table.properties("bounded");
        switch (property) {
            case "lease", "batchSize", "prefetch", "connections" -> p.put("lockedUntilColumn", "locked_until");
            case "retryDelay", "maxRetryDelay" -> p.put("dueColumn", "due_at");
            case "retention" -> p.put("processedAtColumn", "processed_at");
            case "maxAttempts" -> {
                p.put("attemptColumn", "attempts");
                p.put("deadAtColumn", "processed_at");
            }
            case "pollInterval" -> p.remove("maxPollInterval");
            case "groupConcurrency" -> p.put("fifoColumn", "queue");
            default -> { }
        }
        p.put(property, value);
        return p;
    }

    private static String activationFailure(Map<String, String> p) throws Exception {
        return ActivationTable.refusal(InvalidSettingsException.class, p);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "pollInterval    | PT0.0005S          | it must be from PT0.01S to PT1H (a shorter wait polls the database in a hot loop); set it within that range.",
        "pollInterval    | PT0.009S           | it must be from PT0.01S to PT1H",
        "pollInterval    | PT1H0.001S         | it must be from PT0.01S to PT1H",
        "maxPollInterval | PT2H               | it must be from PT0.01S to PT1H",
        "maxPollInterval | P106751991167300D  | it must be from PT0.01S to PT1H",
        "lease           | PT24H1S            | it must be from PT1S to PT24H",
        "retryDelay      | PT0.0005S          | it must be from PT0.001S to P365D; set it within that range.",
        "retryDelay      | P366D              | it must be from PT0.001S to P365D",
        "maxRetryDelay   | P366D              | it must be from PT0.001S to P365D",
        "inDoubtTimeout  | PT59S              | it must be from PT1M to P30D (a shorter wait could finish a branch before the transaction manager's own retry of its second phase); set it within that range.",
        "inDoubtTimeout  | PT1S               | it must be from PT1M to P30D",
        "inDoubtTimeout  | P31D               | it must be from PT1M to P30D",
        "retention       | PT0.5S             | it must be from PT1S to P3650D; set it within that range.",
        "retention       | P106751991167300D  | it must be from PT1S to P3650D",
        "workers         | 257                | it must be a whole number from 1 to 256",
        "workers         | 99999999999        | it must be a whole number from 1 to 256",
        "batchSize       | 1001               | it must be a whole number from 1 to 1000",
        "prefetch        | 0                  | it must be a whole number from 1 to 1000 (the rows one claim takes ahead wait, leased or locked, in memory, for their worker); set it within that range.",
        "prefetch        | 1001               | it must be a whole number from 1 to 1000",
        "groupConcurrency | 0                 | it must be a whole number from 1 to 1000 (rows of one FIFO group in work at once; 1 keeps the group in order); set it within that range.",
        "groupConcurrency | 1001              | it must be a whole number from 1 to 1000",
        "groupConcurrency | three             | it must be a whole number from 1 to 1000",
        "connections     | 257                | it must be a whole number from 1 to 256; set it within that range.",
        "connections     | 0                  | it must be a whole number from 1 to 256",
        "maxAttempts     | 1000001            | it must be a whole number from 1 to 1000000; set it within that range.",
        "maxAttempts     | 0                  | it must be a whole number from 1 to 1000000",
        "maxPayloadBytes | 0                  | it must be a whole number from 1 to 1073741824 (1 byte to 1 GiB); set it within that range.",
        "maxPayloadBytes | 1073741825         | it must be a whole number from 1 to 1073741824",
        "maxPayloadBytes | 16MB               | it must be a whole number from 1 to 1073741824",
        "connectTimeout  | PT0.5S             | it must be from PT1S to PT10M; set it within that range.",
        "connectTimeout  | PT11M              | it must be from PT1S to PT10M",
        "networkTimeout  | PT0.5S             | it must be from PT1S to PT1H (a worker waits at most this long for a connection that stopped answering); set it within that range.",
        "networkTimeout  | PT2H               | it must be from PT1S to PT1H",
        "statementTimeout | PT0.5S            | it must be from PT1S to PT1H (the database cancels in whole seconds); set it within that range.",
        "statementTimeout | PT2H              | it must be from PT1S to PT1H",
    })
    void aValueOutOfBoundsFailsTheActivationNamingPropertyValueAndRange(String property, String value, String rule)
            throws Exception {
        String message = activationFailure(properties(property, value));
        assertTrue(message.startsWith("Inbox subscription 'bounded' cannot start: Property '" + property + "' is '"
                + value + "': " + rule), message);
    }

    @Test
    void aMaxPollIntervalBelowThePollIntervalIsRefused() throws Exception {
        Map<String, String> p = properties("pollInterval", "PT2S");
        p.put("maxPollInterval", "PT1S");
        assertEquals("Inbox subscription 'bounded' cannot start: Property 'maxPollInterval' is 'PT1S', shorter than"
                + " 'pollInterval' ('PT2S'): set it to at least the poll interval.", activationFailure(p));
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashtext(payload)", "lower (queue)", "id || md5(payload)", "id$", "$1", "id || $1",
        "pg_advisory_lock(1)", "(SELECT 1)", "id id", "id ||", "(id", "id)", "()", "id + 1", "'a' || id",
        "id -- x", "id /* x */", "id; SELECT 1", "id * 2"})
    void anAdvisoryLockWithAFunctionCallOrDollarOrMoreThanColumnsIsRefused(String key) throws Exception {
        String message = activationFailure(properties("advisoryLock", key));
        assertEquals("Inbox subscription 'bounded' cannot start: Property 'advisoryLock' is '" + key + "': it must"
                + " be a column, or columns joined by ||, + or , and grouped by parentheses (no function calls,"
                + " literals, quotes, semicolons, comments or $); name the key column, for example advisoryLock=id,"
                + " or join columns, for example advisoryLock=customer || order_no.", message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"id", "queue || id", "(queue || payload), id", "queue+id", "((id))", "_x1 || Id"})
    void anAdvisoryLockOfColumnsIsAccepted(String key) {
        assertDoesNotThrow(() -> SettingsReader.read(properties("advisoryLock", key), "x"));
    }

    @Test
    void theBoundsThemselvesAreAccepted() throws InvalidSettingsException {
        Map<String, String> low = properties("lockedUntilColumn", "locked_until");
        low.putAll(Map.of("pollInterval", "PT0.01S", "maxPollInterval", "PT0.01S", "lease", "PT1S",
                "inDoubtTimeout", "PT1M", "workers", "1", "batchSize", "1", "connections", "1",
                "maxPayloadBytes", "1"));
        SubscriptionSettings l = SettingsReader.read(low, "x");
        assertEquals(Duration.ofMillis(10), l.pollInterval());
        assertEquals(java.util.Optional.of(Duration.ofMinutes(1)), l.inDoubtTimeout());
        assertEquals(1, l.maxPayloadBytes());

        Map<String, String> high = properties("lockedUntilColumn", "locked_until");
        high.putAll(Map.of("pollInterval", "PT1H", "maxPollInterval", "PT1H", "lease", "PT24H",
                "inDoubtTimeout", "P30D", "workers", "256", "batchSize", "1", "connections", "256",
                "maxPayloadBytes", "1073741824"));
        high.putAll(Map.of("dueColumn", "due_at", "retryDelay", "P365D", "maxRetryDelay", "P365D",
                "processedAtColumn", "processed_at", "retention", "P3650D", "attemptColumn", "attempts",
                "deadAtColumn", "processed_at", "maxAttempts", "1000000"));
        SubscriptionSettings h = SettingsReader.read(high, "x");
        assertEquals(256, h.workers());
        assertEquals(Duration.ofDays(365), h.maxRetryDelay());
        assertEquals(1 << 30, h.maxPayloadBytes());
        assertEquals(1_000_000, h.maxAttempts().getAsInt());
    }

    /** One claim reads at most 1 GiB of payloads: batchSize × maxPayloadBytes. */
    @Test
    void aClaimsPayloadsAreBoundedToOneGibibyte() throws Exception {
        assertEquals(1073741, SettingsReader.read(batch(1000, "1073741"), "x").maxPayloadBytes());
        assertEquals(1073741, SettingsReader.read(batch(1000, null), "x").maxPayloadBytes(), "the default lowered to fit");
        assertEquals(16 * 1024 * 1024, SettingsReader.read(batch(64, null), "x").maxPayloadBytes());
        assertEquals(java.util.OptionalInt.of(1073741), SettingsReader.read(batch(1000, null), "x").table()
                .maxPayloadBytes(), "the table's claims carry the limit");
        assertEquals("Inbox subscription 'bounded' cannot start: Properties 'batchSize' (1000) and 'maxPayloadBytes'"
                + " (16777216) let one claim read up to 16777216000 bytes of payloads, which its worker holds in memory;"
                + " at most 1073741824 (1 GiB) are allowed: set 'maxPayloadBytes' to at most 1073741, or lower"
                + " 'batchSize' to at most 64.", activationFailure(batch(1000, "16777216")));
    }

    /** Rows claimed ahead wait held for their turn: the lease and advisory lock forms, one row a transaction. */
    @Test
    void prefetchIsTheHoldingFormsAtOneRowATransaction() throws Exception {
        assertEquals(8, SettingsReader.read(properties("prefetch", "8"), "x").prefetch());
        assertEquals(1, SettingsReader.read(table.properties("x"), "x").prefetch(), "the default: one row a claim");
        Map<String, String> rowLock = table.properties("bounded");
        rowLock.put("prefetch", "8");
        assertEquals("Inbox subscription 'bounded' cannot start: Property 'prefetch' is '8' but the table is in the"
                + " row lock form, whose lock is the delivery's transaction: only a lease or an advisory lock holds a"
                + " row claimed ahead while it waits for its turn; set 'lockedUntilColumn' (lease form) or"
                + " 'advisoryLock' (advisory lock form), or remove 'prefetch'.", activationFailure(rowLock));
        Map<String, String> advisory = table.properties("bounded");
        advisory.put("advisoryLock", "id");
        advisory.put("prefetch", "8");
        assertEquals(8, SettingsReader.read(advisory, "x").prefetch(), "the advisory lock form holds rows ahead too");
        advisory.put("fifoColumn", "queue");
        assertEquals("Inbox subscription 'bounded' cannot start: Property 'prefetch' is '8' in the advisory lock form"
                + " with 'fifoColumn' ('queue'): rows of one group claimed together and delivered one at a time would"
                + " not stay in order; remove 'prefetch', or use the lease form, whose claim takes at most"
                + " 'groupConcurrency' rows of a group.", activationFailure(advisory));
        Map<String, String> batch = properties("prefetch", "8");
        batch.put("batchSize", "50");
        assertEquals("Inbox subscription 'bounded' cannot start: Properties 'prefetch' (8) and 'batchSize' (50) are"
                + " both above 1: a batch claims its rows in one statement already and delivers them together; keep"
                + " 'batchSize' to deliver them in one transaction, or set it to 1 to deliver each of the 'prefetch'"
                + " rows in a transaction of its own.", activationFailure(batch));
        Map<String, String> large = properties("prefetch", "1000");
        assertEquals(1073741, SettingsReader.read(large, "x").maxPayloadBytes(), "the payload default lowered to fit");
        large.put("maxPayloadBytes", "16777216");
        assertEquals("Inbox subscription 'bounded' cannot start: Properties 'prefetch' (1000) and 'maxPayloadBytes'"
                + " (16777216) let one claim read up to 16777216000 bytes of payloads, which its worker holds in memory;"
                + " at most 1073741824 (1 GiB) are allowed: set 'maxPayloadBytes' to at most 1073741, or lower"
                + " 'prefetch' to at most 64.", activationFailure(large));
    }

    private static Map<String, String> batch(int batchSize, String maxPayloadBytes) {
        Map<String, String> p = properties("batchSize", String.valueOf(batchSize));
        if (maxPayloadBytes != null) {
            p.put("maxPayloadBytes", maxPayloadBytes);
        }
        return p;
    }

    @Test
    void aNetworkTimeoutNotAboveTheStatementTimeoutIsRefused() throws Exception {
        Map<String, String> p = properties("networkTimeout", "PT20S");
        assertEquals("Inbox subscription 'bounded' cannot start: Property 'networkTimeout' is 'PT20S', not longer than"
                + " 'statementTimeout' ('PT20S', in whole seconds 20): a statement the database is still running would"
                + " be cut off with its connection instead of cancelled; set 'networkTimeout' above"
                + " 'statementTimeout' (the defaults are PT30S and PT20S).", activationFailure(p));
        p.put("statementTimeout", "PT19.5S");
        assertTrue(activationFailure(p).contains("in whole seconds 20"), "the database cancels in whole seconds");
        p.put("statementTimeout", "PT5S");
        assertDoesNotThrow(() -> SettingsReader.read(p, "x"));
    }

    @Test
    void theTimeoutsDefaultToTenThirtyAndTwentySeconds() throws InvalidSettingsException {
        var timeouts = SettingsReader.read(table.properties("x"), "x").dataSource().timeouts();
        assertEquals(Duration.ofSeconds(10), timeouts.connect());
        assertEquals(Duration.ofSeconds(30), timeouts.network());
        assertEquals(Duration.ofSeconds(20), timeouts.statement());
    }

    /** Issue 22, point 5: the in-doubt resolver is a last resort, off unless inDoubtTimeout is set. */
    @Test
    void theInDoubtResolverIsOffByDefault() throws InvalidSettingsException {
        assertEquals(java.util.Optional.empty(), SettingsReader.read(table.properties("x"), "x").inDoubtTimeout());
    }

    @Test
    void maxPayloadBytesIsSixteenMebibytesByDefault() throws InvalidSettingsException {
        assertEquals(16 * 1024 * 1024, SettingsReader.read(table.properties("x"), "x").maxPayloadBytes());
        assertEquals(4096, SettingsReader.read(properties("maxPayloadBytes", "4096"), "x").maxPayloadBytes());
    }

    @ParameterizedTest
    @ValueSource(strings = {"PT-1S", "PT-0.001S", "P365DT0.001S", "P366D", "P106751991167300D"})
    void aRetryOfANegativeOrOverAYearsDelayIsRefusedNamingTheDelay(String delay) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Outcome.retry(Duration.parse(delay)));
        assertEquals("Outcome.retry(" + Duration.parse(delay) + "): a retry's delay must be from zero to 365 days"
                + " (PT8760H); give a delay in that range, for example Duration.ofMinutes(1), or"
                + " Outcome.deadLetter(reason) to give up on the row.", e.getMessage());
    }

    @Test
    void aRetryOfNoDelayIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Outcome.retry(null));
        assertTrue(e.getMessage().startsWith("Outcome.retry(null): "), e.getMessage());
    }

    @Test
    void aRetryFromZeroToAYearIsTaken() {
        assertEquals(Duration.ZERO, ((Outcome.Retry) Outcome.retry(Duration.ZERO)).delay());
        assertEquals(Duration.ofDays(365), ((Outcome.Retry) Outcome.retry(Duration.ofDays(365))).delay());
    }
}
