package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Postgres;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What only the advisory lock form promises: no open transaction while a handler runs, and no lock left behind. */
class AdvisoryFormTest {

    /** {@code SettledLocks.MAX_ROWS}: the locks of committed rows a worker's session keeps at most. */
    private static final int KEPT_AT_MOST = 64;

    private String table;

    @AfterEach
    void dropTable() throws SQLException {
        if (table != null) {
            Postgres.execute("DROP TABLE IF EXISTS " + table);
        }
    }

    private static List<String> states(String name) throws SQLException {
        List<String> states = new ArrayList<>();
        try (Connection c = Postgres.connect(); ResultSet rs = c.createStatement().executeQuery(
                "SELECT state FROM pg_stat_activity WHERE application_name = 'inbox-ra:" + name + "'")) {
            while (rs.next()) {
                states.add(rs.getString(1));
            }
        }
        return states;
    }

    private static long advisoryLocks(String name) throws SQLException {
        return Postgres.count("SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
                + " WHERE l.locktype = 'advisory' AND a.application_name = 'inbox-ra:" + name + "'");
    }

    @Test
    void whileHandlersRunTheirConnectionsAreIdleNotInATransaction() throws Exception {
        table = Postgres.newInbox();
        Postgres.insertRows(table, 2);
        CountDownLatch inWork = new CountDownLatch(2);
        CountDownLatch finish = new CountDownLatch(1);
        try (Harness server = Harness.start()) {
            Map<String, String> p = Postgres.properties("advisory-idle", table);
            p.put("advisoryLock", "id");
            p.put("workers", "2");
            Harness.Activation mdb = server.activate(message -> {
                inWork.countDown();
                await(finish);
                return Outcome.ack();
            }, p);
            assertTrue(inWork.await(10, TimeUnit.SECONDS), "both rows are in work");
            List<String> states = states("advisory-idle");
            assertEquals(List.of("idle", "idle"), states, "the workers' connections while their handlers run");
            assertEquals(2, advisoryLocks("advisory-idle"), "each row in work is held by its session lock");
            finish.countDown();
            Await.until("both rows are settled", Duration.ofSeconds(10), () -> mdb.log().committed().size() == 2);
        }
    }

    @Test
    void noLockRemainsAfterACommitOrARollback() throws Exception {
        table = Postgres.newInbox();
        Postgres.insertRows(table, 20);
        AtomicBoolean failNext = new AtomicBoolean(true);
        try (Harness server = Harness.start()) {
            Map<String, String> p = Postgres.properties("advisory-locks", table);
            p.put("advisoryLock", "id");
            p.put("workers", "2");
            Harness.Activation mdb = server.activate(message -> {
                if (failNext.getAndSet(!failNext.get())) {
                    throw new IllegalStateException("every other delivery fails");
                }
                return Outcome.ack();
            }, p);
            Await.until("every row is settled", Duration.ofSeconds(30),
                    () -> Postgres.count("SELECT count(*) FROM " + table) == 0);
            Await.until("the last transaction has ended", Duration.ofSeconds(5),
                    () -> mdb.log().committed().size() == 20);
            assertFalse(mdb.log().rolledBack().isEmpty(), "some deliveries rolled back");
            Await.until("no advisory lock of the subscription remains", Duration.ofSeconds(10),
                    () -> advisoryLocks("advisory-locks") == 0);
        }
    }

    /**
     * A committed row's lock is kept a little to be let go with others (one round trip for many
     * rows), but never piles up: while the workers keep delivering, each session holds at most
     * 64 kept locks ({@code SettledLocks.MAX_ROWS}) and the row in work, and nothing once the inbox is empty.
     */
    @Test
    void locksOfCommittedRowsAreLetGoTogetherAndNeverPileUp() throws Exception {
        table = Postgres.newInbox();
        Postgres.insertRows(table, 3000);
        int workers = 2;
        try (Harness server = Harness.start()) {
            Map<String, String> p = Postgres.properties("advisory-kept", table);
            p.put("advisoryLock", "id");
            p.put("workers", String.valueOf(workers));
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            long most = 0;
            long seen = 0;
            while (Postgres.count("SELECT count(*) FROM " + table) > 0) {
                long held = advisoryLocks("advisory-kept");
                most = Math.max(most, held);
                seen += held;
            }
            assertTrue(most <= workers * (KEPT_AT_MOST + 1L),
                    "at most " + KEPT_AT_MOST + " kept locks and the row in work a worker: " + most);
            assertTrue(seen > 0, "locks were seen while the rows were delivered");
            Await.until("every row is committed", Duration.ofSeconds(10), () -> mdb.log().committed().size() == 3000);
            Await.until("no lock is kept once there is nothing to claim", Duration.ofSeconds(10),
                    () -> advisoryLocks("advisory-kept") == 0);
        }
    }

    /**
     * A row the listener retried stays claimable, so its lock is not kept with the locks of rows
     * gone: another server delivers it once it is due, while the server that retried it is busy
     * with a slow row.
     */
    @Test
    void aRetriedRowIsDeliveredByAnotherServerWhileTheFirstIsBusy() throws Exception {
        table = Postgres.newInbox();
        Postgres.execute("INSERT INTO " + table + " (payload) VALUES ('retried')");
        CountDownLatch slowRowInWork = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        AtomicBoolean retried = new AtomicBoolean();
        List<String> secondServer = java.util.Collections.synchronizedList(new ArrayList<>());
        try (Harness first = Harness.start(); Harness second = Harness.start()) {
            Map<String, String> p = Postgres.properties("advisory-retried", table);
            p.put("advisoryLock", "id");
            p.put("dueColumn", "due_at");
            p.put("workers", "1");
            first.activate(message -> switch (message.text()) {
                case "retried" -> {
                    if (retried.getAndSet(true)) {
                        yield Outcome.ack();
                    }
                    // The slow row is there before the retry commits: this server's next claim takes it.
                    try {
                        Postgres.execute("INSERT INTO " + table + " (payload) VALUES ('slow')");
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                    yield Outcome.retry(Duration.ofMillis(500));
                }
                default -> {
                    slowRowInWork.countDown();
                    await(finish);
                    yield Outcome.ack();
                }
            }, p);
            assertTrue(slowRowInWork.await(10, TimeUnit.SECONDS), "the first server took the slow row");
            Harness.Activation other = second.activate(message -> {
                secondServer.add(message.text());
                return Outcome.ack();
            }, p);
            Await.until("the second server delivers the retried row once due", Duration.ofSeconds(5),
                    () -> other.log().committed().size() == 1);
            assertEquals(List.of("retried"), secondServer);
            // Before the servers stop: a stop waits for the deliveries in work.
            finish.countDown();
        } finally {
            finish.countDown();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
