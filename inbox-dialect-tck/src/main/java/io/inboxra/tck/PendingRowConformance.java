package io.inboxra.tck;

import io.inboxra.dialect.Advisory;
import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.Label;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.dialect.Dialects;
import io.inboxra.ra.subscription.TableCheck;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contracts of an operator's look-up and cancel of a row, each checked against the real
 * database with the dialect's own statements: a row looked up by id and by key whatever its state
 * ({@link Dialect#inboxRow}); a pending row held for a cancel, and one another transaction holds
 * skipped without waiting ({@link Dialect#holdPendingRow}); a dead letter's key kept, found
 * ({@link Dialect#deadLettersByKey}) and put back by a requeue; the advisory form's lock of one
 * row, tried ({@link Advisory#tryLock}). Extend it once, in a test of your own, as
 * {@link CapabilityConformance}:
 *
 * <pre>{@code
 * class SqlServerPendingRowsTest extends PendingRowConformance {
 *     @Override
 *     protected DialectUnderTest dialectUnderTest() {
 *         return SqlServerRowLockTest.TARGET;
 *     }
 * }
 * }</pre>
 *
 * <p>Each case creates a table of the kit's columns ({@link ColumnTypes}) and a key column, and drops it.
 */
public abstract class PendingRowConformance {

    /** How long a statement that must not wait may take at most. */
    private static final Duration NO_WAIT = Duration.ofSeconds(3);

    private Dialect dialect;
    private DialectUnderTest target;
    private String table;
    private final List<Connection> open = new ArrayList<>();
    private ExecutorService background;

    /**
     * Called before each case.
     *
     * @return the dialect to check and the database to check it on
     */
    protected abstract DialectUnderTest dialectUnderTest();

    @BeforeEach
    void createTable() throws Exception {
        target = dialectUnderTest();
        try (Connection c = target.connect()) {
            dialect = Dialects.resolve(Optional.of(target.dialect()), c.getMetaData(), getClass().getClassLoader());
        }
        background = Executors.newCachedThreadPool();
        ColumnTypes c = target.columns();
        table = "tck_rows_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
        execute("CREATE TABLE " + table + " (id " + c.generatedKey() + ", payload " + c.text() + " NOT NULL, queue "
                + c.text() + ", attempts INT NOT NULL DEFAULT 0, due_at " + c.timestamp() + ", processed_at "
                + c.timestamp() + ", dead_at " + c.timestamp() + ", locked_until " + c.timestamp()
                + ", message_key VARCHAR(200))");
        execute("CREATE UNIQUE INDEX " + table + "_key ON " + table + " (message_key)");
    }

    @AfterEach
    void dropTable() throws Exception {
        try {
            for (Connection c : open) {
                try {
                    if (!c.getAutoCommit()) {
                        c.rollback();
                    }
                } catch (SQLException e) {
                    // closed below either way
                }
                c.close();
            }
            if (background != null) {
                background.shutdownNow();
            }
        } finally {
            execute("DROP TABLE " + table);
        }
    }

    /**
     * A row is found by its id and by its key, of the queue only, whatever its state, with its
     * columns in {@link Dialect#inboxRow}'s order: pending, processed, dead, and under a live lease.
     */
    @Test
    void aRowIsFoundByIdAndByKeyWhateverItsState() throws Exception {
        long pending = insert("pending", "q", "k-pending", "attempts = 2");
        long processed = insert("processed", "q", "k-processed", "processed_at = " + time(Duration.ZERO));
        long dead = insert("dead", "q", "k-dead", "dead_at = " + time(Duration.ZERO));
        long leased = insert("leased", "q", "k-leased", "locked_until = " + time(Duration.ofMinutes(5)));
        long expired = insert("expired", "q", "k-expired", "locked_until = " + time(Duration.ofMinutes(-5)));
        long other = insert("another queue's", "other", "k-other", null);
        TableSpec spec = spec(TableSpec.builder(table).queueColumn("queue").attemptColumn("attempts").dueColumn("due_at")
                .processedAtColumn("processed_at").deadAtColumn("dead_at").lockedUntilColumn("locked_until")
                .keyColumn("message_key"));
        Statement byId = dialect.inboxRow(spec, false);
        Statement byKey = dialect.inboxRow(spec, true);
        Connection c = connection();
        Object[] row = read(c, byId, pending, null);
        assertNotNull(row, "the pending row by its id: " + byId.sql());
        assertEquals(pending, ((Number) row[0]).longValue(), "the id, first");
        assertEquals("k-pending", row[1], "the key, second");
        assertEquals("pending", row[2], "the payload, third");
        assertEquals(2, ((Number) row[3]).intValue(), "the attempts, fourth");
        assertNull(row[5], "not processed");
        assertNull(row[6], "not dead");
        assertEquals(0, ((Number) row[7]).intValue(), "no live lease");
        assertNotNull(read(c, byId, processed, null)[5], "processed_at, sixth");
        assertNotNull(read(c, byId, dead, null)[6], "dead_at, seventh");
        assertEquals(1, ((Number) read(c, byId, leased, null)[7]).intValue(), "a live lease: 1, eighth");
        assertEquals(0, ((Number) read(c, byId, expired, null)[7]).intValue(), "an expired lease: 0");
        assertNull(read(c, byId, other, null), "another queue's row is not the subscription's");
        assertEquals(pending, ((Number) read(c, byKey, null, "k-pending")[0]).longValue(), "by key: " + byKey.sql());
        assertNull(read(c, byKey, null, "k-other"), "another queue's key");
        assertNull(read(c, byKey, null, "no such key"));
        TableSpec plain = spec(TableSpec.builder(table));
        Object[] bare = read(c, dialect.inboxRow(plain, false), pending, null);
        assertEquals(List.of(true, true, true, false), List.of(bare[1] == null, bare[3] == null, bare[5] == null,
                ((Number) bare[7]).intValue() == 1), "without those columns: NULL key, attempts, marks; no lease");
    }

    /**
     * The cancel's hold takes a pending row and returns its id and attempts; not a processed, dead
     * or leased row; and where the database has row locks, a row another transaction holds is
     * skipped at once, not waited for, and held once that transaction has ended.
     */
    @Test
    void aPendingRowIsHeldAndOneAnotherTransactionHoldsIsSkippedWithoutWaiting() throws Exception {
        long pending = insert("pending", "q", null, "attempts = 3");
        long processed = insert("processed", "q", null, "processed_at = " + time(Duration.ZERO));
        long dead = insert("dead", "q", null, "dead_at = " + time(Duration.ZERO));
        long leased = insert("leased", "q", null, "locked_until = " + time(Duration.ofMinutes(5)));
        long expired = insert("expired", "q", null, "locked_until = " + time(Duration.ofMinutes(-5)));
        TableSpec spec = spec(TableSpec.builder(table).queueColumn("queue").attemptColumn("attempts")
                .processedAtColumn("processed_at").deadAtColumn("dead_at").lockedUntilColumn("locked_until"));
        Statement hold = dialect.holdPendingRow(spec);
        Connection c = transaction();
        Object[] held = read(c, hold, pending, null);
        assertNotNull(held, "the pending row: " + hold.sql());
        assertEquals(List.of(pending, 3L), List.of(((Number) held[0]).longValue(), ((Number) held[1]).longValue()));
        c.rollback();
        for (long settled : new long[] {processed, dead, leased}) {
            assertNull(read(c, hold, settled, null), "not pending: row " + settled);
            c.rollback();
        }
        assertNotNull(read(c, hold, expired, null), "an expired lease holds no more");
        c.rollback();

        Assumptions.assumeTrue(dialect.forms().contains(Form.ROW_LOCK), "dialect '" + dialect.name()
                + "' claims in no row lock form: its database's rows are not locked one by one, and no hold is skipped");
        TableSpec lockable = spec(TableSpec.builder(table).queueColumn("queue").attemptColumn("attempts")
                .processedAtColumn("processed_at").deadAtColumn("dead_at"));
        Statement rowHold = dialect.holdPendingRow(lockable);
        Connection holder = transaction();
        try (PreparedStatement ps = holder.prepareStatement("UPDATE " + table + " SET attempts = attempts WHERE id = ?")) {
            ps.setLong(1, pending);
            assertEquals(1, ps.executeUpdate());
        }
        Connection other = transaction();
        Future<Object[]> skipped = background.submit(() -> read(other, rowHold, pending, null));
        assertNull(skipped.get(NO_WAIT.toMillis(), TimeUnit.MILLISECONDS),
                "a row another transaction holds is skipped, not returned nor waited for: " + rowHold.sql());
        other.rollback();
        holder.commit();
        assertNotNull(read(other, rowHold, pending, null), "held once that transaction has ended");
        other.rollback();
    }

    /**
     * Where the dead-letter table keeps the key ({@code DeadLetterColumns.key}): the dead-letter
     * move takes it along, {@link Dialect#deadLettersByKey} finds the dead letter by it (its key
     * last, of the queue only), and a requeue puts it back, except where a newer row holds the key.
     */
    @Test
    void aDeadLetterKeepsItsKeyIsFoundByItAndARequeuePutsItBack() throws Exception {
        ColumnTypes types = target.columns();
        String dead = table + "_dead";
        execute("CREATE TABLE " + dead + " (id BIGINT PRIMARY KEY, queue " + types.text() + ", payload " + types.text()
                + ", attempts INT, reason " + types.text() + ", dead_at " + types.timestamp() + ", message_key VARCHAR(200))");
        try {
            long first = insert("first", "q", "k1", null);
            long second = insert("second", "q", "k2", null);
            TableSpec spec = spec(TableSpec.builder(table).queueColumn("queue").attemptColumn("attempts")
                    .keyColumn("message_key").deadLetterTable(dead));
            assertTrue(spec.deadLetterColumns().key().isPresent(), "the check finds the dead letters' key column");
            Connection c = transaction();
            for (long id : new long[] {first, second}) {
                for (Statement step : dialect.deadLetter(spec)) {
                    try (PreparedStatement ps = c.prepareStatement(step.sql())) {
                        int index = 1;
                        for (Param param : step.params()) {
                            switch (param) {
                                case ATTEMPT -> ps.setInt(index, 1);
                                case REASON -> ps.setString(index, "cancelled");
                                case ID -> ps.setLong(index, id);
                                default -> throw new AssertionError("the kit binds no " + param + ": " + step.sql());
                            }
                            index++;
                        }
                        ps.executeUpdate();
                    }
                }
            }
            c.commit();
            Statement byKey = dialect.deadLettersByKey(spec).orElseThrow(
                    () -> new AssertionError("no deadLettersByKey for a dead-letter table that keeps the key"));
            Object[] letter = read(c, byKey, null, "k1");
            assertNotNull(letter, "the dead letter of k1: " + byKey.sql());
            assertEquals(List.of(first, "first", "cancelled", "k1"), List.of(((Number) letter[0]).longValue(), letter[1],
                    letter[3], letter[5]), "id, payload, attempts, reason, dead-at, key");
            c.commit();
            insert("k1 again", "q", "k1", null);
            for (Statement step : dialect.requeue(spec, false)) {
                try (PreparedStatement ps = bound(c, step, null, null)) {
                    ps.executeUpdate();
                }
            }
            c.commit();
            try (PreparedStatement ps = c.prepareStatement("SELECT message_key FROM " + table + " WHERE id = ?")) {
                ps.setLong(1, second);
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next(), "k2's dead letter is back");
                    assertEquals("k2", rs.getString(1), "with its key");
                }
            }
            assertNotNull(read(c, byKey, null, "k1"), "k1's dead letter stays: a newer row holds the key");
            assertNull(read(c, byKey, null, "k2"), "k2's is no dead letter any more");
            c.commit();
        } finally {
            execute("DROP TABLE " + dead);
        }
    }

    /**
     * The advisory form's lock of one row, tried: taken once, refused to another session while
     * held (and the claim skips that row), another row's taken meanwhile, taken again once
     * released by {@link Advisory#unlock}; none for an absent row.
     */
    @Test
    void theAdvisoryLockOfOneRowIsTriedAndTheClaimSkipsItWhileHeld() throws Exception {
        Assumptions.assumeTrue(dialect instanceof Advisory, "dialect '" + dialect.name() + "' has no advisory form");
        Advisory advisory = (Advisory) dialect;
        TableSpec spec = spec(TableSpec.builder(table).advisoryLock("id"));
        Optional<Statement> tryLock = advisory.tryLock(spec);
        Assumptions.assumeTrue(tryLock.isPresent(), "dialect '" + dialect.name() + "' tries no row's advisory lock:"
                + " the cancel is refused in its advisory form");
        long first = insert("first", null, null, null);
        long second = insert("second", null, null, null);
        Connection a = connection();
        Connection b = connection();
        Object[] taken = read(a, tryLock.get(), first, null, Label.KEY);
        assertNotNull(taken, "the first session takes the row's lock: " + tryLock.get().sql());
        assertEquals(first, ((Number) taken[0]).longValue(), "the row's id, labelled " + Label.ID);
        Object key = taken[1];
        Future<Object[]> refused = background.submit(() -> read(b, tryLock.get(), first, null, Label.KEY));
        assertNull(refused.get(NO_WAIT.toMillis(), TimeUnit.MILLISECONDS), "held by another session: none, at once");
        assertEquals(List.of(second), claim(b, advisory.advisoryClaim(spec)), "the claim skips the row held");
        unlockAll(b, advisory, spec);
        assertNull(read(b, tryLock.get(), 999_999_999L, null, Label.KEY), "no such row");
        try (PreparedStatement ps = a.prepareStatement(advisory.unlock(spec).sql())) {
            ps.setObject(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next(), "the unlock answers");
            }
        }
        Object[] again = read(b, tryLock.get(), first, null, Label.KEY);
        assertNotNull(again, "taken by the other session once released");
        assertEquals(key, again[1], "the same key");
    }

    /**
     * The try locks what the advisory claim locks, so a cancel never takes a row in work: with
     * FIFO groups one row at a time, the group's lock (a row behind the one claimed is refused
     * too); with {@code groupConcurrency} above one, each row's own (the claim's rows refused).
     */
    @Test
    void theTryLocksWhatTheClaimLocksWithFifoGroups() throws Exception {
        Assumptions.assumeTrue(dialect instanceof Advisory, "dialect '" + dialect.name() + "' has no advisory form");
        Advisory advisory = (Advisory) dialect;
        for (int concurrency : new int[] {1, 2}) {
            TableSpec spec = spec(TableSpec.builder(table).advisoryLock("id").fifoColumn("queue")
                    .groupConcurrency(concurrency));
            Optional<Statement> tryLock = advisory.tryLock(spec);
            Assumptions.assumeTrue(tryLock.isPresent(), "dialect '" + dialect.name() + "' tries no row's advisory"
                    + " lock: the cancel is refused in its advisory form");
            long head = insert("head-" + concurrency, "g" + concurrency, null, null);
            long behind = insert("behind-" + concurrency, "g" + concurrency, null, null);
            Connection a = connection();
            Connection b = connection();
            List<Long> claimed = claim(a, advisory.advisoryClaim(spec));
            assertTrue(claimed.contains(head), "groupConcurrency " + concurrency + ": the claim takes the group's head: "
                    + claimed);
            for (long id : concurrency == 1 ? List.of(head, behind) : claimed) {
                Future<Object[]> refused = background.submit(() -> read(b, tryLock.get(), id, null, Label.KEY));
                assertNull(refused.get(NO_WAIT.toMillis(), TimeUnit.MILLISECONDS), "groupConcurrency " + concurrency
                        + ": row " + id + " is held by the claim's lock, so the try is refused at once: "
                        + tryLock.get().sql());
            }
            unlockAll(a, advisory, spec);
            unlockAll(b, advisory, spec);
            execute("DELETE FROM " + table);
        }
    }

    private List<Long> claim(Connection c, Statement claim) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (PreparedStatement ps = bound(c, claim, null, null); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                ids.add(rs.getLong(Label.ID));
            }
        }
        return ids;
    }

    /** Releases the claim's locks: all at once where the dialect can, else none are left to matter (the case ends). */
    private void unlockAll(Connection c, Advisory advisory, TableSpec spec) throws SQLException {
        Optional<Statement> all = advisory.unlockAll(spec);
        if (all.isPresent()) {
            try (PreparedStatement ps = c.prepareStatement(all.get().sql()); ResultSet rs = ps.executeQuery()) {
                rs.next();
            }
        }
    }

    /** @return the first row's columns, or null without a row */
    private Object[] read(Connection c, Statement statement, Long id, String key, String... labels) throws SQLException {
        try (PreparedStatement ps = bound(c, statement, id, key); ResultSet rs = ps.executeQuery()) {
            if (!rs.next()) {
                return null;
            }
            int n = labels.length > 0 ? 2 : rs.getMetaData().getColumnCount();
            Object[] row = new Object[n];
            for (int i = 0; i < n; i++) {
                row[i] = labels.length > 0 ? rs.getObject(i == 0 ? Label.ID : labels[0]) : rs.getObject(i + 1);
            }
            return row;
        }
    }

    private PreparedStatement bound(Connection c, Statement statement, Long id, String key) throws SQLException {
        PreparedStatement ps = c.prepareStatement(statement.sql());
        int index = 1;
        for (Param param : statement.params()) {
            switch (param) {
                case QUEUE -> ps.setString(index, "q");
                case ID -> ps.setLong(index, id);
                case MESSAGE_KEY -> ps.setString(index, key);
                case LIMIT -> ps.setInt(index, 10);
                case CANDIDATES -> ps.setInt(index, 256);
                default -> throw new AssertionError("the kit binds no " + param + " here: " + statement.sql());
            }
            index++;
        }
        return ps;
    }

    /** Inserts a row and returns its id. */
    private long insert(String payload, String queue, String key, String set) throws SQLException {
        try (Connection c = target.connect()) {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " (payload, queue, message_key)"
                    + " VALUES (?, ?, ?)")) {
                ps.setString(1, payload);
                ps.setString(2, queue);
                ps.setString(3, key);
                ps.executeUpdate();
            }
            long id;
            try (PreparedStatement ps = c.prepareStatement("SELECT id FROM " + table + " WHERE payload = ?")) {
                ps.setString(1, payload);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    id = rs.getLong(1);
                }
            }
            if (set != null) {
                try (java.sql.Statement s = c.createStatement()) {
                    s.executeUpdate("UPDATE " + table + " SET " + set + " WHERE id = " + id);
                }
            }
            return id;
        }
    }

    private String time(Duration offset) {
        return target.columns().timeFromNow(offset);
    }

    private TableSpec spec(TableSpec.Builder builder) throws Exception {
        try (Connection c = target.connect()) {
            return TableCheck.check(c, builder.build());
        }
    }

    private Connection connection() throws SQLException {
        Connection c = target.connect();
        open.add(c);
        return c;
    }

    private Connection transaction() throws SQLException {
        Connection c = connection();
        c.setAutoCommit(false);
        return c;
    }

    private void execute(String sql) throws SQLException {
        try (Connection c = target.connect(); java.sql.Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
