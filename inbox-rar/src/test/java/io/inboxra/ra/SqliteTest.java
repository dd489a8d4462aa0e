package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.harness.Await;
import io.inboxra.harness.EffectWriter;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Postgres;
import io.inboxra.ra.connection.LocalXaDataSource;
import io.inboxra.harness.TestXid;
import jakarta.resource.ResourceException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.XAConnection;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SQLite (xerial sqlite-jdbc), a database file on disk: the lease form end to end through the
 * one-phase-only resource, which refuses to take part in a two-phase transaction.
 */
class SqliteTest {

    @TempDir
    Path directory;

    private String url;
    private Connection keepAlive;

    @BeforeEach
    void createTable() throws SQLException {
        url = "jdbc:sqlite:" + directory.resolve("inbox.db") + "?journal_mode=WAL&busy_timeout=10000";
        keepAlive = DriverManager.getConnection(url);
        execute("CREATE TABLE invoice_jobs (id INTEGER PRIMARY KEY AUTOINCREMENT, payload TEXT NOT NULL,"
                + " grp TEXT, attempts INTEGER NOT NULL DEFAULT 0,"
                + " due_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now')), locked_until TEXT)");
        execute("CREATE TABLE invoice_dead (id INTEGER PRIMARY KEY, payload TEXT, attempts INTEGER, reason TEXT,"
                + " dead_at TEXT)");
    }

    @AfterEach
    void close() throws SQLException {
        keepAlive.close();
    }

    private void execute(String sql) throws SQLException {
        try (Statement s = keepAlive.createStatement()) {
            s.execute(sql);
        }
    }

