package io.inboxra.ra;

import org.junit.jupiter.api.Tag;
import io.inboxra.dialect.Form;
import io.inboxra.harness.ChaosRun;
import io.inboxra.harness.TestDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The short version of {@code inbox-bench --modes chaos}: two servers, one delivery in ten
 * failing after the MDB's write, the adapter's connections killed every few hundred
 * milliseconds; every row's effect exactly once, nothing left, nothing in doubt.
 */
@Tag("exclusive")
class ChaosTest {

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void everyRowsEffectExactlyOnceUnderRandomFailuresAndKilledConnections(TestDatabase db, Form form) throws Exception {
        ChaosRun.Result result = ChaosRun.run(db, form, 1000, 0.1, Duration.ofMillis(300), Duration.ofSeconds(120));
        assertTrue(result.kills() > 0, "connections were killed: " + result);
        assertTrue(result.exactlyOnce(), "every row's effect exactly once: " + result);
        assertEquals(0, result.sessionsLeft(), "the stopped servers closed every connection: " + result);
    }

    /**
     * The same with batches of ten: a failed batch rolls back whole and its rows come again one at a
     * time. Batches settle a thousand rows in about half a second, so kills come every 100 ms on
     * average (the first within 200 ms) and there are twice the rows: at 300 ms a run could end
     * before its first kill.
     */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void batchesToo(TestDatabase db, Form form) throws Exception {
        ChaosRun.Result result = ChaosRun.run(db, form, 2000, 0.02, Duration.ofMillis(100), Duration.ofSeconds(120),
                10);
        assertTrue(result.kills() > 0, "connections were killed: " + result);
        assertTrue(result.exactlyOnce(), "every row's effect exactly once: " + result);
        assertEquals(0, result.sessionsLeft(), "the stopped servers closed every connection: " + result);
    }

    /**
     * The same with five rows claimed at a time and delivered one by one ({@code prefetch}): a killed
     * session takes the advisory locks of the rows waiting ahead with it, and their re-read finds them
     * gone or taken; leased rows ahead stay held until their lease runs out (two seconds here).
     */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.PrefetchTest#everyDatabaseAndHoldingForm")
    void rowsClaimedAheadToo(TestDatabase db, Form form) throws Exception {
        ChaosRun.Result result = ChaosRun.run(db, form, 1000, 0.1, Duration.ofMillis(300), Duration.ofSeconds(120),
                Map.of("prefetch", "5"));
        assertTrue(result.kills() > 0, "connections were killed: " + result);
        assertTrue(result.exactlyOnce(), "every row's effect exactly once: " + result);
        assertEquals(0, result.sessionsLeft(), "the stopped servers closed every connection: " + result);
    }
}
