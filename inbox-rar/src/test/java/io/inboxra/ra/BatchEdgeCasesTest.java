package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Batches in the lease and advisory lock forms at their edges: claims larger than the advisory
 * claim's old fixed window, binary ids, a driver that does not count a JDBC batch's rows, and a
 * lease lost during a batch. Each failed on the first version of these batches (found in review).
 */
class BatchEdgeCasesTest {

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    static Stream<Arguments> everyDatabase() {
        return Stream.of(TestDatabase.values()).map(Arguments::of);
    }

    static Stream<Arguments> mariaDbLeaseAndAdvisory() {
        return Stream.of(Form.LEASE, Form.ADVISORY).flatMap(form -> Stream.of(1, 10)
                .map(batchSize -> Arguments.of(TestDatabase.MARIADB, form, batchSize)));
    }

    /**
     * The advisory claim locks among a fixed 256 candidates (ADVISORY_CANDIDATES): a batchSize
     * above 256 is silently capped, and once the first worker's batch holds the first 256 rows
     * the other workers find nothing claimable and back off, however many rows wait.
     */
    @ParameterizedTest
    @MethodSource("everyDatabase")
    void anAdvisoryBatchTakesBatchSizeRowsAndASecondWorkerIsNotStarved(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, 1200);
        List<Integer> sizes = new CopyOnWriteArrayList<>();
        AtomicInteger inWork = new AtomicInteger();
        AtomicInteger mostInWork = new AtomicInteger();
        try (Harness server = Harness.start()) {
            Map<String, String> p = db.properties("batch-edge-cap", table, Form.ADVISORY);
            p.put("batchSize", "400");
            p.put("workers", "2");
            Harness.Activation mdb = server.activateBatch(messages -> {
                sizes.add(messages.size());
                mostInWork.accumulateAndGet(inWork.incrementAndGet(), Math::max);
                try {
                    Thread.sleep(1500);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    inWork.decrementAndGet();
                }
                return messages.stream().map(m -> Outcome.ack()).toList();
            }, p);
            Await.until("every row is settled", Duration.ofSeconds(60),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
            mdb.deactivate();
            assertTrue(sizes.stream().anyMatch(s -> s == 400), "a batch of batchSize rows: " + sizes);
            assertEquals(2, mostInWork.get(), "both workers had a batch in work at once: " + sizes);
        }
    }

    /**
     * An id column whose JDBC value is a byte[] (BINARY(16), the usual UUID key on MariaDB): the
     * lease claim in steps reads its rows back with leaseReadAll and puts them in claim order
     * through a HashMap keyed by the id (LeaseDelivery.inClaimOrder), and the advisory batch's
     * recheck does the same (AdvisoryBatchDelivery.recheck). byte[] has identity equality, so
     * every lookup misses: the lease form drops every row it just leased (nothing is ever
     * delivered), the advisory form throws a NullPointerException from lockedBy(null).
     * With batchSize 1 (and before the change, in the lease form) such a table was delivered.
     */
    @ParameterizedTest
    @MethodSource("mariaDbLeaseAndAdvisory")
    void aBinaryIdColumnIsDeliveredInBatches(TestDatabase db, Form form, int batchSize) throws Exception {
        String table = tables.create(db, "binid", "id BINARY(16) PRIMARY KEY, payload " + db.text() + " NOT NULL,"
                + " queue " + db.text() + ", due_at " + db.timestamp() + ", priority INT NOT NULL DEFAULT 0,"
                + " processed_at " + db.timestamp() + ", attempts INT NOT NULL DEFAULT 0, locked_until " + db.timestamp());
        db.execute("INSERT INTO " + table + " (id, payload) SELECT UNHEX(MD5(n)), CONCAT('row ', n) FROM " + db.series(20));
        try (Harness server = Harness.start()) {
            Map<String, String> p = db.properties("batch-edge-binid", table, form);
            p.put("batchSize", String.valueOf(batchSize));
            if (form == Form.LEASE) {
                p.put("lease", "PT2S");
            }
            Harness.Activation mdb = server.activateBatch(messages -> messages.stream().map(m -> Outcome.ack()).toList(), p);
            Await.until("every row is settled", Duration.ofSeconds(20),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
            mdb.deactivate();
        }
    }

    /**
     * MariaDB Connector/J with {@code useBulkStmts=true} (a documented option users set for
     * batch throughput) answers a JDBC batch with SUCCESS_NO_INFO for every statement: whether
     * each fenced settlement matched its lease is unknown. The first such batch rolls back (its
     * rows come again, one at a time, uncounted); from then on the subscription settles its
     * batches row by row in the one transaction, and they commit whole.
     */
    @org.junit.jupiter.api.Test
    void aLeaseBatchSettlesOnMariaDbWithBulkStatements() throws Exception {
        TestDatabase db = TestDatabase.MARIADB;
        String table = tables.inbox(db);
        db.insertRows(table, 10);
        List<Integer> sizes = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = db.properties("batch-edge-bulk", table, Form.LEASE);
            p.put("url", p.get("url") + "?useBulkStmts=true");
            p.put("batchSize", "10");
            Harness.Activation mdb = server.activateBatch(messages -> {
                sizes.add(messages.size());
                return messages.stream().map(m -> Outcome.ack()).toList();
            }, p);
            Await.until("the first rows are settled", Duration.ofSeconds(30),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
            db.insertRows(table, 10);
            Await.until("the next rows are settled", Duration.ofSeconds(30),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
            mdb.deactivate();
            assertEquals(10, sizes.get(sizes.size() - 1), "the later batch of 10 settled in one transaction: " + sizes);
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce());
            assertEquals(20, mdb.log().committed().size(), "every row settled once: " + sizes);
        }
    }

    /**
     * A batch's settlement on a table of a few dozen rows waits for no row it does not hold. InnoDB
     * plans an id list as a scan of such a table (EXPLAIN: ALL below about 100 rows for a list of 10),
     * and a DELETE that scans waits for every row another transaction holds: batches deadlocked with
     * each other (InnoDB's deadlock log showed each DELETE waiting for a row outside its own id list),
     * and one row held elsewhere held up every batch for the statement timeout. Here another
     * transaction holds one row while the 14 others are delivered in batches of 10.
     */
    @ParameterizedTest(name = "{0}, processedAtColumn {1}, {2}")
    @MethodSource("mariaDbIdListForms")
    void aBatchSettlementOnATableOfFewRowsWaitsForNoRowItDoesNotHold(Form form, boolean marks, String isolation)
            throws Exception {
        TestDatabase db = TestDatabase.MARIADB;
        String table = tables.inbox(db);
        db.insertRows(table, 15);
        long held = db.count("SELECT min(id) FROM " + table);
        String pending = "SELECT count(*) FROM " + table + (marks ? " WHERE processed_at IS NULL" : "");
        try (Connection other = db.connect(); Harness server = Harness.start()) {
            other.setAutoCommit(false);
            other.createStatement().executeQuery("SELECT id FROM " + table + " WHERE id = " + held + " FOR UPDATE")
                    .close();
            Map<String, String> p = db.properties("batch-few-rows-" + form, table, form);
            p.put("batchSize", "10");
            p.put("statementTimeout", "PT30S");
            p.put("networkTimeout", "PT40S");
            p.put("isolation", isolation);
            if (marks) {
                p.put("processedAtColumn", "processed_at");
            }
            Harness.Activation mdb = server.activateBatch(messages -> messages.stream().map(m -> Outcome.ack())
                    .toList(), p);
            // Well within the statement timeout a settlement waiting for the held row would take.
            Await.until("the 14 rows not held are settled", Duration.ofSeconds(15),
                    () -> db.count(pending) == 1 && mdb.log().committed().size() == 14);
            assertEquals(14, mdb.log().invoked().size(), "each delivered once: no batch failed");
            other.rollback();
            Await.until("the held row is settled once let go", Duration.ofSeconds(30),
                    () -> db.count(pending) == 0 && mdb.log().committed().size() == 15);
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce());
        }
    }

