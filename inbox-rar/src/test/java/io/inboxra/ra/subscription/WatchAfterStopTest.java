package io.inboxra.ra.subscription;

import io.inboxra.harness.Await;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.harness.TestXid;
import io.inboxra.ra.dialect.mysql.MariaDbDialect;
import io.inboxra.ra.recovery.FreshConnectionFinisher;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.Timer;
import javax.sql.XAConnection;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A prepared branch being finished from new connections when its subscription stops (an undeploy):
 * the watch goes on after the stop and finishes it, since it may be all that ever would (a prepare
 * whose vote never came back is one the transaction manager no longer knows of). Stopped with the
 * subscription's other threads, it would leave the branch prepared and its row locked, unreported.
 */
class WatchAfterStopTest {

    private static final TestDatabase DB = TestDatabase.MARIADB;

    private final TestTables tables = new TestTables();

    private Xid prepared;

    @AfterEach
    void cleanUp() throws Exception {
        // Still prepared (the test failed): rolled back, or dropping its table would wait on it for ever.
        if (prepared != null) {
            XAConnection c = DB.xaDataSource().getXAConnection();
            try {
                c.getXAResource().rollback(prepared);
            } catch (XAException finished) {
                // Committed by the watch, as the test wants.
            } finally {
                c.close();
            }
        }
        tables.dropAll();
    }

    @Test
    void aWatchUnderWayAtTheStopFinishesItsBranchAfterIt() throws Exception {
        String effects = tables.effects(DB);
        SubscriptionThreads threads = new SubscriptionThreads("watch-after-stop", new Timer(true), false);
        FreshConnectionFinisher finisher = new FreshConnectionFinisher(DB.xaDataSource(), new MariaDbDialect(),
                "watch-after-stop", threads.secondPhases());
        XAConnection held = DB.xaDataSource().getXAConnection();
        long session = sessionOf(held);
        Xid xid = prepareWriting(held, effects);
        prepared = xid;
        // The branch's failed connection still has its session (a network gone quiet): the commit is left to the watch.
        XAException notYet = assertThrows(XAException.class, () -> finisher.commit(xid, OptionalLong.of(session)));
        assertEquals(XAException.XAER_RMFAIL, notYet.errorCode);
        assertEquals(1, finisher.watching(), "the branch is watched");

        threads.close();
        held.close();

        Await.until("the watch commits the branch once its session is gone, after the stop", Duration.ofSeconds(15),
                () -> DB.count("SELECT count(*) FROM " + effects) == 1);
        Await.until("and lets it go", Duration.ofSeconds(15), () -> finisher.watching() == 0);
    }

    private static long sessionOf(XAConnection c) throws SQLException {
        try (Statement s = c.getConnection().createStatement(); ResultSet rs = s.executeQuery("SELECT CONNECTION_ID()")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static Xid prepareWriting(XAConnection c, String table) throws Exception {
        Xid xid = TestXid.random(0x1B0F, (byte) 1);
        XAResource resource = c.getXAResource();
        resource.start(xid, XAResource.TMNOFLAGS);
        try (Statement s = c.getConnection().createStatement()) {
            s.executeUpdate("INSERT INTO " + table + " (row_id) VALUES (1)");
        }
        resource.end(xid, XAResource.TMSUCCESS);
        resource.prepare(xid);
        return xid;
    }
}
