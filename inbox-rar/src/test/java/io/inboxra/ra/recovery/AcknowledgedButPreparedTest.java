package io.inboxra.ra.recovery;

import io.inboxra.harness.Await;
import io.inboxra.harness.HandClock;
import io.inboxra.harness.PreparedBranches;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.harness.XaResourceHooks;
import jakarta.transaction.Status;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.time.Instant;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import javax.sql.XAConnection;
import javax.sql.XADataSource;
import javax.transaction.xa.XAException;
import javax.transaction.xa.Xid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A branch is finished when the database no longer lists it prepared, not when a commit was
 * acknowledged. In one CI run MariaDB answered a resolver's {@code XA COMMIT} with success while
 * the branch stayed prepared (its own session was letting go of it); the resolver forgot it, and
 * its row stayed locked until an operator committed it by hand. Here a real prepared branch on
 * each database, and a data source that acknowledges its first commits or rollback without passing them on
 * (that answer is the premise, not what is tested): the resolver and the finisher's watch keep
 * at it until the branch is gone, and its write commits once. The same for a commit answered
 * "no such branch" while the database still lists the branch.
 */
class AcknowledgedButPreparedTest {

    private final TestTables tables = new TestTables();
    private final ScheduledExecutorService watches = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void cleanUp() throws Exception {
        watches.shutdownNow();
        tables.dropAll();
    }

    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void theResolverKeepsABranchTheDatabaseStillListsAfterAnAcknowledgedCommit(TestDatabase db) throws Exception {
        String effects = tables.effects(db);
        Xid xid = prepareBranchWriting(db, effects);
        UndecidedBranches branches = new UndecidedBranches("acknowledged", null);
        branches.left(new UndecidedBranches.Undecided(xid, Status.STATUS_COMMITTED));
        AtomicInteger swallowed = new AtomicInteger();
        FreshConnectionFinisher finisher = new FreshConnectionFinisher(
                acknowledgingWithoutDoing(db.xaDataSource(), "commit", 1, swallowed), db.dialect(), "acknowledged",
                watches);
        HandClock clock = new HandClock(Instant.now());
        InDoubtResolver resolver = new InDoubtResolver("acknowledged", () -> true, branches, finisher,
                Duration.ofSeconds(1), clock);

        resolver.run();
        clock.advance(Duration.ofSeconds(2));
        resolver.run();
        assertEquals(1, swallowed.get(), "the database acknowledged the first commit without making it");
        assertTrue(PreparedBranches.isPrepared(db, xid), "the branch is still prepared");
        assertEquals(1, branches.all().size(), "the resolver still holds the branch it could not finish");

        // The next pass commits it (on MariaDB once the closed session has let go of it: until then XAER_NOTA).
        Await.until("a later pass has committed the branch", Duration.ofSeconds(30), () -> {
            resolver.run();
            return branches.all().isEmpty();
        });
        assertTrue(!PreparedBranches.isPrepared(db, xid), "forgotten only once committed");
        assertEquals(1, db.count("SELECT count(*) FROM " + effects), "the branch's write, committed once");
    }

    /**
     * A driver that fails with a {@code RuntimeException} (not an {@code XAException}) on the
     * resolver's commit: the pass ends normally (thrown out of a timer task it would end the
     * subscription's timer, and the resolver and the retention sweep with it), the branch is kept,
     * and a later pass commits it.
     */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void aDriversRuntimeExceptionLeavesTheBranchToTheNextPass(TestDatabase db) throws Exception {
        String effects = tables.effects(db);
        Xid xid = prepareBranchWriting(db, effects);
        UndecidedBranches branches = new UndecidedBranches("driver-failure", null);
        branches.left(new UndecidedBranches.Undecided(xid, Status.STATUS_COMMITTED));
        AtomicInteger thrown = new AtomicInteger();
        FreshConnectionFinisher finisher = new FreshConnectionFinisher(XaResourceHooks.hooked(db.xaDataSource(),
                call -> {
                    if (call.name().equals("commit") && thrown.getAndIncrement() == 0) {
                        throw new IllegalStateException("the driver's own failure");
                    }
                    return call.proceed();
                }), db.dialect(), "driver-failure", watches);
        HandClock clock = new HandClock(Instant.now());
        InDoubtResolver resolver = new InDoubtResolver("driver-failure", () -> true, branches, finisher,
                Duration.ofSeconds(1), clock);

        resolver.run();
        clock.advance(Duration.ofSeconds(2));
        resolver.run();
        assertEquals(1, thrown.get(), "the commit failed with the driver's RuntimeException");
        assertTrue(PreparedBranches.isPrepared(db, xid), "the branch is still prepared");
        assertEquals(1, branches.all().size(), "the resolver still holds the branch");

        // On MariaDB once the closed preparing session has let go of the branch: until then XAER_NOTA.
        Await.until("a later pass has committed the branch", Duration.ofSeconds(30), () -> {
            resolver.run();
            return branches.all().isEmpty();
        });
        assertTrue(!PreparedBranches.isPrepared(db, xid), "committed");
        assertEquals(1, db.count("SELECT count(*) FROM " + effects), "the branch's write, committed once");
    }

