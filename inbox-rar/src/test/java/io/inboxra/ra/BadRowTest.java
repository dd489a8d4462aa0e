package io.inboxra.ra;

import io.inboxra.InboxListener;
import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.EffectWriter;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One row that always fails, first in the claim order, in front of 299 good rows, in the
 * default configuration (no attempt column, no due column, the default poll intervals), 4
 * workers: the good rows are delivered once each without waiting on it, and the bad row is
 * delivered about once a second at most (never again within 0.9 s of its last delivery), whether the listener throws for it or the MDB's own XA
 * write for it fails at prepare.
 */
class BadRowTest {

    private static final int ROWS = 300;
    /** Generous for a loaded 2-core machine: 300 good rows take a few seconds. */
    private static final Duration DRAIN = Duration.ofSeconds(60);

    /** How the bad row fails. */
    enum Failure { LISTENER_THROWS, PREPARE_FAILS }

    private final TestTables tables = new TestTables();

    static Stream<Arguments> everyDatabaseFormAndFailure() {
        return DeliveryTest.everyDatabaseAndForm().flatMap(args -> Stream.of(Failure.values())
                .map(failure -> Arguments.of(args.get()[0], args.get()[1], failure)));
    }

    @AfterEach
    void cleanUp() throws SQLException {
        Faults.rollBackPreparedBranchesOn(tables.on(TestDatabase.POSTGRES));
        tables.dropAll();
    }

    @ParameterizedTest
    @MethodSource("everyDatabaseFormAndFailure")
    void aRowThatAlwaysFailsHoldsBackNoRowBehindIt(TestDatabase db, Form form, Failure failure) throws Exception {
        double alone = drainSeconds(db, form, failure, false);
        double behindBadRow = drainSeconds(db, form, failure, true);
        System.out.printf("BadRowTest %s %s %s: %d good rows in %.1f s alone, %d behind a bad row in %.1f s (x%.2f)%n",
                db, form, failure, ROWS, alone, ROWS - 1, behindBadRow, behindBadRow / alone);
    }

    /** @return the seconds the good rows took to be delivered, each once */
    private double drainSeconds(TestDatabase db, Form form, Failure failure, boolean withBadRow) throws Exception {
        String table = tables.inbox(db);
        // The MDB's own branch on PostgreSQL, whose deferred check fails the bad row's prepare.
        String effects = tables.effects(TestDatabase.POSTGRES);
        long bad = -1;
        if (withBadRow) {
            db.execute("INSERT INTO " + table + " (payload) VALUES ('bad')");
            bad = db.count("SELECT id FROM " + table);
            if (failure == Failure.PREPARE_FAILS) {
                Faults.failPrepareOfEffects(effects, "row_id = " + bad);
            }
        }
        int good = withBadRow ? ROWS - 1 : ROWS;
        List<Long> badCalls = new CopyOnWriteArrayList<>();
        db.insertRows(table, good);
        String name = "bad-row-" + (withBadRow ? "" : "alone-") + form.name().toLowerCase().replace('_', '-');
        try (Harness server = Harness.start().swallowingFailedCommits();
                EffectWriter writer = new EffectWriter(TestDatabase.POSTGRES.xaDataSource(), effects, new HashSet<>())) {
            InboxListener mdb = message -> {
                if (message.text().equals("bad")) {
                    badCalls.add(System.nanoTime());
                }
                if (failure == Failure.PREPARE_FAILS) {
                    return writer.onMessage(message);
                }
                if (message.text().equals("bad")) {
                    throw new IllegalStateException("the bad row fails, always");
                }
                return Outcome.ack();
            };
            Map<String, String> p = db.properties(name, table, form);
            p.put("workers", "4");
            // The defaults, as in the issue: a worker that waited after each failure would wait a second or more.
            p.put("pollInterval", "PT1S");
            p.put("maxPollInterval", "PT10S");
            long start = System.nanoTime();
            Harness.Activation activation = server.activate(mdb, p);
            long badRow = bad;
            Await.until(good + " good rows delivered", DRAIN, () -> goodCommitted(activation, badRow) >= good);
            double seconds = (System.nanoTime() - start) / 1e9;
            if (withBadRow) {
                // The bad row alone in the table for a while: it is not tried in a hot loop either.
                Await.sleep(3000);
            }
            activation.deactivate();
            double observed = (System.nanoTime() - start) / 1e9;
            assertEquals(Map.of(), activation.log().committedMoreThanOnce(), "no row delivered twice");
            assertEquals(good, goodCommitted(activation, badRow), "every good row once");
            if (withBadRow) {
                assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE id = " + bad), "the bad row stays");
                assertEquals(1, db.count("SELECT count(*) FROM " + table), "only the bad row stays");
                long badDeliveries = activation.log().invoked().stream()
                        .filter(id -> ((Number) id).longValue() == badRow).count();
                // Set aside for 1 s, then 2 s, 4 s...: at most about once a second, one in flight at either end.
                assertTrue(badDeliveries <= observed + 2, "the bad row was delivered " + badDeliveries + " times in "
                        + observed + " s: more than about once a second");
                assertTrue(badDeliveries >= 1, "the bad row was tried");
                // Set aside before its lock or lease let it go: no other worker took it in between.
                for (int i = 1; i < badCalls.size(); i++) {
                    long gap = (badCalls.get(i) - badCalls.get(i - 1)) / 1_000_000;
                    assertTrue(gap >= 900, "the bad row was delivered again " + gap + " ms after the delivery before");
                }
            } else {
                assertEquals(0, db.count("SELECT count(*) FROM " + table), "every row settled");
            }
            if (failure == Failure.PREPARE_FAILS) {
                assertEquals(good, TestDatabase.POSTGRES.count("SELECT count(DISTINCT row_id) FROM " + effects),
                        "every good row's effect");
                assertEquals(good, TestDatabase.POSTGRES.count("SELECT count(*) FROM " + effects),
                        "each effect once, none of the bad row's");
            }
            return seconds;
        }
    }

    private static long goodCommitted(Harness.Activation activation, long bad) {
        return activation.log().committed().stream().filter(id -> ((Number) id).longValue() != bad).count();
    }
}