    /** Deleted at the default isolation; marked at REPEATABLE_READ, where an UPDATE that scans locks every row it reads. */
    static Stream<Arguments> mariaDbIdListForms() {
        return Stream.of(Form.ROW_LOCK, Form.ADVISORY).flatMap(form -> Stream.of(
                Arguments.of(form, false, "READ_COMMITTED"), Arguments.of(form, true, "REPEATABLE_READ")));
    }

    /**
     * A lease lost during a batch (here: another claim took row 1 after its lease ran out,
     * simulated by writing a foreign lease): settleEach sees 0 rows for it and the batch rolls
     * back, as it must. But BatchTurn returns every row as "again" and LeaseBatchDelivery holds
     * them all, so row 1 is handed to the MDB once more, alone, although this worker knows its
     * lease belongs to someone else: a second invocation (side effects outside the transaction)
     * that cannot settle. With batchSize 1 a lost lease is not delivered again by its loser.
     */
    @ParameterizedTest
    @MethodSource("everyDatabase")
    void aRowWhoseLeaseWasLostInABatchIsNotHandedToTheMdbAgainByTheLoser(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, 2);
        long first = db.count("SELECT min(id) FROM " + table);
        Map<Long, AtomicInteger> invoked = new java.util.concurrent.ConcurrentHashMap<>();
        AtomicInteger calls = new AtomicInteger();
        try (Harness server = Harness.start()) {
            Map<String, String> p = db.properties("batch-edge-lost", table, Form.LEASE);
            p.put("batchSize", "2");
            Harness.Activation mdb = server.activateBatch(messages -> {
                messages.forEach(m -> invoked.computeIfAbsent(((Number) m.id()).longValue(), id -> new AtomicInteger())
                        .incrementAndGet());
                if (calls.incrementAndGet() == 1) {
                    try {
                        // Another server's claim, after this lease ran out: a lease of its own.
                        db.execute("UPDATE " + table + " SET locked_until = " + db.secondsFromNow(3600)
                                + " WHERE id = " + first);
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                }
                return messages.stream().map(m -> Outcome.ack()).toList();
            }, p);
            Await.until("the second row is settled", Duration.ofSeconds(20),
                    () -> db.count("SELECT count(*) FROM " + table + " WHERE id <> " + first) == 0);
            Thread.sleep(1000);
            mdb.deactivate();
            assertEquals(1, invoked.get(first).get(), "row " + first + " handed to the MDB only by the batch whose"
                    + " lease it lost: " + invoked);
        }
    }
}
