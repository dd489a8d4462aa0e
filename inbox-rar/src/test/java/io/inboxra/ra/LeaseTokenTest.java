package io.inboxra.ra;

import io.inboxra.harness.Await;
import io.inboxra.harness.EffectWriter;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The lease form on MariaDB claims in two statements: the rows with the lease about to be
 * written, then that lease written as their fencing token, nothing read back. That holds only
 * where the lease column stores the token as the claim computed it (microseconds); a coarser
 * column rounds it, and the claim must read the rows back. Both are run here on every kind of
 * lease column, with the fence that a lost lease meets.
 */
class LeaseTokenTest {

    private static final TestDatabase DB = TestDatabase.MARIADB;
    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    private String inbox(String leaseColumn) throws SQLException {
        return tables.create(DB, "inbox", "id " + DB.autoId() + ", payload " + DB.text() + " NOT NULL,"
                + " locked_until " + leaseColumn);
    }

    private Map<String, String> properties(String name, String table) {
        Map<String, String> p = DB.properties(name, table);
        p.put("lockedUntilColumn", "locked_until");
        return p;
    }

    @ParameterizedTest
    @ValueSource(strings = {"DATETIME(6)", "TIMESTAMP(6) NULL", "DATETIME(3)", "DATETIME"})
    void everyRowIsDeliveredOnceWhateverTheLeaseColumnsPrecision(String leaseColumn) throws Exception {
        String table = inbox(leaseColumn);
        for (int batchSize : new int[] {1, 5}) {
            DB.insertRows(table, 30);
            try (Harness server = Harness.start()) {
                Map<String, String> p = properties("token-" + batchSize, table);
                p.put("workers", "3");
                p.put("batchSize", String.valueOf(batchSize));
                Harness.Activation mdb = server.activate(message -> io.inboxra.Outcome.ack(), p);
                // The harness logs a commit a moment after the rows leave the table.
                Await.until("the thirty rows are settled", Duration.ofSeconds(30), () -> mdb.log().committed().size() >= 30);
                mdb.deactivate();
                List<Object> committed = mdb.log().committed();
                assertEquals(30, committed.size(), "every row settled once: " + committed);
                assertEquals(0, DB.count("SELECT count(*) FROM " + table));
                assertEquals(committed.size(), new HashSet<>(committed).size(), "each row settled once: " + committed);
                assertEquals(0, mdb.log().rolledBack().size(), "no settlement was refused: " + mdb.log().rolledBack());
            }
        }
    }

    /**
     * One pooled connection serves every claim (out of autocommit, committed), every settlement (an
     * XA branch) and every lease extension (back in autocommit), in whatever order the workers
     * meet: none runs inside another's transaction.
     */
    @ParameterizedTest
    @ValueSource(strings = {"DATETIME(6)", "DATETIME(3)"})
    void claimsSettlementsAndHeartbeatsShareOnePooledConnection(String leaseColumn) throws Exception {
        String table = inbox(leaseColumn);
        DB.insertRows(table, 12);
        try (Harness server = Harness.start()) {
            Map<String, String> p = properties("shared", table);
            p.put("workers", "3");
            p.put("connections", "1");
            // 3 s, not less: an extension's reply is cut off at a sixth of the lease, and on a machine shared with
            // other test JVMs a 1 s lease's 250 ms let one slow reply lose a lease.
            p.put("lease", "PT3S");
            // Longer than a lease: each row's heartbeat extends it at least twice on the pool's one connection.
            Harness.Activation mdb = server.activate(message -> {
                Await.sleep(3600);
                return io.inboxra.Outcome.ack();
            }, p);
            Await.until("the twelve rows are settled", Duration.ofSeconds(90), () -> mdb.log().committed().size() >= 12);
            List<Object> committed = mdb.log().committed();
            assertEquals(12, new HashSet<>(committed).size(), "each row settled once: " + committed);
            assertEquals(List.of(), mdb.log().rolledBack(), "no lease was lost, no settlement refused");
            assertEquals(0, DB.count("SELECT count(*) FROM " + table));
        }
    }

    /**
     * Another claim takes the row while its handler runs (its lease overwritten, as after a lease
     * that ran out): the first delivery's settlement matches the token it was claimed with, finds
     * the other one, and is refused with the handler's own work; the row is delivered again.
     */
    @ParameterizedTest
    @ValueSource(strings = {"DATETIME(6)", "DATETIME(3)"})
    void aLeaseTakenByAnotherClaimCannotSettle(String leaseColumn) throws Exception {
        String table = inbox(leaseColumn);
        String effects = tables.effects(DB);
        DB.execute("INSERT INTO " + table + " (payload) VALUES ('taken, then delivered')");
        long id = DB.count("SELECT id FROM " + table);
        AtomicInteger calls = new AtomicInteger();
        Set<Long> none = ConcurrentHashMap.newKeySet();
        try (Harness server = Harness.start();
             EffectWriter writer = new EffectWriter(DB.xaDataSource(), effects, none, message -> {
                 if (calls.incrementAndGet() == 1) {
                     try {
                         // A lease in the past: the row is claimable again, and its token is no longer this delivery's.
                         DB.execute("UPDATE " + table + " SET locked_until = NOW(6) - INTERVAL 1 SECOND WHERE id = " + id);
                     } catch (SQLException e) {
                         throw new IllegalStateException(e);
                     }
                 }
             })) {
            Map<String, String> p = properties("taken", table);
            p.put("lease", "PT30S");
            Harness.Activation mdb = server.activate(writer, p);
            Await.until("the row is settled", Duration.ofSeconds(30), () -> mdb.log().committed().size() == 1);
            assertEquals(List.of(id), mdb.log().rolledBack(), "the first delivery's settlement was refused");
            assertEquals(List.of(id), mdb.log().committed(), "the second delivery settled the row");
            assertEquals(1, DB.count("SELECT count(*) FROM " + effects), "the effect exists exactly once");
            assertEquals(0, DB.count("SELECT count(*) FROM " + table));
        }
    }
}
