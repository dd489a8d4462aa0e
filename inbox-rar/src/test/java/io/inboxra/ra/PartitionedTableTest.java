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
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Inbox tables declaratively partitioned on PostgreSQL, each way a table is partitioned (by range
 * of its due column, by range of a creation time, by hash of its id) in each form, settled by
 * delete or by a processed-at mark, through the real adapter and Narayana: rows spread over every
 * partition are each delivered once and settled, a row retried moves to the partition of its new
 * due time (and is delivered once more, then settled), and a row that always fails is
 * dead-lettered out of its partition. The adapter connects as the least-privilege user, granted
 * on the partitioned table only (never on a partition): every activation check passes on it.
 */
class PartitionedTableTest {

    private static final int ROWS = 300;
    private static final Duration DRAIN = Duration.ofSeconds(90);

    private final TestTables tables = new TestTables();

    /** How the test table is partitioned. */
    enum Partitioning {
        /** By range of {@code due_at}: a retry moves its row to another partition. */
        RANGE_BY_DUE,
        /** By range of {@code created_at}, which nothing of the adapter's changes. */
        RANGE_BY_CREATED,
        /** By hash of {@code id}, four partitions. */
        HASH_BY_ID
    }

    /** How a delivered row is settled. */
    enum Settlement { DELETE, MARK }

    static Stream<Arguments> everyPartitioningFormAndSettlement() {
        return Stream.of(Partitioning.values()).flatMap(partitioning -> Stream.of(Form.values())
                .flatMap(form -> Stream.of(Settlement.values()).map(s -> Arguments.of(partitioning, form, s))));
    }

    @AfterEach
    void dropTables() throws SQLException {
        Faults.rollBackPreparedBranchesOn(tables.on(TestDatabase.POSTGRES));
        tables.dropAll();
    }

    @ParameterizedTest
    @MethodSource("everyPartitioningFormAndSettlement")
    void rowsInEveryPartitionAreDeliveredOnceAndSettled(Partitioning partitioning, Form form, Settlement settlement)
            throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = PartitionedInbox.create(tables, partitioning);
        String deadLetters = tables.deadLetters(db);
        // Spread over three days back: every range partition but the future one gets rows, every hash partition too.
        db.execute("INSERT INTO " + table + " (payload, due_at, created_at) SELECT 'row ' || n,"
                + " now() - (n % 72) * interval '1 hour' - interval '1 minute',"
                + " now() - (n % 72) * interval '1 hour' - interval '1 minute' FROM generate_series(1, " + ROWS + ") n");
        long retried = insert(table, "retried", 70);
        long failing = insert(table, "failing", 70);
        assertTrue(db.count("SELECT count(DISTINCT tableoid) FROM " + table) >= 3, "rows in at least three partitions");
        String retriedFrom = partitionOf(table, retried);
        AtomicReference<String> retriedTo = new AtomicReference<>();