    private long count(String sql) throws SQLException {
        try (Statement s = keepAlive.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private void insertRows(int n) throws SQLException {
        execute("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < " + n + ")"
                + " INSERT INTO invoice_jobs (payload) SELECT 'invoice ' || x FROM n");
    }

    private Map<String, String> properties(String name) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("name", name);
        p.put("table", "invoice_jobs");
        p.put("url", url);
        p.put("lockedUntilColumn", "locked_until");
        p.put("dueColumn", "due_at");
        p.put("pollInterval", "PT0.05S");
        p.put("maxPollInterval", "PT0.2S");
        return p;
    }

    @Test
    void everyRowIsDeliveredExactlyOnceAndDeleted() throws Exception {
        insertRows(500);
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties("sqlite-once");
            p.put("workers", "4");
            p.put("batchSize", "5");
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            Await.until("every row is settled", Duration.ofSeconds(60),
                    () -> count("SELECT count(*) FROM invoice_jobs") == 0 && mdb.log().committed().size() >= 500);
            assertEquals(500, mdb.log().committedCounts().size());
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce(), "no row twice");
            assertEquals(500, mdb.log().invoked().size());
        }
    }

    @Test
    void theRowComesBackWhenTheListenerThrows() throws Exception {
        execute("INSERT INTO invoice_jobs (payload) VALUES ('fragile')");
        AtomicInteger calls = new AtomicInteger();
        try (Harness server = Harness.start()) {
            Harness.Activation mdb = server.activate(message -> {
                if (calls.incrementAndGet() == 1) {
                    throw new IllegalStateException("the MDB fails once");
                }
                assertEquals("fragile", message.text());
                return Outcome.ack();
            }, properties("sqlite-thrower"));
            Await.until("the row is delivered again and settled", Duration.ofSeconds(30),
                    () -> mdb.log().committed().size() == 1 && count("SELECT count(*) FROM invoice_jobs") == 0);
            assertEquals(1, mdb.log().rolledBack().size());
            assertEquals(mdb.log().rolledBack(), mdb.log().committed(), "the same row both times");
        }
    }

    @Test
    void aRowWhoseLeaseRanOutIsClaimedAgainAndAHeldLeaseIsKept() throws Exception {
        execute("INSERT INTO invoice_jobs (payload, locked_until)"
                + " VALUES ('crashed server', strftime('%Y-%m-%d %H:%M:%f', 'now', '+2 seconds'))");
        long leasedUntil = System.currentTimeMillis() + 2000;
        execute("INSERT INTO invoice_jobs (payload) VALUES ('slow')");
        List<Long> crashedAt = new CopyOnWriteArrayList<>();
        Map<String, Integer> calls = new ConcurrentHashMap<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties("sqlite-lease");
            p.put("workers", "2");
            // 3 s, not 1: a heartbeat late by two thirds of a 1 s lease (a machine shared with other test JVMs, or
            // the file's lock behind the other worker's claims) would let the lease lapse.
            p.put("lease", "PT3S");
            Harness.Activation mdb = server.activate(message -> {
                calls.merge(message.text(), 1, Integer::sum);
                if (message.text().equals("crashed server")) {
                    crashedAt.add(System.currentTimeMillis());
                } else {
                    Await.sleep(9000); // three leases long: the heartbeat keeps it, no other worker takes it
                }
                return Outcome.ack();
            }, p);
            Await.until("both rows are settled", Duration.ofSeconds(30),
                    () -> count("SELECT count(*) FROM invoice_jobs") == 0 && mdb.log().committed().size() == 2);
            assertTrue(crashedAt.get(0) >= leasedUntil - 100, "delivered while another server's lease held it");
            assertEquals(Map.of("crashed server", 1, "slow", 1), calls);
        }
    }

    @Test
    void aPoisonRowIsRetriedWithBackoffThenDeadLettered() throws Exception {
        execute("INSERT INTO invoice_jobs (payload) VALUES ('poison')");
        insertRows(50);
        List<Instant> poisonCalls = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties("sqlite-poison");
            p.put("attemptColumn", "attempts");
            p.put("maxAttempts", "3");
            p.put("retryDelay", "PT0.3S");
            p.put("deadLetterTable", "invoice_dead");
            Harness.Activation mdb = server.activate(message -> {
                if (message.text().equals("poison")) {
                    poisonCalls.add(Instant.now());
                    throw new IllegalArgumentException("cannot parse invoice " + message.id());
                }
                return Outcome.ack();
            }, p);
            Await.until("the poison row is dead-lettered and the rest settled", Duration.ofSeconds(30),
                    () -> count("SELECT count(*) FROM invoice_dead") == 1 && count("SELECT count(*) FROM invoice_jobs") == 0);
            assertEquals(3, poisonCalls.size(), "delivered exactly maxAttempts times");
            for (int i = 1; i < poisonCalls.size(); i++) {
                long gap = Duration.between(poisonCalls.get(i - 1), poisonCalls.get(i)).toMillis();
                assertTrue(gap >= (300L << (i - 1)) * 0.95, "gap " + i + " was " + gap + " ms");
            }
            try (Statement s = keepAlive.createStatement();
                    ResultSet rs = s.executeQuery("SELECT payload, attempts, reason, dead_at FROM invoice_dead")) {
                assertTrue(rs.next());
                assertEquals("poison", rs.getString("payload"));
                assertEquals(3, rs.getInt("attempts"));
                assertTrue(rs.getString("reason").startsWith("java.lang.IllegalArgumentException: cannot parse invoice"));
                assertTrue(rs.getString("dead_at") != null);
            }
            assertEquals(50, mdb.log().committed().size(), "the other rows flowed, each once");
        }
    }

    /** Without AUTOINCREMENT SQLite reuses the rowid of a row dead-lettered from an empty table: a new message, same id. */
    @Test
    void aNewMessageUnderAReusedRowidIsNotDeadLetteredOverTheOldOne() throws Exception {
        execute("CREATE TABLE reused_jobs (id INTEGER PRIMARY KEY, payload TEXT NOT NULL, attempts INTEGER NOT NULL"
                + " DEFAULT 0, due_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now')), locked_until TEXT)");
        execute("INSERT INTO reused_jobs (payload) VALUES ('first')");
        List<String> seen = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties("sqlite-reused-rowid");
            p.put("table", "reused_jobs");
            p.put("attemptColumn", "attempts");
            p.put("deadLetterTable", "invoice_dead");
            p.put("retryDelay", "PT60S");
            server.activate(message -> {
                seen.add(message.id() + " " + message.text());
                return Outcome.deadLetter("refused");
            }, p);
            Await.until("the first message is dead-lettered", Duration.ofSeconds(30),
                    () -> count("SELECT count(*) FROM invoice_dead WHERE id = 1 AND payload = 'first'") == 1);
            execute("INSERT INTO reused_jobs (payload) VALUES ('second')");
            assertEquals(1, count("SELECT id FROM reused_jobs WHERE payload = 'second'"), "the rowid is reused");
            Await.until("the second message's delivery is recorded", Duration.ofSeconds(30),
                    () -> count("SELECT attempts FROM reused_jobs WHERE payload = 'second'") == 1);
            assertEquals(1, count("SELECT count(*) FROM reused_jobs WHERE id = 1 AND payload = 'second'"),
                    "the second message stays in the table");
            assertEquals(1, count("SELECT count(*) FROM invoice_dead"), "the dead letter is still the first message");
            assertEquals(List.of("1 first", "1 second"), seen);
        }
    }

    @Test
    void fifoGroupsAreDeliveredInOrderOneAtATime() throws Exception {
        for (int i = 0; i < 100; i++) {
            execute("INSERT INTO invoice_jobs (payload, grp) VALUES ('" + i + "', 'g" + (i % 5) + "')");
        }
        Map<String, List<Integer>> seen = new ConcurrentHashMap<>();
        Set<String> inWork = ConcurrentHashMap.newKeySet();
        AtomicInteger overlaps = new AtomicInteger();
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties("sqlite-fifo");
            p.put("workers", "4");
            p.put("fifoColumn", "grp");
            Harness.Activation mdb = server.activate(message -> {
                String group = "g" + (Integer.parseInt(message.text()) % 5);
                if (!inWork.add(group)) {
                    overlaps.incrementAndGet();
                }
                seen.computeIfAbsent(group, g -> new CopyOnWriteArrayList<>()).add(Integer.parseInt(message.text()));
                Await.sleep(2);
                inWork.remove(group);
                return Outcome.ack();
            }, p);
            Await.until("every row is settled", Duration.ofSeconds(60),
                    () -> count("SELECT count(*) FROM invoice_jobs") == 0 && mdb.log().committed().size() == 100);
        }
        assertEquals(0, overlaps.get(), "two rows of one group in work at once");
        for (Map.Entry<String, List<Integer>> group : seen.entrySet()) {
            List<Integer> sorted = new ArrayList<>(group.getValue());
            sorted.sort(null);
            assertEquals(sorted, group.getValue(), "group " + group.getKey() + " in insertion order");
        }
    }

    @Test
    void aTransactionWithAnotherXaResourceRollsBackWhole() throws Exception {
        String effects = Postgres.newTable("sqlite_effects", "row_id BIGINT NOT NULL");
        execute("INSERT INTO invoice_jobs (payload) VALUES ('two resources')");
        try (Harness server = Harness.start(); EffectWriter writer = new EffectWriter(effects, new java.util.HashSet<>())) {
            Harness.Activation mdb = server.activate(writer, properties("sqlite-two-phase"));
            Await.until("the delivery was tried twice", Duration.ofSeconds(30), () -> mdb.log().rolledBack().size() >= 2);
            assertEquals(List.of(), mdb.log().committed(), "no delivery committed");
            assertEquals(0, Postgres.count("SELECT count(*) FROM " + effects), "the MDB's write rolled back");
            assertEquals(1, count("SELECT count(*) FROM invoice_jobs"), "the row was not settled");
        } finally {
            Postgres.execute("DROP TABLE " + effects);
        }
    }

    @Test
    void theOnePhaseResourceRefusesPrepareAndRollsBack() throws Exception {
        LocalXaDataSource dataSource = new LocalXaDataSource();
        dataSource.setUrl(url);
        XAConnection xa = dataSource.getXAConnection();
        try {
            XAResource resource = xa.getXAResource();
            Xid xid = new TestXid(4711, new byte[] {1}, new byte[] {1});
            resource.start(xid, XAResource.TMNOFLAGS);
            try (Statement s = xa.getConnection().createStatement()) {
                s.executeUpdate("INSERT INTO invoice_jobs (payload) VALUES ('never committed')");
            }
            resource.end(xid, XAResource.TMSUCCESS);
            XAException refused = assertThrows(XAException.class, () -> resource.prepare(xid));
            assertEquals(XAException.XA_RBROLLBACK, refused.errorCode);
            assertEquals("SQLite has no two-phase commit: this transaction also enlisted another XA resource, so it"
                    + " is rolled back rather than committed in part. With SQLite, keep the MDB's transaction to the"
                    + " inbox database alone (or use a database with XA).", refused.getMessage());
            assertEquals(0, count("SELECT count(*) FROM invoice_jobs"), "the branch's work rolled back");
            assertThrows(XAException.class, () -> resource.commit(xid, false), "no second phase without a first");

            Xid alone = new TestXid(4711, new byte[] {2}, new byte[] {1});
            resource.start(alone, XAResource.TMNOFLAGS);
            try (Statement s = xa.getConnection().createStatement()) {
                s.executeUpdate("INSERT INTO invoice_jobs (payload) VALUES ('committed in one phase')");
            }
            resource.end(alone, XAResource.TMSUCCESS);
            resource.commit(alone, true);
            assertEquals(1, count("SELECT count(*) FROM invoice_jobs"));
        } finally {
            xa.close();
        }
    }

    @Test
    void rowLockAndAdvisorySubscriptionsAreRejectedNamingTheFormsOffered() throws Exception {
        try (Harness server = Harness.start()) {
            Map<String, String> rowLock = properties("sqlite-row-lock");
            rowLock.remove("lockedUntilColumn");
            ResourceException e = assertThrows(ResourceException.class, () -> server.activate(m -> Outcome.ack(), rowLock));
            assertEquals("Inbox subscription 'sqlite-row-lock' cannot start: Dialect 'sqlite' cannot claim in the"
                    + " ROW_LOCK form (it offers [LEASE]): choose a form it offers, or a dialect that implements the"
                    + " ROW_LOCK capability.", e.getMessage());
            Map<String, String> advisory = properties("sqlite-advisory");
            advisory.remove("lockedUntilColumn");
            advisory.put("advisoryLock", "id");
            e = assertThrows(ResourceException.class, () -> server.activate(m -> Outcome.ack(), advisory));
            assertEquals("Inbox subscription 'sqlite-advisory' cannot start: Dialect 'sqlite' cannot claim in the"
                    + " ADVISORY form (it offers [LEASE]): choose a form it offers, or a dialect that implements the"
                    + " ADVISORY capability.", e.getMessage());
        }
    }
}
