package io.inboxra.ra.dialect.mysql;

import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestXid;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.sql.XAConnection;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A MariaDB branch whose {@code XA END} goes in one round trip with the {@code XA COMMIT} or
 * {@code XA PREPARE} after it ({@link MariaDbXaResource}) ends as the driver's own resource would
 * have ended it, on the real database: committed, prepared for the transaction manager's
 * decision, or, where the server had rolled the branch back, reported rolled back, never
 * committed.
 */
class MariaDbXaResourceTest {

    private static final String TABLE = "xa_pipelined_" + Long.toHexString(System.nanoTime() & 0xffffff);
    private final List<XAConnection> connections = new ArrayList<>();

    @BeforeEach
    void createTable() throws SQLException {
        TestDatabase.MARIADB.execute("CREATE TABLE " + TABLE + " (id INT PRIMARY KEY, v INT) ENGINE=InnoDB");
        TestDatabase.MARIADB.execute("INSERT INTO " + TABLE + " VALUES (1, 0), (2, 0)");
    }

    @AfterEach
    void dropTable() throws SQLException {
        for (XAConnection c : connections) {
            c.close();
        }
        TestDatabase.MARIADB.execute("DROP TABLE IF EXISTS " + TABLE);
    }

    @Test
    void aBranchEndedAndCommittedInOnePhaseIsCommitted() throws Exception {
        Branch branch = branch();
        Xid xid = branch.begin("UPDATE " + TABLE + " SET v = 7 WHERE id = 1");
        branch.resource.end(xid, XAResource.TMSUCCESS);
        branch.resource.commit(xid, true);

        assertEquals(7, value(1));
        assertTrue(prepared().isEmpty(), "nothing is left prepared");
        // The session is outside any branch again: the next one starts on it.
        Xid next = xid();
        branch.resource.start(next, XAResource.TMNOFLAGS);
        branch.resource.end(next, XAResource.TMSUCCESS);
        branch.resource.commit(next, true);
    }

    @Test
    void aBranchEndedAndPreparedWaitsForTheDecisionAndCommitsOnIt() throws Exception {
        Branch branch = branch();
        Xid xid = branch.begin("UPDATE " + TABLE + " SET v = 8 WHERE id = 1");
        branch.resource.end(xid, XAResource.TMSUCCESS);
        assertEquals(XAResource.XA_OK, branch.resource.prepare(xid));

        assertEquals(List.of(MariaDbXaResource.literal(xid)), prepared(), "the database holds the branch prepared");
        assertEquals(0, value(1), "a prepared branch is not yet visible");
        branch.resource.commit(xid, false);
        assertEquals(8, value(1));
        assertTrue(prepared().isEmpty());
    }

    @Test
    void aBranchRolledBackAfterItsEndNoteLeavesNothing() throws Exception {
        Branch branch = branch();
        Xid xid = branch.begin("UPDATE " + TABLE + " SET v = 9 WHERE id = 1");
        branch.resource.end(xid, XAResource.TMFAIL);
        branch.resource.rollback(xid);

        assertEquals(0, value(1));
        assertTrue(prepared().isEmpty());
    }

    /**
     * The server marks a deadlock's victim rollback-only; its end fails as the driver's own end
     * fails, and the commit sent with it commits nothing.
     */
    @Test
    void aBranchTheServerRolledBackReportsItsRollbackAndCommitsNothing() throws Exception {
        Deadlock deadlock = deadlock();
        deadlock.victim.resource.end(deadlock.victimXid, XAResource.TMSUCCESS);
        XAException refused = assertThrows(XAException.class,
                () -> deadlock.victim.resource.commit(deadlock.victimXid, true));
        // What the driver's own end reports for it (XAER_RMFAIL: "... in the ROLLBACK ONLY state"), never a commit.
        assertEquals(XAException.XAER_RMFAIL, refused.errorCode, "the end's failure, as the driver reports it: "
                + refused.getMessage());
        assertTrue(refused.getMessage().contains("ROLLBACK ONLY"), refused.getMessage());
        deadlock.survivor.resource.end(deadlock.survivorXid, XAResource.TMSUCCESS);
        deadlock.survivor.resource.commit(deadlock.survivorXid, true);

        int survivorValue = deadlock.firstIsVictim ? 2 : 1;
        assertEquals(survivorValue, value(1), "the survivor's updates, and none of the victim's");
        assertEquals(survivorValue, value(2), "the survivor's updates, and none of the victim's");
        assertTrue(prepared().isEmpty());
    }

    /** As after the driver's own failed end: the rollback still runs, and the session takes the next branch. */
    @Test
    void aBranchTheServerRolledBackIsRolledBackOnItsOwnSession() throws Exception {
        Deadlock deadlock = deadlock();
        deadlock.victim.resource.end(deadlock.victimXid, XAResource.TMFAIL);
        deadlock.victim.resource.rollback(deadlock.victimXid);
        deadlock.survivor.resource.end(deadlock.survivorXid, XAResource.TMSUCCESS);
        deadlock.survivor.resource.commit(deadlock.survivorXid, true);

        Xid next = deadlock.victim.begin("UPDATE " + TABLE + " SET v = 3 WHERE id = 1");
        deadlock.victim.resource.end(next, XAResource.TMSUCCESS);
        deadlock.victim.resource.commit(next, true);
        assertEquals(3, value(1), "the victim's session committed its next branch");
        assertTrue(prepared().isEmpty());
    }