        String name = "it-part-" + partitioning.name().toLowerCase().replace('_', '-') + "-"
                + form.name().toLowerCase().replace('_', '-') + "-" + settlement.name().toLowerCase();
        try (Harness server = Harness.start().swallowingFailedCommits()) {
            // As the README's least-privilege user: the privilege check reads the partitioned table's own grants.
            io.inboxra.harness.LeastPrivilege.grant(db, "SELECT, INSERT, UPDATE, DELETE", table);
            io.inboxra.harness.LeastPrivilege.grant(db, "SELECT, INSERT, UPDATE, DELETE", deadLetters);
            Map<String, String> p = io.inboxra.harness.LeastPrivilege.properties(db, name, table, form);
            p.put("workers", "4");
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("maxAttempts", "3");
            p.put("retryDelay", "PT0.1S");
            p.put("deadLetterTable", deadLetters);
            if (settlement == Settlement.MARK) {
                p.put("processedAtColumn", "processed_at");
            }
            Harness.Activation mdb = server.activate(message -> {
                String payload = message.text();
                if (payload.equals("failing")) {
                    throw new IllegalStateException("this row always fails");
                }
                if (payload.equals("retried") && message.attempt() == 1) {
                    return Outcome.retry(Duration.ofMillis(100));
                }
                if (payload.equals("retried")) {
                    retriedTo.set(partitionOf(table, retried));
                }
                return Outcome.ack();
            }, p);
            Set<Long> expected = new HashSet<>();
            for (long id = 1; id <= ROWS; id++) {
                expected.add(id);
            }
            expected.add(retried);
            Await.until("every row is settled and the failing one dead-lettered", DRAIN,
                    () -> settledIds(mdb).containsAll(expected)
                            && db.count("SELECT count(*) FROM " + deadLetters + " WHERE id = " + failing) == 1
                            && unsettled(db, table, settlement) == 0);
            mdb.deactivate();
            // The retried row commits twice: its retry (the reschedule), then its acknowledgement.
            Map<Object, Long> twice = new java.util.HashMap<>(mdb.log().committedMoreThanOnce());
            assertEquals(2L, twice.remove(retried), "the retried row: its retry, then its settlement");
            assertEquals(Map.of(), twice, "no other row delivered twice");
            assertEquals(expected, settledIds(mdb), "every row once, none of the failing row's deliveries");
            assertEquals(0, unsettled(db, table, settlement), "nothing left unsettled");
            if (settlement == Settlement.MARK) {
                assertEquals(ROWS + 1, db.count("SELECT count(*) FROM " + table + " WHERE processed_at IS NOT NULL"),
                        "every delivered row marked, in its partition");
            } else {
                assertEquals(0, db.count("SELECT count(*) FROM " + table), "every row deleted");
            }
            assertEquals(0, db.count("SELECT count(*) FROM " + table + " WHERE id = " + failing),
                    "the failing row left its partition");
            assertEquals(3, db.count("SELECT attempts FROM " + deadLetters + " WHERE id = " + failing),
                    "the failing row dead-lettered after its three attempts");
            assertTrue(retriedTo.get() != null, "the retried row was delivered again");
            if (partitioning == Partitioning.RANGE_BY_DUE) {
                assertNotEquals(retriedFrom, retriedTo.get(), "the retry moved the row to its new due time's partition");
            } else {
                assertEquals(retriedFrom, retriedTo.get(), "the retry left the row in its partition");
            }
        }
    }

    /**
     * Retention on a table partitioned by time: the old partition of settled rows only is dropped
     * whole, the old partition with a row in work is kept until that row has been delivered,
     * marked and its retention has passed, rows of the current partition are deleted one by one
     * as before; each drop is logged once, naming the subscription. On a table partitioned by
     * hash, nothing is dropped and rows are deleted as before.
     */
    static Stream<Arguments> everyPartitioningInTheFormsThatHoldNoTransactionInTheMdb() {
        return Stream.of(Partitioning.values()).flatMap(partitioning -> Stream.of(Form.LEASE, Form.ADVISORY)
                .map(form -> Arguments.of(partitioning, form)));
    }

    @ParameterizedTest
    @MethodSource("everyPartitioningInTheFormsThatHoldNoTransactionInTheMdb")
    void retentionDropsOldPartitionsOfSettledRowsAndKeepsOneWithARowInWork(Partitioning partitioning, Form form)
            throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = PartitionedInbox.create(tables, partitioning);
        boolean byTime = partitioning != Partitioning.HASH_BY_ID;
        // r0 (before 48 h ago): settled 60 h ago; r1 (48 h to 24 h ago): settled 30 h ago, and one row in work;
        // r2 (24 h ago to in an hour): settled 13 h ago.
        for (int hoursAgo : new int[] {60, 30, 13}) {
            db.execute("INSERT INTO " + table + " (payload, due_at, created_at, processed_at) SELECT 'settled ' || n,"
                    + " now() - interval '" + hoursAgo + " hours', now() - interval '" + hoursAgo + " hours',"
                    + " now() - interval '" + (hoursAgo - 1) + " hours' FROM generate_series(1, 50) n");
        }
        long held = insert(table, "held", 30);
        String heldPartition = partitionOf(table, held);
        String oldest = table + "_r0";
        java.util.concurrent.CountDownLatch inMdb = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch letGo = new java.util.concurrent.CountDownLatch(1);
        String name = "it-part-retention-" + partitioning.name().toLowerCase().replace('_', '-') + "-"
                + form.name().toLowerCase();
        List<String> log = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Logger retentionLog = java.util.logging.Logger.getLogger(
                "io.inboxra.ra.subscription.PartitionRetention");
        java.util.logging.Handler capture = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                if (record.getLevel().intValue() >= java.util.logging.Level.INFO.intValue()) {
                    log.add(record.getLevel() + " " + record.getMessage());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        retentionLog.addHandler(capture);
        try (Harness server = Harness.start()) {
            // No claim transaction stays open while the MDB holds the row (a lease, a session's advisory lock),
            // so the sweep gets its locks meanwhile.
            Map<String, String> p = DeliveryTest.properties(form, name, table);
            p.put("dueColumn", "due_at");
            p.put("processedAtColumn", "processed_at");
            p.put("retention", "PT4S");
            Harness.Activation mdb = server.activate(message -> {
                inMdb.countDown();
                try {
                    letGo.await(60, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return Outcome.ack();
            }, p);
            assertTrue(inMdb.await(20, java.util.concurrent.TimeUnit.SECONDS), "the row in work reaches the MDB");
            Await.until("the settled rows of the current partition are deleted", Duration.ofSeconds(20),
                    () -> db.count("SELECT count(*) FROM " + table + " WHERE payload LIKE 'settled%'"
                            + " AND created_at > now() - interval '24 hours'") == 0);
            if (byTime) {
                Await.until("the oldest partition is dropped", Duration.ofSeconds(20), () -> !exists(oldest));
                Await.sleep(2500);
            }
            assertTrue(exists(heldPartition), "the partition of the row in work is kept");
            assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE id = " + held
                    + " AND processed_at IS NULL"), "the row in work is kept");
            letGo.countDown();
            Await.until("the row in work is delivered and marked", Duration.ofSeconds(20), () -> mdb.log().hasCommitted(held)
                    && db.count("SELECT count(*) FROM " + table + " WHERE id = " + held + " AND processed_at IS NOT NULL") == 1);
            if (byTime) {
                Await.until("its partition is dropped once its retention has passed", Duration.ofSeconds(20),
                        () -> !exists(heldPartition));
            } else {
                Await.until("the row is deleted once its retention has passed", Duration.ofSeconds(20),
                        () -> db.count("SELECT count(*) FROM " + table) == 0);
            }
            Await.sleep(2500);
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce(), "no row delivered twice");
            assertEquals(List.of(held), mdb.log().committed(), "only the row in work delivered");
            assertEquals(0, db.count("SELECT count(*) FROM " + table), "every settled row gone after its retention");
        } finally {
            retentionLog.removeHandler(capture);
        }
        List<String> partitions = partitions(table);
        if (!byTime) {
            assertEquals(List.of(), log, "a table partitioned by hash has no partition dropped");
            assertEquals(4, partitions.size(), "every hash partition kept");
            return;
        }
        assertEquals(List.of(table + "_r2", table + "_r3"), partitions, "the current and the future partitions kept");
        for (String dropped : List.of(oldest, heldPartition)) {
            List<String> lines = log.stream().filter(line -> line.contains(" " + dropped + " ")
                    || line.contains(" " + dropped + ",")).toList();
            assertEquals(1, lines.size(), "the drop of " + dropped + " is logged once: " + log);
            assertTrue(lines.get(0).startsWith("INFO Inbox subscription '" + name + "': retention (PT4S) dropped"),
                    "the line names the subscription: " + lines.get(0));
        }
        assertTrue(log.stream().allMatch(line -> line.startsWith("INFO")), "nothing but the drops logged: " + log);
    }

    /**
     * The row lock form, its 4 workers busy with a backlog spread over the current partitions
     * while the sweep runs: their claim transactions are short, the drop gets its locks between
     * them, the old partition of settled rows goes, and every row is delivered once.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(value = Partitioning.class, names = {"RANGE_BY_DUE", "RANGE_BY_CREATED"})
    void retentionDropsAnOldPartitionWhileRowLockWorkersDeliver(Partitioning partitioning) throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = PartitionedInbox.create(tables, partitioning);
        db.execute("INSERT INTO " + table + " (payload, due_at, created_at, processed_at) SELECT 'settled ' || n,"
                + " now() - interval '60 hours', now() - interval '60 hours', now() - interval '59 hours'"
                + " FROM generate_series(1, 50) n");
        db.execute("INSERT INTO " + table + " (payload, due_at, created_at) SELECT 'row ' || n,"
                + " now() - (n % 20) * interval '1 hour' - interval '1 minute',"
                + " now() - (n % 20) * interval '1 hour' - interval '1 minute' FROM generate_series(1, 2000) n");
        String name = "it-part-retention-busy-" + partitioning.name().toLowerCase().replace('_', '-');
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(Form.ROW_LOCK, name, table);
            p.put("workers", "4");
            p.put("dueColumn", "due_at");
            p.put("processedAtColumn", "processed_at");
            p.put("retention", "PT2S");
            Harness.Activation mdb = server.activate(message -> {
                Await.sleep(2);
                return Outcome.ack();
            }, p);
            Await.until("the old partition is dropped while the workers deliver", Duration.ofSeconds(30),
                    () -> !exists(table + "_r0"));
            assertTrue(mdb.log().committed().size() < 2000, "dropped while rows were still being delivered");
            Await.until("every row delivered", Duration.ofSeconds(90), () -> mdb.log().committed().size() >= 2000);
            mdb.deactivate();
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce(), "no row delivered twice");
            assertEquals(2000, mdb.log().committed().size(), "every row once");
        }
    }

    /**
     * Two servers' subscriptions of one table, each with its retention sweep: every old partition
     * of settled rows is dropped by one of them, logged once in all, and neither sweep fails.
     */
    @org.junit.jupiter.api.Test
    void twoServersSweepingOneTableDropEachPartitionOnce() throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = PartitionedInbox.create(tables, Partitioning.RANGE_BY_CREATED);
        for (int hoursAgo : new int[] {60, 30}) {
            db.execute("INSERT INTO " + table + " (payload, due_at, created_at, processed_at) SELECT 'settled ' || n,"
                    + " now() - interval '" + hoursAgo + " hours', now() - interval '" + hoursAgo + " hours',"
                    + " now() - interval '" + (hoursAgo - 1) + " hours' FROM generate_series(1, 50) n");
        }
        List<String> log = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<java.util.logging.Logger> loggers = List.of(
                java.util.logging.Logger.getLogger("io.inboxra.ra.subscription.PartitionRetention"),
                java.util.logging.Logger.getLogger("io.inboxra.ra.subscription.RetentionSweep"));
        java.util.logging.Handler capture = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                if (record.getLevel().intValue() >= java.util.logging.Level.INFO.intValue()) {
                    log.add(record.getLevel() + " " + record.getMessage());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        loggers.forEach(l -> l.addHandler(capture));
        try (Harness one = Harness.start(); Harness other = Harness.start()) {
            for (Harness server : List.of(one, other)) {
                Map<String, String> p = DeliveryTest.properties(Form.LEASE, "it-part-two-sweeps-"
                        + (server == one ? "one" : "other"), table);
                p.put("processedAtColumn", "processed_at");
                p.put("retention", "PT2S");
                server.activate(message -> Outcome.ack(), p);
            }
            Await.until("both old partitions are dropped", Duration.ofSeconds(20),
                    () -> !exists(table + "_r0") && !exists(table + "_r1"));
            Await.sleep(2500);
        } finally {
            loggers.forEach(l -> l.removeHandler(capture));
        }
        for (String dropped : List.of(table + "_r0", table + "_r1")) {
            assertEquals(1, log.stream().filter(line -> line.contains(" " + dropped + " ") || line.contains(" " + dropped
                    + ",")).count(), "the drop of " + dropped + " is logged once: " + log);
        }
        assertTrue(log.stream().allMatch(line -> line.startsWith("INFO")), "no sweep failed: " + log);
        assertEquals(List.of(table + "_r2", table + "_r3"), partitions(table));
    }

    /** PostgreSQL as before 10 sees it: no catalog of partitioned tables. */
    public static class PostgresWithoutPartitionCatalog extends io.inboxra.ra.dialect.postgres.PostgresDialect {
        @Override
        public io.inboxra.dialect.Statement expiredPartitions(io.inboxra.dialect.TableSpec spec) {
            return io.inboxra.dialect.Statement.of("SELECT relname FROM pg_catalog.pg_no_partitions_here"
                    + " WHERE relpages > ?", io.inboxra.dialect.Param.AGE);
        }

        @Override
        public java.util.Optional<io.inboxra.dialect.Statement> duePartitionsAhead(io.inboxra.dialect.TableSpec spec) {
            return java.util.Optional.of(io.inboxra.dialect.Statement.of("SELECT 1 FROM pg_catalog.pg_no_partitions_here"));
        }
    }

    /**
     * A database that cannot list partitions (PostgreSQL before 10) still runs retention: the
     * activation says once that the sweep deletes rows, and it does; no due-partition warning.
     */
    @org.junit.jupiter.api.Test
    void aDatabaseThatCannotListPartitionsDeletesRowsAsBefore() throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = tables.inbox(db);
        db.execute("INSERT INTO " + table + " (payload, processed_at) SELECT 'settled ' || n, now() - interval '1 hour'"
                + " FROM generate_series(1, 20) n");
        List<String> log = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<java.util.logging.Logger> loggers = List.of(
                java.util.logging.Logger.getLogger("io.inboxra.ra.subscription.check.SubscriptionCheck"),
                java.util.logging.Logger.getLogger("io.inboxra.ra.subscription.check.DuePartitionCheck"),
                java.util.logging.Logger.getLogger("io.inboxra.ra.subscription.RetentionSweep"));
        java.util.logging.Handler capture = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                if (record.getLevel().intValue() >= java.util.logging.Level.INFO.intValue()) {
                    log.add(record.getLevel() + " " + record.getMessage());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        loggers.forEach(l -> l.addHandler(capture));
        String name = "it-part-no-catalog";
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(Form.ROW_LOCK, name, table);
            p.put("dialect", PostgresWithoutPartitionCatalog.class.getName());
            p.put("dueColumn", "due_at");
            p.put("processedAtColumn", "processed_at");
            p.put("retention", "PT2S");
            server.activate(message -> Outcome.ack(), p);
            Await.until("the processed rows are deleted", Duration.ofSeconds(20),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
        } finally {
            loggers.forEach(l -> l.removeHandler(capture));
        }
        assertEquals(1, log.size(), "one line: " + log);
        assertTrue(log.get(0).startsWith("INFO Inbox subscription '" + name + "': the database refuses the query of"
                + " dialect 'postgres' for partitions to drop (expiredPartitions (")
                && log.get(0).endsWith("the retention sweep deletes processed rows one by one."), log.get(0));
    }

    /**
     * Only a table's owner may drop its partitions: a subscription connected as another user says
     * so once, naming itself, the table and the fix, and its retention deletes the rows instead.
     */
    @org.junit.jupiter.api.Test
    void aUserThatCannotDropPartitionsIsToldOnceAndRowsAreDeleted() throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = PartitionedInbox.create(tables, Partitioning.RANGE_BY_CREATED);
        db.execute("INSERT INTO " + table + " (payload, due_at, created_at, processed_at) SELECT 'settled ' || n,"
                + " now() - interval '60 hours', now() - interval '60 hours', now() - interval '59 hours'"
                + " FROM generate_series(1, 50) n");
        io.inboxra.harness.LeastPrivilege.grant(db, "SELECT, INSERT, UPDATE, DELETE", table);
        String name = "it-part-retention-not-owner";
        List<String> log = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Logger retentionLog = java.util.logging.Logger.getLogger(
                "io.inboxra.ra.subscription.PartitionRetention");
        java.util.logging.Handler capture = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                log.add(record.getLevel() + " " + record.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        retentionLog.addHandler(capture);
        try (Harness server = Harness.start()) {
            Map<String, String> p = io.inboxra.harness.LeastPrivilege.properties(db, name, table, Form.LEASE);
            p.put("processedAtColumn", "processed_at");
            p.put("retention", "PT2S");
            server.activate(message -> Outcome.ack(), p);
            Await.until("the old rows are deleted one by one", Duration.ofSeconds(20),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
            Await.sleep(2500);
        } finally {
            retentionLog.removeHandler(capture);
        }
        assertTrue(exists(table + "_r0"), "the partition is not dropped");
        assertEquals(1, log.size(), "told once: " + log);
        assertTrue(log.get(0).startsWith("WARNING Inbox subscription '" + name + "': table '" + table + "' is partitioned"
                + " by time, but the database refuses to drop partition " + table + "_r0")
                && log.get(0).contains("only the table's owner may detach and drop its partitions")
                && log.get(0).endsWith("the retention sweep deletes processed rows one by one instead."), log.get(0));
    }

    /**
     * A table partitioned by range of its due column whose partitions end sooner than the longest
     * backoff: the activation warns once, naming the subscription, the column, the property and
     * the fix; a retry past the last partition fails in the database, and its row comes back as
     * after a failed delivery (its attempt counted) and is delivered again, never lost.
     */
    @org.junit.jupiter.api.Test
    void partitionsByDueThatEndTooSoonAreWarnedOfAndARetryPastThemLosesNothing() throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = PartitionedInbox.create(tables, Partitioning.RANGE_BY_DUE);
        db.execute("DROP TABLE " + table + "_r3");
        long row = insert(table, "retried far", 1);
        String name = "it-part-due-ahead";
        List<String> log = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Logger checkLog = java.util.logging.Logger.getLogger(
                "io.inboxra.ra.subscription.check.DuePartitionCheck");
        java.util.logging.Handler capture = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                log.add(record.getLevel() + " " + record.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        checkLog.addHandler(capture);
        List<Integer> deliveries = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(Form.ROW_LOCK, name, table);
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("maxRetryDelay", "PT2H");
            Harness.Activation mdb = server.activate(message -> {
                deliveries.add(message.attempt());
                // Three hours ahead: past the last partition, which ends within the hour.
                return deliveries.size() == 1 ? Outcome.retry(Duration.ofHours(3)) : Outcome.ack();
            }, p);
            Await.until("the row is delivered again and settled", Duration.ofSeconds(30),
                    () -> mdb.log().hasCommitted(row) && db.count("SELECT count(*) FROM " + table) == 0);
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce(), "settled once");
        } finally {
            checkLog.removeHandler(capture);
        }
        assertEquals(List.of(1, 2), deliveries, "delivered again after the refused retry, as a failed attempt");
        assertEquals(1, log.size(), "warned once: " + log);
        assertTrue(log.get(0).startsWith("WARNING Inbox subscription '" + name + "': table '" + table + "' is partitioned"
                + " by range of its due column 'due_at' (property 'dueColumn'), and its partitions end ")
                && log.get(0).contains("sooner than 'maxRetryDelay' (PT2H)")
                && log.get(0).contains("or a DEFAULT partition"), log.get(0));
    }

    private static boolean exists(String table) throws SQLException {
        return TestDatabase.POSTGRES.count("SELECT count(*) FROM pg_class WHERE oid = to_regclass('" + table + "')") == 1;
    }

    private static List<String> partitions(String table) throws SQLException {
        List<String> names = new java.util.ArrayList<>();
        try (Connection c = TestDatabase.POSTGRES.connect(); ResultSet rs = c.createStatement().executeQuery(
                "SELECT inhrelid::regclass::text FROM pg_inherits WHERE inhparent = '" + table + "'::regclass ORDER BY 1")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    private static Set<Long> settledIds(Harness.Activation mdb) {
        Set<Long> ids = new HashSet<>();
        for (Object id : mdb.log().committed()) {
            ids.add(((Number) id).longValue());
        }
        return ids;
    }

    private static long unsettled(TestDatabase db, String table, Settlement settlement) throws SQLException {
        return db.count("SELECT count(*) FROM " + table + " WHERE payload <> 'failing'"
                + (settlement == Settlement.MARK ? " AND processed_at IS NULL" : ""));
    }

    private static long insert(String table, String payload, int hoursAgo) throws SQLException {
        return TestDatabase.POSTGRES.insertMarker(table, "payload, due_at, created_at", "'" + payload + "', now() - interval '"
                + hoursAgo + " hours', now() - interval '" + hoursAgo + " hours'");
    }

    /** @return the partition that holds the row now */
    static String partitionOf(String table, long id) {
        try (Connection c = TestDatabase.POSTGRES.connect(); ResultSet rs = c.createStatement().executeQuery(
                "SELECT tableoid::regclass::text FROM " + table + " WHERE id = " + id)) {
            return rs.next() ? rs.getString(1) : null;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The partitioned test inboxes: the test inbox's columns, a creation time, and the partitions of each kind. */
    static final class PartitionedInbox {

        private PartitionedInbox() {
        }

        static String create(TestTables tables, Partitioning partitioning) throws SQLException {
            TestDatabase db = TestDatabase.POSTGRES;
            String key = switch (partitioning) {
                case RANGE_BY_DUE -> "PRIMARY KEY (id, due_at)) PARTITION BY RANGE (due_at";
                case RANGE_BY_CREATED -> "PRIMARY KEY (id, created_at)) PARTITION BY RANGE (created_at";
                case HASH_BY_ID -> "PRIMARY KEY (id)) PARTITION BY HASH (id";
            };
            String table = tables.create(db, "it_part", "id BIGSERIAL, payload TEXT NOT NULL, queue TEXT,"
                    + " due_at TIMESTAMPTZ NOT NULL DEFAULT now(), priority INT NOT NULL DEFAULT 0,"
                    + " processed_at TIMESTAMPTZ, attempts INT NOT NULL DEFAULT 0, locked_until TIMESTAMPTZ,"
                    + " created_at TIMESTAMPTZ NOT NULL DEFAULT now(), " + key);
            if (partitioning == Partitioning.HASH_BY_ID) {
                for (int i = 0; i < 4; i++) {
                    db.execute("CREATE TABLE " + table + "_h" + i + " PARTITION OF " + table
                            + " FOR VALUES WITH (MODULUS 4, REMAINDER " + i + ")");
                }
            } else {
                List<String> bounds = List.of("MINVALUE", "'" + at(-48) + "'", "'" + at(-24) + "'", "'" + at(1) + "'",
                        "MAXVALUE");
                for (int i = 0; i + 1 < bounds.size(); i++) {
                    db.execute("CREATE TABLE " + table + "_r" + i + " PARTITION OF " + table + " FOR VALUES FROM ("
                            + bounds.get(i) + ") TO (" + bounds.get(i + 1) + ")");
                }
            }
            db.execute("CREATE INDEX " + table + "_claim ON " + table + " (queue, priority, due_at, id)");
            return table;
        }

        /** @return the database's time this many hours from now, as a literal's text */
        static String at(int hours) throws SQLException {
            try (Connection c = TestDatabase.POSTGRES.connect(); ResultSet rs = c.createStatement().executeQuery(
                    "SELECT (date_trunc('hour', now()) + interval '" + hours + " hours')::text")) {
                rs.next();
                return rs.getString(1);
            }
        }
    }
}
