package io.inboxra.ra.dialect;

import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;
import io.inboxra.harness.TestDatabase;
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
 * database against the race the re-read guarded. Another server holds a row's lock and has deleted
 * it (its settlement, not yet committed); a claim starts; the other server commits and lets go of
 * the lock while the claim runs (its key expression sleeps a second). A claim that read a snapshot
 * then took the free lock would return the deleted row, to be delivered a second time.
 */
class AdvisoryClaimReadsLatestTest {

    private static final TestDatabase DB = TestDatabase.MARIADB;
    private final MySqlDialect dialect = new MySqlDialect();
    private String table;

    @AfterEach
    void dropTable() throws SQLException {
        if (table != null) {
            DB.execute("DROP TABLE IF EXISTS " + table);
        }
    }

    @Test
    void aRowSettledWhileTheClaimRunsIsNotReturned() throws Exception {
        table = DB.newInbox();
        DB.execute("INSERT INTO " + table + " (payload) VALUES ('settled elsewhere')");
        long id = DB.count("SELECT MAX(id) FROM " + table);
        // The key expression sleeps a second on each row it is computed for: the claim is then still running
        // when the other server's settlement commits.
        TableSpec spec = TableSpec.builder(table).advisoryLock("id + SLEEP(1)").build();
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

    @Test
    void aRowNoOneHoldsIsClaimedAndLocked() throws Exception {
        table = DB.newInbox();
        DB.execute("INSERT INTO " + table + " (payload) VALUES ('free')");
        long id = DB.count("SELECT MAX(id) FROM " + table);
        TableSpec spec = TableSpec.builder(table).advisoryLock("id").build();
        try (Connection claiming = DB.connect(); Connection other = DB.connect()) {
            assertEquals(List.of(id), claim(claiming, spec), "the free row is claimed");
            assertEquals(List.of(), claim(other, spec), "its lock is the claiming session's");
        }
    }

    @Test
    void withFifoGroupsTheClaimIsReadAgain() throws Exception {
        TableSpec spec = TableSpec.builder("jobs").advisoryLock("id").fifoColumn("grp").build();
        assertFalse(dialect.claimReadsLatest(spec), "the head-of-group subquery reads a snapshot");
        assertFalse(dialect.advisoryClaim(spec).sql().contains("FOR UPDATE"), dialect.advisoryClaim(spec).sql());
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
