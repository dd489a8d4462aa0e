package io.inboxra.ra.dialect;

import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.ra.dialect.mysql.MariaDbDialect;
import io.inboxra.ra.dialect.mysql.MySqlDialect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On MariaDB the advisory form's claim without FIFO groups says it reads its rows as they are once
 * locked ({@code claimReadsLatest}), so the adapter does not read them again: proved on the real
 * database against the race the re-read guarded, in both orders. Another server holds a row's lock
 * and deletes it (its settlement), before the claim reads the row or while the claim runs; it
 * commits and lets go of the lock while the claim runs (its key expression sleeps a second). A
 * claim that read a snapshot, then took the free lock, would return the deleted row, to be
 * delivered a second time.
 */
class AdvisoryClaimReadsLatestTest {

    private static final TestDatabase DB = TestDatabase.MARIADB;
    private final MariaDbDialect dialect = new MariaDbDialect();
    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    @Test
    void aRowWhoseSettlementCommitsWhileTheClaimRunsIsNotReturned() throws Exception {
        String table = tables.inbox(DB);
        long id = DB.insertMarker(table, "payload", "'settled elsewhere'");
        // The key expression sleeps a second on each row it is computed for: the claim is then still running
        // when the other server's settlement commits.
        TableSpec spec = limited(TableSpec.builder(table).advisoryLock("id + SLEEP(1)"));
        assertTrue(dialect.claimReadsLatest(spec), "without FIFO groups the claim needs no re-read");
        try (Connection other = DB.connect(); Connection claiming = DB.connect()) {
            String key = takeLock(other, spec, id);
            other.setAutoCommit(false);
            other.createStatement().executeUpdate("DELETE FROM " + table + " WHERE id = " + id);
            CompletableFuture<List<Long>> claim = CompletableFuture.supplyAsync(() -> claim(claiming, spec));
            Thread.sleep(300);
            other.commit();
            other.setAutoCommit(true);
            release(other, key);
            List<Long> claimed = claim.get(30, TimeUnit.SECONDS);
            assertFalse(claimed.contains(id), "a row settled and let go while the claim ran was claimed: " + claimed);
        }
    }

    /** The claim reads the row first: the other server's delete waits for the claim to end, its lock still held. */
    @Test
    void aRowTheClaimHasReadIsNotSettledBeforeTheClaimEnds() throws Exception {
        String table = tables.inbox(DB);
        long id = DB.insertMarker(table, "payload", "'settled elsewhere'");
        TableSpec spec = limited(TableSpec.builder(table).advisoryLock("id + SLEEP(1)"));
        try (Connection other = DB.connect(); Connection claiming = DB.connect()) {
            String key = takeLock(other, spec, id);
            CompletableFuture<List<Long>> claim = CompletableFuture.supplyAsync(() -> claim(claiming, spec));
            Thread.sleep(300);
            other.setAutoCommit(false);
            long before = System.nanoTime();
            other.createStatement().executeUpdate("DELETE FROM " + table + " WHERE id = " + id);
            long waitedMillis = (System.nanoTime() - before) / 1_000_000;
            other.commit();
            other.setAutoCommit(true);
            release(other, key);
            List<Long> claimed = claim.get(30, TimeUnit.SECONDS);
            assertFalse(claimed.contains(id), "a row settled and let go while the claim ran was claimed: " + claimed);
            assertTrue(waitedMillis >= 300, "the delete waited for the claim's share lock: " + waitedMillis + " ms");
        }
    }

    @Test
    void concurrentClaimsDoNotPassOverEachOthersCandidates() throws Exception {
        String table = tables.inbox(DB);
        DB.execute("INSERT INTO " + table + " (payload) VALUES ('first'), ('second')");
        // The first claim reads (and locks) a row, sleeps half a second, reads the next: after 0.7 s it
        // holds both, and takes their named locks only after a second.
        TableSpec slow = limited(TableSpec.builder(table).advisoryLock("id + SLEEP(0.5)"));
        TableSpec spec = limited(TableSpec.builder(table).advisoryLock("id"));
        try (Connection first = DB.connect(); Connection second = DB.connect()) {
            CompletableFuture<List<Long>> slowClaim = CompletableFuture.supplyAsync(() -> claim(first, slow));
            Thread.sleep(700);
            assertEquals(1, claim(second, spec).size(), "a claim running at once still finds a row");
            assertEquals(1, slowClaim.get(30, TimeUnit.SECONDS).size());
        }
    }

