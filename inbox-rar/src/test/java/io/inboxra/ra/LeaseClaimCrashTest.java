package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * PostgreSQL's lease claim commits without waiting for the log's flush ({@code synchronous_commit}
 * off for its own transaction): a crash of the database before the log reaches the disk loses the
 * claim. Caused for real: the WAL writer slowed to a flush every 10 s, a claim, a listener still
 * running, then the server stopped in immediate mode (a crash) and started. The claim's lease is
 * gone after the restart, the delivery in work cannot settle, and the row is delivered again and
 * settled once. In a class of its own: a restart disturbs every other test.
 */
@Exclusive
class LeaseClaimCrashTest {

    private static final Duration LONG = Duration.ofSeconds(120);
    private static final TestDatabase DB = TestDatabase.POSTGRES;

    private final TestTables tables = new TestTables();

    @AfterEach
    void restoreTheWalWriterAndDropTables() throws Exception {
        Await.until("the database is back", LONG, () -> Faults.answers(DB));
        DB.execute("ALTER SYSTEM RESET wal_writer_delay");
        DB.execute("SELECT pg_reload_conf()");
        tables.dropAll();
    }

    @Test
    void aClaimLostInACrashOnlyReturnsTheRowWhichIsSettledOnce() throws Exception {
        String table = tables.inbox(DB);
        // Every commit that waits for the log flushes it; after the last of them, the WAL writer
        // flushes the claim's commit only once 10 s have passed.
        DB.execute("ALTER SYSTEM SET wal_writer_delay = '10s'");
        DB.execute("SELECT pg_reload_conf()");
        DB.execute("INSERT INTO " + table + " (payload) VALUES ('claimed before the crash')");
        long id = DB.count("SELECT max(id) FROM " + table);
        AtomicInteger calls = new AtomicInteger();
        CountDownLatch inWork = new CountDownLatch(1);
        CountDownLatch crashed = new CountDownLatch(1);
        try (Harness server = Harness.start()) {
            Map<String, String> p = DB.properties("lease-crash", table, Form.LEASE);
            // No heartbeat within the test: its commit would flush the claim.
            p.put("lease", "PT60S");
            Harness.Activation mdb = server.activate(message -> {
                if (calls.incrementAndGet() == 1) {
                    inWork.countDown();
                    try {
                        crashed.await(LONG.toSeconds(), TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return Outcome.ack();
            }, p);
            assertTrue(inWork.await(30, TimeUnit.SECONDS), "the row is in work");
            // FAULTS.md's database restart, in immediate mode: the server stops as in a crash.
            Faults.restartPostgres("immediate");
            Await.until("the database is back", LONG, () -> Faults.answers(DB));
            assertEquals(0, DB.count("SELECT count(*) FROM " + table + " WHERE id = " + id
                    + " AND locked_until IS NOT NULL"), "the claim's lease was lost with the crash");
            crashed.countDown();

            Await.until("the row is settled", LONG,
                    () -> Faults.answers(DB) && DB.count("SELECT count(*) FROM " + table) == 0);
            Await.until("no delivery is in work", LONG, () -> mdb.log().nothingInWork());
            assertTrue(calls.get() >= 2, "delivered again after the crash: " + calls.get());
            assertFalse(mdb.log().rolledBack().isEmpty(), "the delivery in work at the crash did not commit");
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce(), "no row committed twice");
            assertEquals(List.of(id), mdb.log().committed().stream().map(o -> ((Number) o).longValue()).toList());
        }
    }

}
