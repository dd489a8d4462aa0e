package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.operations.Backlog;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionState;
import io.inboxra.operations.SubscriptionView;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The operators' statements on the embedded databases, H2 and SQLite, in the lease form both
 * have: the backlog with its lag and leases, discard by age and requeue.
 */
class OperatingEmbeddedTest {

    @TempDir
    Path directory;

    @ParameterizedTest
    @ValueSource(strings = {"h2", "sqlite"})
    void theBacklogLagRequeueAndDiscardWorkOnEmbeddedDatabases(String database) throws Exception {
        boolean h2 = database.equals("h2");
        String url = h2 ? "jdbc:h2:mem:inbox_operating;DB_CLOSE_DELAY=-1"
                : "jdbc:sqlite:" + directory.resolve("inbox.db") + "?journal_mode=WAL&busy_timeout=10000";
        String time = h2 ? "TIMESTAMP WITH TIME ZONE" : "TEXT";
        try (Connection keepAlive = DriverManager.getConnection(url, h2 ? "sa" : null, h2 ? "" : null)) {
            execute(keepAlive, "CREATE TABLE op_jobs (id " + (h2 ? "BIGINT AUTO_INCREMENT" : "INTEGER") + " PRIMARY KEY,"
                    + " payload VARCHAR(200) NOT NULL, attempts INT NOT NULL DEFAULT 0, due_at " + time + ","
                    + " locked_until " + time + ")");
            execute(keepAlive, "CREATE TABLE op_dead (id BIGINT PRIMARY KEY, payload VARCHAR(200), attempts INT,"
                    + " reason VARCHAR(2000), dead_at " + time + ")");
            try {
                run(keepAlive, database, url, h2);
            } finally {
                execute(keepAlive, "DROP TABLE op_jobs");
                execute(keepAlive, "DROP TABLE op_dead");
            }
        }
    }

    private void run(Connection db, String database, String url, boolean h2) throws Exception {
        execute(db, "INSERT INTO op_jobs (payload) VALUES ('a'), ('b')");
        AtomicBoolean poisonous = new AtomicBoolean(true);
        List<String> acked = new CopyOnWriteArrayList<>();
        String name = "operating-" + database;
        try (Harness server = Harness.start()) {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("name", name);
            p.put("table", "op_jobs");
            p.put("url", url);
            if (h2) {
                p.put("user", "sa");
            }
            p.put("lockedUntilColumn", "locked_until");
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("deadLetterTable", "op_dead");
            p.put("pollInterval", "PT0.05S");
            p.put("maxPollInterval", "PT0.2S");
            server.activate(message -> {
                if (poisonous.get()) {
                    return Outcome.deadLetter("not yet");
                }
                acked.add(message.text());
                return Outcome.ack();
            }, p);
            SubscriptionView view = InboxSubscriptions.find(name).orElseThrow();
            Await.until("two dead letters", Duration.ofSeconds(30), () -> view.backlog().deadLetters().orElseThrow() == 2);
            view.pause();
            Await.until("paused and idle", Duration.ofSeconds(5), () -> view.snapshot().state() == SubscriptionState.PAUSED
                    && view.snapshot().workersBusy() == 0);
            execute(db, "INSERT INTO op_jobs (payload, due_at) VALUES ('late', " + ago(h2, 2) + ")");
            Backlog backlog = view.backlog();
            assertEquals(1, backlog.claimable());
            Duration lag = backlog.lag().orElseThrow();
            assertTrue(lag.compareTo(Duration.ofSeconds(110)) > 0 && lag.compareTo(Duration.ofMinutes(5)) < 0,
                    "the lag of a row due two minutes ago: " + lag);
            assertTrue(backlog.oldestClaimableId().isPresent());
            assertEquals(0, backlog.inWork().orElseThrow(), "no lease while paused");
            poisonous.set(false);
            view.resume();
            Await.until("the late row is delivered", Duration.ofSeconds(10), () -> acked.equals(List.of("late")));

            assertEquals(0, view.discardOlderThan(Duration.ofHours(1)));
            execute(db, "UPDATE op_dead SET dead_at = " + ago(h2, 120) + " WHERE payload = 'b'");
            assertEquals(1, view.discardOlderThan(Duration.ofHours(1)));
            assertEquals(1, view.requeueAll());
            Await.until("the requeued row is delivered", Duration.ofSeconds(10), () -> acked.size() == 2);
            assertEquals(List.of("late", "a"), acked);
            assertEquals(0, count(db, "SELECT count(*) FROM op_dead"));
        }
    }

    private static String ago(boolean h2, int minutes) {
        return h2 ? "DATEADD(MINUTE, -" + minutes + ", CURRENT_TIMESTAMP)"
                : "strftime('%Y-%m-%d %H:%M:%f', 'now', '-" + minutes + " minutes')";
    }

    private static void execute(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