    @Test
    void aRowNoOneHoldsIsClaimedAndLocked() throws Exception {
        String table = tables.inbox(DB);
        long id = DB.insertMarker(table, "payload", "'free'");
        TableSpec spec = limited(TableSpec.builder(table).advisoryLock("id"));
        try (Connection claiming = DB.connect(); Connection other = DB.connect()) {
            assertEquals(List.of(id), claim(claiming, spec), "the free row is claimed");
            assertEquals(List.of(), claim(other, spec), "its lock is the claiming session's");
        }
    }

    /**
     * A row another transaction writes (an update not yet committed; a prepared branch holds its rows
     * so) is passed over: neither the candidates nor the payload's subquery waits for it.
     */
    @Test
    void aRowAnotherTransactionWritesIsPassedOverNotWaitedFor() throws Exception {
        String table = tables.inbox(DB);
        long written = DB.insertMarker(table, "payload", "'written elsewhere'");
        long free = DB.insertMarker(table, "payload", "'free'");
        TableSpec spec = limited(TableSpec.builder(table).advisoryLock("id").attemptColumn("attempts"));
        try (Connection other = DB.connect(); Connection claiming = DB.connect()) {
            claiming.createStatement().execute("SET SESSION innodb_lock_wait_timeout = 2");
            other.setAutoCommit(false);
            other.createStatement().executeUpdate("UPDATE " + table + " SET attempts = attempts + 1 WHERE id = " + written);
            try {
                assertEquals(List.of(free), claim(claiming, spec), "the row written elsewhere is passed over");
            } finally {
                other.rollback();
            }
        }
    }

    @Test
    void withFifoGroupsWithoutAPayloadLimitAndOnMySqlTheClaimIsReadAgain() throws Exception {
        TableSpec spec = limited(TableSpec.builder("jobs").advisoryLock("id").fifoColumn("grp"));
        assertFalse(dialect.claimReadsLatest(spec), "the head-of-group subquery reads a snapshot");
        TableSpec unlimited = TableSpec.builder("jobs").advisoryLock("id").build();
        assertFalse(dialect.claimReadsLatest(unlimited), "without a payload size the candidates may read an index alone");
        assertFalse(dialect.advisoryClaim(unlimited).sql().contains("SHARE MODE"), dialect.advisoryClaim(unlimited).sql());
        assertFalse(dialect.advisoryClaim(spec).sql().contains("SHARE MODE"), dialect.advisoryClaim(spec).sql());
        TableSpec plain = limited(TableSpec.builder("jobs").advisoryLock("id"));
        assertFalse(new MySqlDialect().claimReadsLatest(plain), "MySQL's claim reads a snapshot");
        assertFalse(new MySqlDialect().advisoryClaim(plain).sql().contains("SHARE MODE"));
    }

    /** As the adapter describes every table: with a payload limit (16 MiB unless set). */
    private static TableSpec limited(TableSpec.Builder table) {
        return table.maxPayloadBytes(16 << 20).build();
    }

    /** Takes the row's lock as an operator's cancel takes it: the claim's own key. */
    private String takeLock(Connection c, TableSpec spec, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(dialect.tryLock(spec).orElseThrow().sql())) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next(), "the other server takes the row's lock");
                return rs.getString("inbox_key");
            }
        }
    }

    private static void release(Connection c, String key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT RELEASE_LOCK(?)")) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next() && rs.getInt(1) == 1, "the other server held the lock");
            }
        }
    }

    /** The claim as a worker runs it (autocommit, ten candidates, one row), returning the ids claimed. */
    private List<Long> claim(Connection c, TableSpec spec) {
        try {
            Statement claim = dialect.advisoryClaim(spec);
            assertEquals(List.of(Param.CANDIDATES, Param.LIMIT), claim.params());
            return claimed(c, claim);
        } catch (SQLException | StatementException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Long> claimed(Connection c, Statement claim) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(claim.sql())) {
            ps.setInt(1, 10);
            ps.setInt(2, 1);
            List<Long> ids = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getLong("inbox_id"));
                }
            }
            return ids;
        }
    }
}
