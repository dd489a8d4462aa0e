package io.inboxra.ra.recovery;

import io.inboxra.harness.Await;
import io.inboxra.harness.HandClock;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import jakarta.transaction.Status;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.XAConnection;
import javax.sql.XADataSource;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A branch is finished when the database no longer lists it prepared, not when a commit was
 * acknowledged. In one CI run MariaDB answered a resolver's {@code XA COMMIT} with success while
 * the branch stayed prepared (its own session was letting go of it); the resolver forgot it, and
 * its row stayed locked until an operator committed it by hand. Here a real prepared branch on
 * each database, and a data source that acknowledges the first commit without passing it on
 * (that answer is the premise, not what is tested): the resolver and the finisher's watch keep
 * at it until the branch is gone, and its write commits once.
 */
class AcknowledgedButPreparedTest {

    private final TestTables tables = new TestTables();
    private final List<Xid> prepared = new ArrayList<>();
    private final ScheduledExecutorService watches = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void cleanUp() throws Exception {
        watches.shutdownNow();
        for (TestDatabase db : new TestDatabase[] {TestDatabase.POSTGRES, TestDatabase.MARIADB}) {
            XAConnection c = db.xaDataSource().getXAConnection();
            try {
                for (Xid xid : prepared) {
                    try {
                        c.getXAResource().rollback(xid);
                    } catch (javax.transaction.xa.XAException finished) {
                        // not prepared on this database: as it should be
                    }
                }
            } finally {
                c.close();
            }
        }
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
                acknowledgingFirstCommit(db.xaDataSource(), swallowed), "acknowledged", watches);
        HandClock clock = new HandClock(Instant.now());
        InDoubtResolver resolver = new InDoubtResolver("acknowledged", () -> true, branches, finisher,
                Duration.ofSeconds(1), clock);

        resolver.run();
        clock.advance(Duration.ofSeconds(2));
        resolver.run();
        assertEquals(1, swallowed.get(), "the database acknowledged the first commit without making it");
        assertTrue(isPrepared(db, xid), "the branch is still prepared");
        assertEquals(1, branches.all().size(), "the resolver still holds the branch it could not finish");

        resolver.run();
        assertTrue(!isPrepared(db, xid), "the next pass committed it");
        assertEquals(0, branches.all().size(), "and only then forgot it");
        assertEquals(1, db.count("SELECT count(*) FROM " + effects), "the branch's write, committed once");
    }

    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void theFinishersWatchCommitsABranchTheDatabaseStillListsAfterAnAcknowledgedCommit(TestDatabase db)
            throws Exception {
        String effects = tables.effects(db);
        Xid xid = prepareBranchWriting(db, effects);
        AtomicInteger swallowed = new AtomicInteger();
        FreshConnectionFinisher finisher = new FreshConnectionFinisher(
                acknowledgingFirstCommit(db.xaDataSource(), swallowed), "acknowledged", watches);

        finisher.commit(xid); // the transaction manager's second phase, from a new connection: "done"
        assertEquals(1, swallowed.get(), "the database acknowledged the commit without making it");
        Await.until("the watch has committed the branch the database still listed", Duration.ofSeconds(30),
                () -> !isPrepared(db, xid));
        assertEquals(1, db.count("SELECT count(*) FROM " + effects), "the branch's write, committed once");
    }

    /** A branch that wrote one row, prepared, its session closed (MariaDB: only then can another session finish it). */
    private Xid prepareBranchWriting(TestDatabase db, String table) throws Exception {
        UUID id = UUID.randomUUID();
        Xid xid = new TestXid(ByteBuffer.allocate(16).putLong(id.getMostSignificantBits())
                .putLong(id.getLeastSignificantBits()).array(), new byte[] {7});
        XAConnection c = db.xaDataSource().getXAConnection();
        try {
            XAResource resource = c.getXAResource();
            resource.start(xid, XAResource.TMNOFLAGS);
            try (Statement s = c.getConnection().createStatement()) {
                s.executeUpdate("INSERT INTO " + table + " (row_id) VALUES (1)");
            }
            resource.end(xid, XAResource.TMSUCCESS);
            resource.prepare(xid);
            prepared.add(xid);
        } finally {
            c.close();
        }
        assertTrue(isPrepared(db, xid), "the branch is prepared");
        return xid;
    }

    private static boolean isPrepared(TestDatabase db, Xid xid) throws SQLException, javax.transaction.xa.XAException {
        XAConnection c = db.xaDataSource().getXAConnection();
        try {
            return Arrays.stream(c.getXAResource().recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN))
                    .anyMatch(x -> Arrays.equals(x.getGlobalTransactionId(), xid.getGlobalTransactionId())
                            && Arrays.equals(x.getBranchQualifier(), xid.getBranchQualifier()));
        } finally {
            c.close();
        }
    }

    /** The data source, but the first commit through it is answered with success and not passed on. */
    private static XADataSource acknowledgingFirstCommit(XADataSource real, AtomicInteger swallowed) {
        return proxy(XADataSource.class, real, (target, method, args) -> {
            Object result = method.invoke(target, args);
            if (method.getName().equals("getXAConnection")) {
                return proxy(XAConnection.class, result, (connection, m, a) -> {
                    Object r = m.invoke(connection, a);
                    if (!m.getName().equals("getXAResource")) {
                        return r;
                    }
                    return proxy(XAResource.class, r, (resource, rm, ra) -> {
                        if (rm.getName().equals("commit") && swallowed.compareAndSet(0, 1)) {
                            return null;
                        }
                        return rm.invoke(resource, ra);
                    });
                });
            }
            return result;
        });
    }

    private interface Forward {
        Object call(Object target, Method method, Object[] args) throws Throwable;
    }

    private static <T> T proxy(Class<T> type, Object target, Forward forward) {
        InvocationHandler handler = (p, method, args) -> {
            try {
                return forward.call(target, method, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return type.cast(Proxy.newProxyInstance(AcknowledgedButPreparedTest.class.getClassLoader(), new Class<?>[] {type}, handler));
    }

    private record TestXid(byte[] gtrid, byte[] bqual) implements Xid {
        @Override
        public int getFormatId() {
            return 0x1B0C;
        }

        @Override
        public byte[] getGlobalTransactionId() {
            return gtrid.clone();
        }

        @Override
        public byte[] getBranchQualifier() {
            return bqual.clone();
        }
    }
}
