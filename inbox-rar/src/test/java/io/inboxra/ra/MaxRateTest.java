package io.inboxra.ra;

import io.inboxra.InboxListener;
import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.EffectWriter;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import jakarta.resource.ResourceException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code maxRate} (issue 26, point 4): four workers share one bucket of rows per second, and
 * batches keep to it too. A backlog of 80 rows at 20 rows/s takes three seconds at least (one
 * second's rows may come at once), and no second ever sees more than one second's burst plus
 * one second's rate; every row is delivered once.
 */
class MaxRateTest {

    private static final int ROWS = 80;
    private static final double RATE = 20;
    private static final Duration LONG = Duration.ofSeconds(60);

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    static Stream<Arguments> everyDatabaseFormAndBatchSize() {
        return DeliveryTest.everyDatabaseAndForm().flatMap(args -> Stream.of(1, 5)
                .map(batch -> Arguments.of(args.get()[0], args.get()[1], batch)));
    }

    @ParameterizedTest
    @MethodSource("everyDatabaseFormAndBatchSize")
    void theWorkersTogetherKeepToTheRate(TestDatabase db, Form form, int batchSize) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, ROWS);
        List<Long> calls = new CopyOnWriteArrayList<>();
        InboxListener mdb = message -> {
            calls.add(System.nanoTime());
            return Outcome.ack();
        };
        String name = "max-rate-" + form.name().toLowerCase().replace('_', '-') + "-" + batchSize;
        Map<String, String> p = db.properties(name, table, form);
        p.put("workers", "4");
        p.put("batchSize", String.valueOf(batchSize));
        p.put("pollInterval", "PT0.05S");
        p.put("maxPollInterval", "PT0.2S");
        p.put("maxRate", String.valueOf((int) RATE));
        try (Harness server = Harness.start()) {
            long start = System.nanoTime();
            Harness.Activation activation = server.activate(mdb, p);
            Await.until("every row delivered", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0);
            double seconds = (System.nanoTime() - start) / 1e9;
            activation.deactivate();
            assertEquals(Map.of(), activation.log().committedMoreThanOnce(), "no row delivered twice");
            assertEquals(ROWS, activation.log().committed().size(), "every row once");
            // One second's rows at once, then the rate: (80 - 20) / 20 = 3 s at least.
            assertTrue(seconds >= (ROWS - RATE) / RATE * 0.9, ROWS + " rows in " + seconds + " s: faster than "
                    + RATE + " rows/s");
            int busiest = busiestSecond(calls);
            // The bucket's second of rows, a second's refill, a batch claimed at the edge, and each worker's
            // call a little after its take (the calls are timed, not the takes).
            assertTrue(busiest <= 2 * RATE + batchSize + 4, busiest + " rows in one second at " + RATE + " rows/s");
            System.out.printf("MaxRateTest %s %s batch %d: %d rows in %.1f s, at most %d in one second%n",
                    db, form, batchSize, ROWS, seconds, busiest);
        }
    }

    /**
     * The adapter's connections are killed while it keeps to the rate: the workers reconnect and
     * go on, and a claim that failed neither runs the rate ahead (rows given back twice) nor loses
     * or repeats a row. The MDB writes its effect through its own XA connection, so
     * the commit is two-phase and its outcome known even where a kill cut a commit: every row's
     * effect once, the inbox empty.
     */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void killedConnectionsNeitherStopTheRateNorBreakIt(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        String effects = tables.effects(db);
        db.insertRows(table, ROWS);
        List<Long> calls = new CopyOnWriteArrayList<>();
        String name = "max-rate-killed-" + form.name().toLowerCase().replace('_', '-');
        Map<String, String> p = db.properties(name, table, form);
        p.put("workers", "4");
        p.put("pollInterval", "PT0.05S");
        p.put("maxPollInterval", "PT0.2S");
        p.put("maxRate", String.valueOf((int) RATE));
        try (Harness server = Harness.start();
                EffectWriter mdb = new EffectWriter(db.xaDataSource(), effects, new HashSet<>(),
                        message -> calls.add(System.nanoTime()))) {
            long start = System.nanoTime();
            server.activate(mdb, p);
            int kills = 0;
            while (db.count("SELECT count(*) FROM " + table) > 0 && kills < 4) {
                Await.sleep(700);
                kills += db.killAdapterConnections(name) > 0 ? 1 : 0;
            }
            assertTrue(kills >= 2, "the adapter's connections were killed while rows were left: " + kills + " times");
            Await.until("every row's effect", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0
                    && db.count("SELECT count(DISTINCT row_id) FROM " + effects) == ROWS);
            double seconds = (System.nanoTime() - start) / 1e9;
            assertEquals(ROWS, db.count("SELECT count(*) FROM " + effects), "each row's effect once");
            assertTrue(seconds >= (ROWS - RATE) / RATE * 0.9, ROWS + " rows in " + seconds + " s: faster than "
                    + RATE + " rows/s");
            int busiest = busiestSecond(calls);
            assertTrue(busiest <= 2 * RATE + 4, busiest + " rows in one second at " + RATE + " rows/s");
        }
    }

    @Test
    void aRateThatIsNoNumberIsRefusedNamingTheProperty() throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        Map<String, String> p = db.properties("max-rate-refused", tables.inbox(db), Form.ROW_LOCK);
        p.put("maxRate", "fast");
        try (Harness server = Harness.start()) {
            ResourceException e = assertThrows(ResourceException.class, () -> server.activate(m -> Outcome.ack(), p));
            assertTrue(e.getMessage().contains("Property 'maxRate' is 'fast': it must be a number of rows per second"
                    + " above 0"), e.getMessage());
        }
    }

    /** @return the most calls in any one-second window that starts at a call */
    private static int busiestSecond(List<Long> calls) {
        List<Long> sorted = new ArrayList<>(calls);
        Collections.sort(sorted);
        int most = 0;
        int end = 0;
        for (int i = 0; i < sorted.size(); i++) {
            while (end < sorted.size() && sorted.get(end) - sorted.get(i) < 1_000_000_000L) {
                end++;
            }
            most = Math.max(most, end - i);
        }
        return most;
    }
}