    /**
     * The second phase cut off from its connection, finished from a new one: the commit the database
     * acknowledged without making is reported unfinished ({@code XAER_RMFAIL}: the transaction
     * manager keeps its record), and the watch commits the branch, though its first try is
     * acknowledged without effect too.
     */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void theFinishersWatchCommitsABranchTheDatabaseStillListsAfterAnAcknowledgedCommit(TestDatabase db)
            throws Exception {
        AtomicInteger swallowed = new AtomicInteger();
        commitIsReportedUnfinishedAndTheWatchCommits(db, real -> acknowledgingWithoutDoing(real, "commit", 2, swallowed),
                "a commit the database still shows prepared is not reported done");
        assertEquals(2, swallowed.get(), "the first try and the watch's first look were acknowledged without effect");
    }

    /**
     * MariaDB answers {@code XAER_NOTA} ("no such branch") to a new session's commit while the killed
     * session still holds the branch; the second phase would take that for a commit already made. While
     * the database still lists the branch the finisher reports it unfinished ({@code XAER_RMFAIL}) and
     * its watch commits it.
     */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void aCommitAnsweredNoSuchBranchWhileTheDatabaseStillListsItIsNotReportedDone(TestDatabase db) throws Exception {
        AtomicInteger refused = new AtomicInteger();
        commitIsReportedUnfinishedAndTheWatchCommits(db,
                real -> answeringWithoutDoing(real, "commit", 1, refused, XAException.XAER_NOTA),
                "'no such branch' for a branch the database still lists is not a commit already made");
        assertEquals(1, refused.get());
    }

    /** The watch's first look answered "no such branch" too, the branch still listed: it looks again and commits. */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void theWatchLooksAgainAfterNoSuchBranchForABranchTheDatabaseStillLists(TestDatabase db) throws Exception {
        AtomicInteger refused = new AtomicInteger();
        commitIsReportedUnfinishedAndTheWatchCommits(db,
                real -> answeringWithoutDoing(real, "commit", 2, refused, XAException.XAER_NOTA),
                "'no such branch' for a branch the database still lists is not a commit already made");
        assertEquals(2, refused.get(), "the first try and the watch's first look were answered 'no such branch'");
    }

    /**
     * The list of prepared branches could not be read after the watch's commit (which the database
     * acknowledged without making): the look does not take the branch for finished, and a later look
     * commits it.
     */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void theWatchDoesNotTakeAListItCouldNotReadForAFinishedBranch(TestDatabase db) throws Exception {
        AtomicInteger swallowed = new AtomicInteger();
        AtomicInteger lists = new AtomicInteger();
        commitIsReportedUnfinishedAndTheWatchCommits(db, real -> XaResourceHooks.hooked(real, call -> {
            if (call.name().equals("commit") && swallowed.getAndUpdate(n -> n < 2 ? n + 1 : n) < 2) {
                return null; // the first try's and the first look's commits: acknowledged, not made
            }
            // The lists: the first try's after its commit, the first look's before and after its commit (failing).
            if (call.name().equals("recover") && lists.incrementAndGet() == 3) {
                throw new XAException(XAException.XAER_RMERR);
            }
            return call.proceed();
        }), "a commit the database still shows prepared is not reported done");
        assertEquals(2, swallowed.get());
        // The look lists the branches again just after its commit, which the wait above may have seen first.
        Await.until("a later look listed the branch, committed it and listed it gone (lists so far: " + lists.get() + ")",
                Duration.ofSeconds(10), () -> lists.get() >= 5);
    }

