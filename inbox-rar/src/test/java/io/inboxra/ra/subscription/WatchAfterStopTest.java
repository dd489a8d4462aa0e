package io.inboxra.ra.subscription;

import io.inboxra.harness.Await;
import io.inboxra.harness.PreparedBranches;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.ra.dialect.mysql.MariaDbDialect;
import io.inboxra.ra.recovery.FreshConnectionFinisher;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.OptionalLong;
import java.util.Timer;
import javax.sql.XAConnection;
import javax.transaction.xa.XAException;
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

    @AfterEach
    void cleanUp() throws Exception {
        tables.dropAll();
    }

    @Test
    void aWatchUnderWayAtTheStopFinishesItsBranchAfterIt() throws Exception {
        String effects = tables.effects(DB);
        SubscriptionThreads threads = new SubscriptionThreads("watch-after-stop", new Timer(true), false);
        FreshConnectionFinisher finisher = new FreshConnectionFinisher(DB.xaDataSource(), new MariaDbDialect(),
                "watch-after-stop", threads.secondPhases());
        XAConnection held = DB.xaDataSource().getXAConnection();
        long session = PreparedBranches.sessionOf(held);
        Xid xid = tables.preparedBranch(DB, PreparedBranches.prepareWriting(held, effects, 1, 0x1B0F));
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

}
