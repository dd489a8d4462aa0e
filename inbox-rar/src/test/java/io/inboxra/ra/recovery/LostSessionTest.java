package io.inboxra.ra.recovery;

import io.inboxra.harness.Await;
import io.inboxra.harness.PreparedBranches;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.harness.XaResourceHooks;
import io.inboxra.ra.dialect.mysql.MariaDbDialect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.XAConnection;
import javax.sql.XADataSource;
import javax.transaction.xa.XAException;
import javax.transaction.xa.Xid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A prepared branch is finished from a new connection only once the session of its failed
 * connection is gone (MariaDB). A decision sent while that session closes is acknowledged, and
 * InnoDB keeps the branch prepared, unlisted by {@code XA RECOVER} and out of every {@code XA}
 * statement's reach, holding its row until the server restarts: a chaos run in CI left one row so
 * (its lease long run out, held by a transaction of no session), and a loop of killed prepares
 * outside the adapter leaves one in about a thousand kills.
 */
class LostSessionTest {

    private static final TestDatabase DB = TestDatabase.MARIADB;

    private final TestTables tables = new TestTables();
    private final ScheduledExecutorService watches = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void cleanUp() throws Exception {
        watches.shutdownNow();
        tables.dropAll();
    }

    /**
     * The failed connection's session still there (a network gone quiet: the server has not noticed):
     * nothing is sent for the branch, the transaction manager is told to try again, and the branch is
     * committed once the session goes.
     */
    @Test
    void aBranchWhoseSessionIsStillThereIsCommittedOnlyOnceTheSessionIsGone() throws Exception {
        String effects = tables.effects(DB);
        AtomicInteger decisions = new AtomicInteger();
        FreshConnectionFinisher finisher = new FreshConnectionFinisher(counting(DB.xaDataSource(), decisions),
                new MariaDbDialect(), "lost", watches);
        XAConnection held = DB.xaDataSource().getXAConnection();
        try {
            long session = PreparedBranches.sessionOf(held);
            Xid xid = prepareWriting(held, effects);

            XAException notYet = assertThrows(XAException.class, () -> finisher.commit(xid, OptionalLong.of(session)));
            assertEquals(XAException.XAER_RMFAIL, notYet.errorCode, "the transaction manager tries again");
            Thread.sleep(2_500); // the watch looks every second
            assertEquals(0, decisions.get(), "no XA COMMIT was sent while the branch's session was there");
            assertTrue(PreparedBranches.isPrepared(DB, xid), "the branch is still prepared");
        } finally {
            held.close();
        }
        Await.until("the watch has committed the branch once its session went", Duration.ofSeconds(10),
                () -> DB.count("SELECT count(*) FROM " + effects) == 1);
    }

    /**
     * A delivery cut off as its subscription stopped (an undeploy past its grace): the finisher's thread is
     * gone, so it cannot watch the branch; the transaction manager is still told to try again, not handed an
     * exception outside XA's, and the branch stays prepared for its recovery, which commits it.
     */
    @Test
    void aStoppedSubscriptionsFinisherStillAnswersTryAgainAndLeavesTheBranchToRecovery() throws Exception {
        String effects = tables.effects(DB);
        watches.shutdownNow();
        FreshConnectionFinisher finisher = new FreshConnectionFinisher(DB.xaDataSource(), new MariaDbDialect(),
                "stopped", watches);
        XAConnection held = DB.xaDataSource().getXAConnection();
        long session = PreparedBranches.sessionOf(held);
        Xid xid = prepareWriting(held, effects);
        try {
            XAException notYet = assertThrows(XAException.class, () -> finisher.commit(xid, OptionalLong.of(session)));
            assertEquals(XAException.XAER_RMFAIL, notYet.errorCode, "the transaction manager tries again");
            assertTrue(PreparedBranches.isPrepared(DB, xid), "the branch is still prepared, for the transaction manager's recovery");
        } finally {
            held.close();
        }
        // The transaction manager's recovery, once the session has gone: the decision it logged.
        Await.until("the branch's session is gone", Duration.ofSeconds(10),
                () -> DB.count("SELECT count(*) FROM information_schema.PROCESSLIST WHERE ID = " + session) == 0);
        XAConnection recovery = DB.xaDataSource().getXAConnection();
        try {
            recovery.getXAResource().commit(xid, false);
        } finally {
            recovery.close();
        }
        assertEquals(1, DB.count("SELECT count(*) FROM " + effects), "the branch's write, once");
    }

    /**
     * The branch's session killed just after its prepare, the branch committed at once from a new
     * connection, again and again: each is committed once (a branch left out of XA's reach would never be).
     */
    @Test
    void branchesWhoseSessionsAreKilledAreEachCommittedOnce() throws Exception {
        String effects = tables.effects(DB);
        FreshConnectionFinisher finisher = new FreshConnectionFinisher(DB.xaDataSource(), new MariaDbDialect(),
                "killed", watches);
        int branches = 30;
        int retried = 0;
        try (Connection admin = DB.connect(); Statement kill = admin.createStatement()) {
            for (int i = 0; i < branches; i++) {
                XAConnection killed = DB.xaDataSource().getXAConnection();
                long session = PreparedBranches.sessionOf(killed);
                Xid xid = prepareWriting(killed, effects);
                kill.execute("KILL CONNECTION " + session);
                try {
                    finisher.commit(xid, OptionalLong.of(session));
                } catch (XAException e) {
                    assertEquals(XAException.XAER_RMFAIL, e.errorCode, "only ever 'try again'");
                    retried++;
                }
                killed.close();
            }
        }
        int committed = branches;
        Await.until("every branch committed", Duration.ofSeconds(30),
                () -> DB.count("SELECT count(*) FROM " + effects) == committed);
        assertEquals(branches, DB.count("SELECT count(DISTINCT row_id) FROM " + effects), "each branch's write once");
        assertTrue(retried < branches, "most sessions went within the wait: " + retried + " of " + branches);
    }


    private static final AtomicInteger ROWS = new AtomicInteger();

    private static Xid prepareWriting(XAConnection c, String table) throws Exception {
        return PreparedBranches.prepareWriting(c, table, ROWS.incrementAndGet(), 0x1B0D);
    }

    /** The data source, counting the commits and rollbacks sent through its XA resources. */
    private static XADataSource counting(XADataSource real, AtomicInteger decisions) {
        return XaResourceHooks.hooked(real, call -> {
            if (call.name().equals("commit") || call.name().equals("rollback")) {
                decisions.incrementAndGet();
            }
            return call.proceed();
        });
    }
}