    /**
     * A prepared branch's commit from a new connection, through {@code answering}'s data source: reported
     * unfinished ({@code XAER_RMFAIL}), then committed once by the finisher's watch.
     */
    private void commitIsReportedUnfinishedAndTheWatchCommits(TestDatabase db,
            UnaryOperator<XADataSource> answering, String why) throws Exception {
        String effects = tables.effects(db);
        Xid xid = prepareBranchWriting(db, effects);
        FreshConnectionFinisher finisher = new FreshConnectionFinisher(answering.apply(db.xaDataSource()),
                db.dialect(), "unfinished", watches);

        XAException unfinished = assertThrows(XAException.class, () -> finisher.commit(xid, OptionalLong.empty()), why);
        assertEquals(XAException.XAER_RMFAIL, unfinished.errorCode);
        Await.until("the watch has committed the branch the database still listed", Duration.ofSeconds(30),
                () -> !PreparedBranches.isPrepared(db, xid));
        assertEquals(1, db.count("SELECT count(*) FROM " + effects), "the branch's write, committed once");
    }

    /** "No such branch" for a branch the database no longer lists is passed on: the commit was already made. */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void aCommitAnsweredNoSuchBranchForABranchAlreadyCommittedIsPassedOn(TestDatabase db) throws Exception {
        String effects = tables.effects(db);
        Xid xid = prepareBranchWriting(db, effects);
        XAConnection c = db.xaDataSource().getXAConnection();
        try {
            c.getXAResource().commit(xid, false);
        } finally {
            c.close();
        }
        FreshConnectionFinisher finisher = new FreshConnectionFinisher(db.xaDataSource(), db.dialect(), "committed",
                watches);

        XAException gone = assertThrows(XAException.class, () -> finisher.commit(xid, OptionalLong.empty()));
        assertEquals(XAException.XAER_NOTA, gone.errorCode, "the caller reads it as the commit already made");
        assertEquals(1, db.count("SELECT count(*) FROM " + effects), "the branch's write, committed once");
    }

    /** The same for a rollback, which may be reported done: the watch rolls the branch back. */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void theFinishersWatchRollsBackABranchTheDatabaseStillListsAfterAnAcknowledgedRollback(TestDatabase db)
            throws Exception {
        String effects = tables.effects(db);
        Xid xid = prepareBranchWriting(db, effects);
        AtomicInteger swallowed = new AtomicInteger();
        FreshConnectionFinisher finisher = new FreshConnectionFinisher(
                acknowledgingWithoutDoing(db.xaDataSource(), "rollback", 1, swallowed), db.dialect(), "acknowledged",
                watches);

        finisher.rollback(xid, OptionalLong.empty());
        Await.until("the watch has rolled back the branch the database still listed", Duration.ofSeconds(30),
                () -> !PreparedBranches.isPrepared(db, xid));
        assertEquals(1, swallowed.get());
        assertEquals(0, db.count("SELECT count(*) FROM " + effects), "the branch's write, rolled back");
    }

    /** A branch that wrote one row, prepared, its session closed (MariaDB: only then can another session finish it). */
    private Xid prepareBranchWriting(TestDatabase db, String table) throws Exception {
        Xid xid;
        XAConnection c = db.xaDataSource().getXAConnection();
        try {
            xid = tables.preparedBranch(db, PreparedBranches.prepareWriting(c, table, 1, 0x1B0C));
        } finally {
            c.close();
        }
        assertTrue(PreparedBranches.isPrepared(db, xid), "the branch is prepared");
        return xid;
    }

    /** The data source, but its first {@code times} calls of {@code method} are answered with success and not passed on. */
    private static XADataSource acknowledgingWithoutDoing(XADataSource real, String method, int times,
            AtomicInteger swallowed) {
        return answeringWithoutDoing(real, method, times, swallowed, 0);
    }

    /**
     * The data source, but its first {@code times} calls of {@code method} are not passed on and are answered
     * with success ({@code errorCode} 0) or with an {@code XAException} of that code.
     */
    private static XADataSource answeringWithoutDoing(XADataSource real, String method, int times,
            AtomicInteger swallowed, int errorCode) {
        return XaResourceHooks.hooked(real, call -> {
            if (call.name().equals(method) && swallowed.getAndUpdate(n -> n < times ? n + 1 : n) < times) {
                if (errorCode != 0) {
                    throw new XAException(errorCode);
                }
                return null;
            }
            return call.proceed();
        });
    }
}
