package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The advisory claim's first look reads only the first 32 + workers claimable rows
 * ({@code Bindings.firstCandidatesFor}); when other servers hold all of those, it looks further
 * before taking the table for empty, so rows behind them are delivered at once.
 */
class AdvisoryCandidateWindowTest {

    /** More rows in work on the first server than the second server's first look reads (32 + its 1 worker). */
    private static final int HELD = 40;
    private static final int BEHIND = 10;

    private final TestTables tables = new TestTables();

    @AfterEach
    void drop() throws SQLException {
        tables.dropAll();
    }

    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void rowsBehindAFullFirstWindowOfHeldRowsAreDelivered(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, HELD + BEHIND);
        CountDownLatch allHeld = new CountDownLatch(HELD);
        CountDownLatch finish = new CountDownLatch(1);
        try (Harness first = Harness.start(); Harness second = Harness.start()) {
            Map<String, String> p = db.properties("advisory-window", table, Form.ADVISORY);
            p.put("workers", String.valueOf(HELD));
            Harness.Activation busy = first.activate(message -> {
                allHeld.countDown();
                try {
                    finish.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
                return Outcome.ack();
            }, p);
            assertTrue(allHeld.await(30, TimeUnit.SECONDS), "the first server holds " + HELD + " rows");
            p.put("workers", "1");
            Harness.Activation other = second.activate(message -> Outcome.ack(), p);
            Await.until("the second server delivers the rows behind the held ones", Duration.ofSeconds(10),
                    () -> other.log().committed().size() == BEHIND);
            assertEquals(0, busy.log().committed().size(), "the first server's rows were still in work");
            finish.countDown();
            Await.until("every row is settled", Duration.ofSeconds(10),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
        } finally {
            finish.countDown();
        }
    }
}
