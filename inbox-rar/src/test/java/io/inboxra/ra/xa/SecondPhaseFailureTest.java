package io.inboxra.ra.xa;

import io.inboxra.harness.PreparedBranches;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.harness.TestXid;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.OptionalLong;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.XAConnection;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A prepared branch whose second phase fails in a way outside XA's (its connection's backend killed,
 * then the finisher refusing, as a stopped subscription's did with its threads gone): the transaction
 * manager is told to try again, and the failure's record queued behind the row's lock is dropped. Left
 * waiting, it would take the row's lock once the branch rolled back and hold it, idle, for ever.
 * The database and its branch are real; the record and the finisher are the test's, since what is
 * tested is what the branch does with them.
 */
class SecondPhaseFailureTest {

    private static final TestDatabase DB = TestDatabase.POSTGRES;

    private final TestTables tables = new TestTables();
    @AfterEach
    void cleanUp() throws Exception {
        tables.dropAll();
    }

    @Test
    void aRollbackThatFailsOutsideXaDropsTheQueuedRecordAndAsksForATryAgain() throws Exception {
        String effects = tables.effects(DB);
        XAConnection connection = DB.xaDataSource().getXAConnection();
        AtomicInteger finisherCalls = new AtomicInteger();
        BranchFinisher stopped = new BranchFinisher() {
            @Override
            public void commit(Xid xid, OptionalLong lostSession) {
                throw new IllegalStateException("commit is not this test's");
            }

            @Override
            public void rollback(Xid xid, OptionalLong lostSession) {
                finisherCalls.incrementAndGet();
                throw new RejectedExecutionException("the subscription's threads are gone");
            }
        };
        DeliveryBranch<XAConnection> branch = new DeliveryBranch<>(new Connections(connection), stopped);
        Record record = new Record();
        Xid xid = TestXid.random(0x1B0E, (byte) 1);

        branch.start(xid, XAResource.TMNOFLAGS);
        long backend = branch.run(c -> {
            try (Statement s = c.getConnection().createStatement()) {
                s.executeUpdate("INSERT INTO " + effects + " (row_id) VALUES (1)");
                ResultSet rs = s.executeQuery("SELECT pg_backend_pid()");
                rs.next();
                return rs.getLong(1);
            }
        });
        branch.recordFailuresWith(record);
        branch.end(xid, XAResource.TMSUCCESS);
        assertEquals(XAResource.XA_OK, branch.prepare(xid));
        tables.preparedBranch(DB, xid);
        DB.count("SELECT count(*) FROM (SELECT pg_terminate_backend(" + backend + ")) k");

        XAException notYet = assertThrows(XAException.class, () -> branch.rollback(xid));

        assertEquals(XAException.XAER_RMFAIL, notYet.errorCode, "the transaction manager tries again");
        assertTrue(notYet.getCause() instanceof RejectedExecutionException, String.valueOf(notYet.getCause()));
        assertEquals(1, finisherCalls.get(), "the rollback was sent from the finisher once the connection failed");
        assertEquals(1, record.dropped.get(), "the queued record was dropped");
        assertEquals(0, record.rolledBack.get(), "and not told of a rollback that did not happen");
        assertTrue(PreparedBranches.isPrepared(DB, xid), "the branch is still prepared, for the transaction manager's recovery");
    }

    /** The branch's connection: the one the test opened, closed when it failed. */
    private record Connections(XAConnection connection) implements BranchConnections<XAConnection> {
        @Override
        public XAConnection acquire() {
            return connection;
        }

        @Override
        public XAResource resource(XAConnection c) throws SQLException {
            return c.getXAResource();
        }

        @Override
        public void release(XAConnection c, boolean broken) {
            if (broken) {
                try {
                    c.close();
                } catch (SQLException e) {
                    throw new IllegalStateException("closing the branch's failed connection", e);
                }
            }
        }
    }

    /** A failure's record queued behind the row's lock, telling what the branch told it. */
    private static final class Record implements FailureRecord<XAConnection> {
        final AtomicInteger dropped = new AtomicInteger();
        final AtomicInteger rolledBack = new AtomicInteger();

        @Override
        public boolean inBranch(XAConnection connection) {
            throw new IllegalStateException("the branch was prepared: no record can go into it");
        }

        @Override
        public Queued queue() {
            return new Queued() {
                @Override
                public boolean isQueued() {
                    return true;
                }

                @Override
                public void branchRolledBack() {
                    rolledBack.incrementAndGet();
                }

                @Override
                public void dropped() {
                    dropped.incrementAndGet();
                }
            };
        }
    }
}
