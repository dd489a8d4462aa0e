package io.inboxra.ra;

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
 *
 * <p>PostgreSQL runs a third of MariaDB's rows. A kill ends every session of both servers, and a
 * PostgreSQL session takes about 18 ms to open on the CI machine (a process forked per session;
 * MariaDB's are threads): reconnecting after one kill takes most of the time to the next, so
 * a run of 1,000 rows lasted 35 to 50 s (a kill every 0.3 s on average: over a hundred), where
 * MariaDB's lasts 2 to 5 s. A third makes as many kills as MariaDB's runs or more (12 to 62 against
 * 3 to 21, 7 December 2026) and took the class from 286 to 97 s; each run prints its result.
 */
@Exclusive
class ChaosTest {

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void everyRowsEffectExactlyOnceUnderRandomFailuresAndKilledConnections(TestDatabase db, Form form) throws Exception {
        ChaosRun.Result result = ChaosRun.run(db, form, rows(db, 1000), 0.1, Duration.ofMillis(300),
                Duration.ofSeconds(120));
        assertExactlyOnceUnderKills(db, form, result);
    }

    /**
     * The same with batches of ten: a failed batch rolls back whole and its rows come again one at a
     * time. Batches settle a thousand rows in about half a second, so kills come every 100 ms on
     * average and there are twice the rows (every run's first kill comes as its first row is in work).
     */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void batchesToo(TestDatabase db, Form form) throws Exception {
        ChaosRun.Result result = ChaosRun.run(db, form, rows(db, 2000), 0.02, Duration.ofMillis(100), Duration.ofSeconds(120),
                10);
        assertExactlyOnceUnderKills(db, form, result);
    }

    /**
     * The same with five rows claimed at a time and delivered one by one ({@code prefetch}): a killed
     * session takes the advisory locks of the rows waiting ahead with it, and their re-read finds them
     * gone or taken; leased rows ahead stay held until their lease runs out (two seconds here).
     * Claimed five at a time the rows drain in about a second: kills every 100 ms, as for batches.
     */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.PrefetchTest#everyDatabaseAndHoldingForm")
    void rowsClaimedAheadToo(TestDatabase db, Form form) throws Exception {
        ChaosRun.Result result = ChaosRun.run(db, form, rows(db, 1000), 0.1, Duration.ofMillis(100),
                Duration.ofSeconds(120), Map.of("prefetch", "5"));
        assertExactlyOnceUnderKills(db, form, result);
    }

    /** Prints the run's result (its kills above all), then asserts what every case asserts. */
    private static void assertExactlyOnceUnderKills(TestDatabase db, Form form, ChaosRun.Result result) {
        System.out.println("ChaosTest " + db + " " + form + ": " + result);
        assertTrue(result.kills() > 0, "connections were killed: " + result);
        assertTrue(result.exactlyOnce(), "every row's effect exactly once: " + result);
        assertEquals(0, result.sessionsLeft(), "the stopped servers closed every connection: " + result);
    }

    /** @return MariaDB's rows, or a third of them on PostgreSQL (the class comment says why) */
    private static int rows(TestDatabase db, int mariaDbRows) {
        return db == TestDatabase.POSTGRES ? mariaDbRows / 3 : mariaDbRows;
    }
}
