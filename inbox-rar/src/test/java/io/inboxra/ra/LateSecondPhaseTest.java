package io.inboxra.ra;

import io.inboxra.InboxMessage;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.EffectWriter;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.harness.TestXid;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import javax.sql.XAConnection;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * A delivery's second phase fails and is retried late: meanwhile its row, settled only in a
 * prepared branch, is claimable again (the advisory form's session lock died with the
 * connection). A second delivery of it must not also commit: each settlement is guarded by
 * {@code processed_at IS NULL} / {@code dead_at IS NULL} and changes no row once the first one
 * has committed, so the second rolls back with the MDB's work (issue 22, point 6).
 *
 * <p>The first delivery is the test's own: the row settled and its effect written in one XA
 * branch, prepared, its connection's locks gone with it; the retried {@code COMMIT PREPARED}
 * comes while the adapter's second delivery is in the MDB.
 */
class LateSecondPhaseTest {

    private static final Duration LONG = Duration.ofSeconds(60);

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        Faults.rollBackPreparedBranchesOn(tables.on(TestDatabase.POSTGRES));
        tables.dropAll();
    }

    /** How the first delivery settled the row. */
    enum First { PROCESSED, DEAD }

    static Stream<Arguments> everyDatabaseFormBatchAndFirst() {
        return Stream.of(TestDatabase.values()).flatMap(db -> Stream.of(Form.values()).flatMap(form -> Stream
                .of(1, 3).flatMap(batch -> Stream.of(First.values()).map(first -> Arguments.of(db, form, batch, first)))));
    }

    @ParameterizedTest
    @MethodSource("everyDatabaseFormBatchAndFirst")
    void aRowSettledByALateSecondPhaseIsNotSettledAgainByASecondDelivery(TestDatabase db, Form form, int batchSize,
            First first) throws Exception {
        String table = tables.inbox(db);
        db.execute("ALTER TABLE " + table + " ADD COLUMN dead_at " + db.timestamp());
        String effects = tables.effects(db);
        db.insertRows(table, 2);
        long id = db.count("SELECT min(id) FROM " + table);
        long other = db.count("SELECT max(id) FROM " + table);
        CountDownLatch invoked = new CountDownLatch(1);
        CountDownLatch committed = new CountDownLatch(1);
        Consumer<InboxMessage> holdTheSecondDelivery = message -> {
            if (((Number) message.id()).longValue() == id) {
                invoked.countDown();
                try {
                    committed.await(LONG.toSeconds(), TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        XAConnection firstDelivery = db.xaDataSource().getXAConnection();
        Xid xid = TestXid.of(0x5e77, ThreadLocalRandom.current().nextLong(), (byte) 1);
        XAResource branch = firstDelivery.getXAResource();
        boolean finished = false;
        try (EffectWriter writer = new EffectWriter(db.xaDataSource(), effects, ConcurrentHashMap.newKeySet(), holdTheSecondDelivery);
                Harness server = Harness.start()) {
            branch.start(xid, XAResource.TMNOFLAGS);
            try (Statement s = firstDelivery.getConnection().createStatement()) {
                s.executeUpdate("UPDATE " + table + " SET " + (first == First.PROCESSED ? "processed_at"
                        : "dead_at") + " = CURRENT_TIMESTAMP, locked_until = NULL WHERE id = " + id);
                s.executeUpdate("INSERT INTO " + effects + " (row_id) VALUES (" + id + ")");
            }
            branch.end(xid, XAResource.TMSUCCESS);
            branch.prepare(xid);

            Map<String, String> p = db.properties("late-second-phase", table, form);
            p.put("processedAtColumn", "processed_at");
            p.put("deadAtColumn", "dead_at");
            p.put("batchSize", String.valueOf(batchSize));
            Harness.Activation mdb = batchSize > 1
                    ? server.activateBatch(messages -> messages.stream().map(writer::onMessage).toList(), p)
                    : server.activate(writer, p);
            // The advisory form on PostgreSQL claims the row again (its claim reads a snapshot, and no lock
            // of the first delivery is left); the others skip it, locked by the prepared branch, and deliver
            // the row after it; so does the advisory form on MariaDB, whose claim is a locking read there.
            boolean skips = form != Form.ADVISORY || db == TestDatabase.MARIADB;
            Await.until("the row is delivered again, or skipped", LONG, () -> invoked.getCount() == 0
                    || skips && mdb.log().hasCommitted(other));
            branch.commit(xid, false);
            finished = true;
            committed.countDown();

            long marker = db.insertMarker(table, "payload", "'marker'");
            Await.until("every later row is settled", LONG,
                    () -> mdb.log().hasCommitted(marker) && mdb.log().hasCommitted(other));
            mdb.deactivate();
            assertEquals(1, db.count("SELECT count(*) FROM " + effects + " WHERE row_id = " + id),
                    "the row's effect once: the first delivery's");
            assertEquals(1, db.count("SELECT count(*) FROM " + effects + " WHERE row_id = " + other));
            assertFalse(mdb.log().hasCommitted(id), "no second delivery of the row committed");
            assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE id = " + id + " AND "
                    + (first == First.PROCESSED ? "processed_at IS NOT NULL AND dead_at IS NULL"
                            : "dead_at IS NOT NULL AND processed_at IS NULL")), "settled as the first delivery did");
        } finally {
            committed.countDown();
            if (!finished) {
                try {
                    branch.rollback(xid);
                } catch (javax.transaction.xa.XAException e) {
                    // Never prepared: nothing is held.
                }
            }
            firstDelivery.close();
        }
    }
}