    private record Deadlock(Branch victim, Xid victimXid, Branch survivor, Xid survivorXid, boolean firstIsVictim) {
    }

    /** Two branches that deadlock on the table's two rows; the server makes one of them its victim. */
    private Deadlock deadlock() throws Exception {
        Branch first = branch();
        Branch second = branch();
        Xid firstXid = xid();
        Xid secondXid = xid();
        first.resource.start(firstXid, XAResource.TMNOFLAGS);
        second.resource.start(secondXid, XAResource.TMNOFLAGS);
        first.run("UPDATE " + TABLE + " SET v = 1 WHERE id = 1");
        second.run("UPDATE " + TABLE + " SET v = 2 WHERE id = 2");
        CompletableFuture<SQLException> firstWaits = CompletableFuture.supplyAsync(
                () -> failureOf(() -> first.run("UPDATE " + TABLE + " SET v = 1 WHERE id = 2")));
        Thread.sleep(300);
        SQLException secondFailed = failureOf(() -> second.run("UPDATE " + TABLE + " SET v = 2 WHERE id = 1"));
        SQLException firstFailed = firstWaits.get(30, TimeUnit.SECONDS);
        boolean firstIsVictim = firstFailed != null;
        assertTrue(firstIsVictim != (secondFailed != null), "exactly one of the two is the deadlock's victim: "
                + firstFailed + " / " + secondFailed);
        return firstIsVictim ? new Deadlock(first, firstXid, second, secondXid, true)
                : new Deadlock(second, secondXid, first, firstXid, false);
    }

    @Test
    void aBranchWhoseSessionWasKilledNeverReportsACommit() throws Exception {
        Branch branch = branch();
        Xid xid = branch.begin("UPDATE " + TABLE + " SET v = 5 WHERE id = 1");
        long session;
        try (Statement s = branch.connection.createStatement(); ResultSet rs = s.executeQuery("SELECT CONNECTION_ID()")) {
            rs.next();
            session = rs.getLong(1);
        }
        TestDatabase.MARIADB.execute("KILL CONNECTION " + session);
        branch.resource.end(xid, XAResource.TMSUCCESS);

        assertThrows(XAException.class, () -> branch.resource.commit(xid, true));
        assertEquals(0, value(1));
        assertTrue(prepared().isEmpty());
    }

    @Test
    void onlyTheMariaDbDriversResourceIsPipelined() throws Exception {
        Branch branch = branch();
        XAResource driver = branch.xa.getXAResource();
        assertTrue(new MariaDbDialect().branchResource(driver, branch.connection) instanceof MariaDbXaResource);

        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:pipelined");
        XAConnection other = h2.getXAConnection();
        connections.add(other);
        XAResource foreign = other.getXAResource();
        assertSame(foreign, new MySqlDialect().branchResource(foreign, other.getConnection()),
                "another driver's resource is used as it is");
    }

    private record Branch(XAConnection xa, Connection connection, XAResource resource) {
        /** A new branch started on this session, the statement run in it. */
        Xid begin(String sql) throws SQLException, XAException {
            Xid xid = xid();
            resource.start(xid, XAResource.TMNOFLAGS);
            run(sql);
            return xid;
        }

        void run(String sql) throws SQLException {
            try (Statement s = connection.createStatement()) {
                s.executeUpdate(sql);
            }
        }
    }

    private interface SqlRun {
        void run() throws SQLException;
    }

    private static SQLException failureOf(SqlRun run) {
        try {
            run.run();
            return null;
        } catch (SQLException e) {
            return e;
        }
    }

    private Branch branch() throws SQLException {
        XAConnection xa = TestDatabase.MARIADB.xaDataSource().getXAConnection();
        connections.add(xa);
        Connection connection = xa.getConnection();
        XAResource resource = new MariaDbDialect().branchResource(xa.getXAResource(), connection);
        return new Branch(xa, connection, resource);
    }

    private static int value(int id) throws SQLException {
        try (Connection c = TestDatabase.MARIADB.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT v FROM " + TABLE + " WHERE id = " + id)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** @return the database's prepared branches of this test, as {@link MariaDbXaResource#literal} names them */
    private static List<String> prepared() throws SQLException {
        List<String> found = new ArrayList<>();
        try (Connection c = TestDatabase.MARIADB.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("XA RECOVER")) {
            while (rs.next()) {
                int format = rs.getInt(1);
                byte[] data = rs.getBytes(4);
                byte[] gtrid = java.util.Arrays.copyOfRange(data, 0, rs.getInt(2));
                byte[] bqual = java.util.Arrays.copyOfRange(data, rs.getInt(2), rs.getInt(2) + rs.getInt(3));
                if (format == FORMAT) {
                    found.add(MariaDbXaResource.literal(new TestXid(FORMAT, gtrid, bqual)));
                }
            }
        }
        return found;
    }

    private static final int FORMAT = 0x7E57;

    private static Xid xid() {
        return TestXid.random(FORMAT, (byte) 1);
    }
}
