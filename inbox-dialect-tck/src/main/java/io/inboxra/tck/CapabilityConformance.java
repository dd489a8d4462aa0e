package io.inboxra.tck;

import io.inboxra.dialect.Advisory;
import io.inboxra.dialect.ClaimOrderIndex;
import io.inboxra.dialect.DatabaseVersion;
import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.Label;
import io.inboxra.dialect.LockWaits;
import io.inboxra.dialect.MinimumVersion;
import io.inboxra.dialect.Notifications;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.RowClaimGuard;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;
import io.inboxra.dialect.UnsupportedVersionException;
import io.inboxra.dialect.Version;
import io.inboxra.ra.dialect.Dialects;
import io.inboxra.ra.subscription.ClaimIndexCheck;
import io.inboxra.ra.subscription.TableCheck;
import io.inboxra.tck.KitInbox.Row;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contracts of a dialect's capabilities beyond the claim forms, each checked against the
 * real database with the dialect's own statements, outside the adapter: lock waits
 * ({@link LockWaits}), the row claim guard ({@link RowClaimGuard}), wake-up by notification
 * ({@link Notifications}), the claim order index advice ({@link ClaimOrderIndex}), the batch
 * settlement with its ids bound ({@link Dialect#settleAll}, {@link Dialect#bindIds}), the
 * insert of a key only where it is absent ({@link Dialect#insertIfAbsent}, {@link Dialect#isKeyPresent}), a FIFO
 * group's slots ({@link Dialect#fifoSlotGuard}, {@link Dialect#fifoSlotRelease}, {@link Advisory#fifoSlotLock},
 * {@link Advisory#fifoSlotUnlock}) and the
 * version minimums ({@link Dialect#requireVersion}). A case whose capability the dialect lacks
 * is skipped, naming it. Extend it once, in a test of your own:
 *
 * <pre>{@code
 * class SqlServerCapabilitiesTest extends CapabilityConformance {
 *     @Override
 *     protected DialectUnderTest dialectUnderTest() {
 *         return SqlServerRowLockTest.TARGET;
 *     }
 * }
 * }</pre>
 *
 * <p>Each case creates the kit's table ({@link ColumnTypes}) and drops it; the kit's own
 * statements on it (inserts, counts, an {@code UPDATE} that takes a row's lock) are plain SQL.
 */
public abstract class CapabilityConformance {

    /** How long anything the contract waits for may take. */
    private static final Duration BOUND = Duration.ofSeconds(10);
    /** How often the kit asks whether a session waits ({@link LockWaits#waiting}). */
    private static final long LOOK_EVERY_MILLIS = 150;
    /** How long a statement that must wait is given to show that it does not end. */
    private static final long WAITS_MILLIS = 500;

    private DialectUnderTest target;
    private Dialect dialect;
    private KitInbox inbox;
    private final List<Connection> open = new ArrayList<>();
    private final List<String> dropLater = new ArrayList<>();
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
        inbox = KitInbox.create(target);
    }

    @AfterEach
    void dropTable() throws Exception {
        try {
            // First the connections, whose transactions may hold the table's locks.
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
            for (String table : dropLater) {
                try (Connection c = target.connect(); java.sql.Statement s = c.createStatement()) {
                    s.execute("DROP TABLE " + table);
                }
            }
        } finally {
            if (inbox != null) {
                inbox.close();
            }
        }
    }

    // ---------------------------------------------------------------- LockWaits

    /**
     * A session whose statement waits for a row lock another transaction holds is seen waiting,
     * from a third session; before its statement, and once it has the lock, it is not; nor is the
     * session that holds the lock. The query is asked every {@value #LOOK_EVERY_MILLIS} ms, each
     * answer within {@link #BOUND}: InnoDB refreshes {@code INNODB_TRX} only when it has not been
     * read for 0.1 s, so a query asked more often sees the state of its first read for ever.
     */
    @Test
    void aSessionWaitingForARowLockIsSeenWaitingAndOtherwiseNot() throws Exception {
        LockWaits waits = capability(LockWaits.class);
        inbox.insert(Row.of("locked"));
        Object id = inbox.keys("1 = 1").get(0);
        Connection holder = transaction();
        long holding = number(holder, waits.sessionId());
        assertEquals(1, lockRow(holder, id), "the kit's UPDATE takes the row's lock");
        Connection waiter = transaction();
        long session = number(waiter, waits.sessionId());
        Connection watcher = connection();
        assertFalse(returnsRow(watcher, waits.waiting(session)),
                "waiting(" + session + ") returns a row for a session that runs no statement: " + waits.waiting(session));
        Future<Integer> blocked = background.submit(() -> lockRow(waiter, id));
        awaitTrue("waiting(" + session + ") returns a row while that session's UPDATE waits for the row's lock: "
                + waits.waiting(session), LOOK_EVERY_MILLIS,
                () -> blocked.isDone() || returnsRow(watcher, waits.waiting(session)));
        assertFalse(blocked.isDone(), "the kit's second UPDATE of the row did not wait for the first one's lock");
        Thread.sleep(LOOK_EVERY_MILLIS);
        assertFalse(returnsRow(watcher, waits.waiting(holding)),
                "waiting(" + holding + ") returns a row for the session that holds the lock, waiting for nothing");
        holder.rollback();
        assertEquals(1, blocked.get(BOUND.toMillis(), TimeUnit.MILLISECONDS), "the waiting UPDATE ran once the lock was free");
        awaitTrue("waiting(" + session + ") returns no row once the session holds the lock", LOOK_EVERY_MILLIS,
                () -> !returnsRow(watcher, waits.waiting(session)));
    }

    // ---------------------------------------------------------------- RowClaimGuard

    /** A claim leaves out a row whose guard another transaction holds, and takes the others. */
    @Test
    void aClaimSkipsARowWhoseGuardAnotherTransactionHolds() throws Exception {
        RowClaimGuard guard = capability(RowClaimGuard.class);
        TableSpec spec = spec(TableSpec.builder(inbox.name()));
        inbox.insert(Row.of("guarded"), Row.of("free"));
        List<Object> ids = inbox.keys("1 = 1");
        Connection holder = transaction();
        run(holder, guard.claimGuard(spec), List.of(ids.get(0)));
        Connection claimer = transaction();
        assertEquals(List.of(ids.get(1)), claim(claimer, guard.lockClaim(spec)),
                "the claim takes the free row and skips the one whose guard another transaction holds");
        claimer.rollback();
        holder.rollback();
        assertEquals(ids, claim(claimer, guard.lockClaim(spec)), "once the guard is free, the claim takes both rows");
    }

    /**
     * The guard statement waits while a claim's transaction holds the row's guard, takes it the
     * moment that transaction ends, and holds it: a claim meanwhile skips the row.
     */
    @Test
    void theGuardStatementWaitsForTheClaimsGuardAndTakesIt() throws Exception {
        RowClaimGuard guard = capability(RowClaimGuard.class);
        TableSpec spec = spec(TableSpec.builder(inbox.name()));
        inbox.insert(Row.of("claimed"));
        Object id = inbox.keys("1 = 1").get(0);
        Connection claimer = transaction();
        assertEquals(List.of(id), claim(claimer, guard.lockClaim(spec)), "the claim takes the row");
        Connection recorder = transaction();
        Future<?> queued = background.submit(() -> {
            run(recorder, guard.claimGuard(spec), List.of(id));
            return null;
        });
        Thread.sleep(WAITS_MILLIS);
        assertFalse(queued.isDone(), "the guard statement did not wait for the guard the claim's transaction holds"
                + (queued.isDone() ? " (" + outcome(queued) + ")" : ""));
        claimer.rollback();
        queued.get(BOUND.toMillis(), TimeUnit.MILLISECONDS);
        Connection other = transaction();
        assertEquals(List.of(), claim(other, guard.lockClaim(spec)),
                "a claim skips the row whose guard the guard statement took");
        other.rollback();
        recorder.rollback();
        assertEquals(List.of(id), claim(other, guard.lockClaim(spec)), "the row is claimable again once the guard is free");
    }

    // ---------------------------------------------------------------- FIFO group slots (groupConcurrency)

    /**
     * A group's slot ({@link Dialect#fifoSlotGuard}) is taken by one transaction at a time, never
     * waiting: another transaction is refused it, takes the group's next slot, and another group's;
     * once the first transaction ends (and {@link Dialect#fifoSlotRelease} ran, where the dialect has
     * one) the slot is free again.
     */
    @Test
    void aGroupsSlotIsTakenByOneTransactionAtATime() throws Exception {
        TableSpec spec = spec(TableSpec.builder(inbox.name()).fifoColumn("grp").groupConcurrency(2));
        Optional<Statement> guard = dialect.fifoSlotGuard(spec);
        Assumptions.assumeTrue(guard.isPresent(), "dialect '" + dialect.name() + "' keeps no FIFO group's slots"
                + " (groupConcurrency above 1 in the row lock form)");
        Connection first = transaction();
        assertTrue(slot(first, guard.get(), "g", 0), "a free slot is taken");
        Connection second = transaction();
        assertFalse(slot(second, guard.get(), "g", 0), "the slot another transaction holds is refused, at once");
        assertTrue(slot(second, guard.get(), "g", 1), "the group's next slot is taken");
        assertTrue(slot(second, guard.get(), "h", 0), "another group's slot is its own");
        first.rollback();
        Optional<Statement> release = dialect.fifoSlotRelease(spec);
        if (release.isPresent()) {
            slot(first, release.get(), "g", 0);
        }
        Connection third = transaction();
        assertTrue(slot(third, guard.get(), "g", 0), "the slot is free once its transaction has ended");
    }

    /**
     * The advisory lock form's slot of a group ({@link Advisory#fifoSlotLock}) is a session's, outside
     * any transaction: another session is refused it, at once, and takes the group's next slot; once
     * {@link Advisory#fifoSlotUnlock} let it go, it is free again.
     */
    @Test
    void aGroupsSlotInTheAdvisoryLockFormIsHeldByOneSessionUntilItIsUnlocked() throws Exception {
        Advisory advisory = capability(Advisory.class);
        TableSpec spec = spec(TableSpec.builder(inbox.name()).advisoryLock("id").fifoColumn("grp").groupConcurrency(2));
        Optional<Statement> lock = advisory.fifoSlotLock(spec);
        Assumptions.assumeTrue(lock.isPresent(), "dialect '" + dialect.name() + "' keeps no FIFO group's slots in"
                + " the advisory lock form (groupConcurrency above 1)");
        Statement unlock = advisory.fifoSlotUnlock(spec).orElseThrow(
                () -> new AssertionError("fifoSlotLock without fifoSlotUnlock"));
        Connection first = connection();
        Connection second = connection();
        assertTrue(slot(first, lock.get(), "g", 0), "a free slot is taken");
        assertFalse(slot(second, lock.get(), "g", 0), "the slot another session holds is refused, at once");
        assertTrue(slot(second, lock.get(), "g", 1), "the group's next slot is taken");
        assertTrue(slot(first, unlock, "g", 0), "the slot is let go");
        assertTrue(slot(second, lock.get(), "g", 0), "the slot is free once it was let go");
    }

    /** Runs a slot's statement with its GROUP and SLOT bound; whether its one answer is yes (true or 1). */
    private static boolean slot(Connection c, Statement statement, String group, int slot) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(statement.sql())) {
            int index = 1;
            for (Param param : statement.params()) {
                switch (param) {
                    case GROUP -> ps.setString(index, group);
                    case SLOT -> ps.setInt(index, slot);
                    default -> throw new AssertionError("the kit binds no " + param + " here: " + statement.sql());
                }
                index++;
            }
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next(), "no row from " + statement.sql());
                Object answer = rs.getObject(1);
                return Boolean.TRUE.equals(answer) || (answer instanceof Number n && n.intValue() == 1);
            }
        }
    }

    // ---------------------------------------------------------------- Notifications

    /** A notification on the channel ends the listening connection's wait within the bound; a wait is woken once. */
    @Test
    void aNotificationOnTheChannelEndsTheWait() throws Exception {
        Notifications notifications = capability(Notifications.class);
        String channel = channel();
        Connection listener = listening(notifications, channel);
        run(connection(), notifications.notification(channel), List.of());
        assertTrue(awaitNotification(notifications, listener), "the wait did not end within " + BOUND
                + " of a notification on channel " + channel + " (" + notifications.notification(channel).sql() + ")");
        assertFalse(notifications.awaitNotifications(listener, (int) WAITS_MILLIS),
                "a second wait, with no notification sent since, ended with one");
    }

    /** A wait ends when its time runs out, false, without a notification, or with one on another channel only. */
    @Test
    void aWaitWithoutANotificationEndsWhenItsTimeRunsOut() throws Exception {
        Notifications notifications = capability(Notifications.class);
        String channel = channel();
        Connection listener = listening(notifications, channel);
        long started = System.nanoTime();
        assertFalse(notifications.awaitNotifications(listener, (int) WAITS_MILLIS), "a wait without a notification ended with one");
        Duration waited = Duration.ofNanos(System.nanoTime() - started);
        assertTrue(waited.compareTo(Duration.ofMillis(WAITS_MILLIS - 50)) >= 0, "the wait of " + WAITS_MILLIS
                + " ms ended after " + waited.toMillis() + " ms, without a notification");
        assertTrue(waited.compareTo(BOUND) < 0, "the wait of " + WAITS_MILLIS + " ms lasted " + waited);
        run(connection(), notifications.notification(channel + "_other"), List.of());
        assertFalse(notifications.awaitNotifications(listener, (int) WAITS_MILLIS),
                "a notification on another channel ended the wait");
    }

    /** A notification sent in a transaction wakes the listener only once the transaction commits: the row is there then. */
    @Test
    void aNotificationInATransactionEndsTheWaitOnceItCommits() throws Exception {
        Notifications notifications = capability(Notifications.class);
        String channel = channel();
        Connection listener = listening(notifications, channel);
        Connection producer = transaction();
        run(producer, notifications.notification(channel), List.of());
        assertFalse(notifications.awaitNotifications(listener, (int) WAITS_MILLIS),
                "the notification came before its transaction committed");
        producer.commit();
        assertTrue(awaitNotification(notifications, listener), "the notification did not come within " + BOUND
                + " of its transaction's commit");
    }

    // ---------------------------------------------------------------- ClaimOrderIndex

    /** The index the dialect advises, created, serves the claim order: the activation's check then finds it. */
    @Test
    void theIndexItAdvisesServesTheClaimOrder() throws Exception {
        ClaimOrderIndex advice = capability(ClaimOrderIndex.class);
        ColumnTypes c = target.columns();
        String bare = inbox.name() + "_bare";
        execute("CREATE TABLE " + bare + " (id " + c.generatedKey() + ", payload " + c.text() + " NOT NULL, queue "
                + c.text() + ", priority INT NOT NULL DEFAULT 0, due_at " + c.timestamp() + ")");
        dropLater.add(bare);
        Connection connection = connection();
        TableSpec spec = TableCheck.check(connection, TableSpec.builder(bare).queueColumn("queue")
                .priorityColumn("priority").dueColumn("due_at").build());
        assertFalse(ClaimIndexCheck.check("tck-claim-index", connection, dialect, spec),
                "the table has no index but its key, yet the claim order was found served");
        List<String> order = List.of(spec.queueColumn().get(), spec.priorityColumn().get(), spec.dueColumn().get(),
                spec.idColumn());
        String create = advice.createClaimIndex(spec, order);
        execute(create);
        assertTrue(ClaimIndexCheck.check("tck-claim-index", connection, dialect, spec),
                "the index the dialect advises (" + create + ") does not serve the claim order " + order);
    }

    // ---------------------------------------------------------------- settleAll and bindIds

    /**
     * The batch settlement of three rows, its ids of the table's id type bound as the dialect
     * binds them ({@link Param#ID} per row, or {@link Param#IDS} by {@link Dialect#bindIds}),
     * deletes those three rows and no other; with a processed-at column, marks them.
     */
    @Test
    void aBatchSettlementChangesEachRowOfTheBatchAndNoOther() throws Exception {
        Assumptions.assumeTrue(dialect.forms().contains(Form.ROW_LOCK) || dialect.forms().contains(Form.ADVISORY),
                "dialect '" + dialect.name() + "' settles no batches: only the row lock and advisory forms do, and it"
                        + " offers " + dialect.forms());
        inbox.insert(Row.of("b1"), Row.of("b2"), Row.of("b3"), Row.of("kept"));
        List<Object> batch = inbox.keys("payload <> 'kept'");
        TableSpec deleting = spec(TableSpec.builder(inbox.name()));
        Statement settleAll = dialect.settleAll(deleting, 3);
        assertEquals(3, update(settleAll, batch), "the rows the batch settlement changed: " + settleAll.sql());
        assertEquals(List.of("kept"), List.copyOf(inbox.payloads("1 = 1").values()), "the rows left");

        inbox.insert(Row.of("m1"), Row.of("m2"), Row.of("m3"));
        List<Object> marked = inbox.keys("payload <> 'kept'");
        Statement markAll = dialect.settleAll(spec(TableSpec.builder(inbox.name()).processedAtColumn("processed_at")), 3);
        assertEquals(3, update(markAll, marked), "the rows the batch settlement marked: " + markAll.sql());
        assertEquals(3, inbox.count("processed_at IS NOT NULL AND payload <> 'kept'"), "the batch's rows are marked");
        assertEquals(1, inbox.count("processed_at IS NULL"), "the other row is not");
        assertEquals(0, update(markAll, marked), "a second settlement of the marked rows changes none");
    }

    // ---------------------------------------------------------------- insertIfAbsent and isKeyPresent

    /**
     * A send with a key the table holds ({@link Dialect#insertIfAbsent}) inserts nothing and says
     * so (0 rows, or a failure {@link Dialect#isKeyPresent} knows), and the transaction goes on: a
     * later insert in it commits. Another failure (a {@code NOT NULL}) is not taken for the key.
     */
    @Test
    void aKeyTheTableHoldsInsertsNothingSaysSoAndTheTransactionGoesOn() throws Exception {
        String keyed = keyedTable();
        Connection c = transaction();
        assertEquals(Boolean.TRUE, insertKeyed(c, keyed, "first", "k1"), "the first send of k1 inserts");
        assertEquals(Boolean.FALSE, insertKeyed(c, keyed, "again", "k1"), "a second send of k1 in the same transaction");
        assertEquals(Boolean.TRUE, insertKeyed(c, keyed, "after", "k2"), "an insert after the duplicate, same transaction");
        c.commit();
        Connection later = transaction();
        assertEquals(Boolean.FALSE, insertKeyed(later, keyed, "later", "k1"), "k1 sent again after its commit");
        later.commit();
        assertEquals(1, number(later, "SELECT count(*) FROM " + keyed + " WHERE message_key = 'k1' AND payload = 'first'"));
        assertEquals(2, number(later, "SELECT count(*) FROM " + keyed), "one row per key");
        Connection alone = connection();
        SQLException notNull = assertThrows(SQLException.class, () -> insertKeyed(alone, keyed, null, "k3"),
                "a NULL payload is refused, not ignored");
        assertFalse(dialect.isKeyPresent(notNull, "k3"), "a NOT NULL failure taken for the key: " + notNull);
    }

    /**
     * Two transactions insert one key: the second waits for the first, and once the first has
     * committed it is a duplicate (0 rows, or a failure {@link Dialect#isKeyPresent} knows) whose
     * transaction goes on and commits; one row.
     */
    @Test
    void aKeyAnotherTransactionInsertsIsADuplicateOnceThatCommits() throws Exception {
        String keyed = keyedTable();
        Connection first = transaction();
        assertEquals(Boolean.TRUE, insertKeyed(first, keyed, "first", "k"));
        Connection second = transaction();
        Future<Boolean> duplicate = background.submit(() -> insertKeyed(second, keyed, "second", "k"));
        Thread.sleep(WAITS_MILLIS);
        assertFalse(duplicate.isDone(), "the second insert of the key did not wait for the first transaction: "
                + (duplicate.isDone() ? outcome(duplicate) : ""));
        first.commit();
        assertEquals(Boolean.FALSE, duplicate.get(BOUND.toMillis(), TimeUnit.MILLISECONDS),
                "the second insert, once the first committed");
        assertEquals(Boolean.TRUE, insertKeyed(second, keyed, "other", "k2"), "the second transaction goes on");
        second.commit();
        assertEquals(1, number(first, "SELECT count(*) FROM " + keyed + " WHERE message_key = 'k'"));
        assertEquals(1, number(first, "SELECT count(*) FROM " + keyed + " WHERE message_key = 'k2'"));
    }

    /** A table of the kit with a key column under a unique index. */
    private String keyedTable() throws SQLException {
        ColumnTypes c = target.columns();
        String keyed = inbox.name() + "_keyed";
        execute("CREATE TABLE " + keyed + " (id " + c.generatedKey() + ", payload " + c.text() + " NOT NULL,"
                + " message_key VARCHAR(200))");
        dropLater.add(keyed);
        execute("CREATE UNIQUE INDEX " + keyed + "_key ON " + keyed + " (message_key)");
        return keyed;
    }

    /** @return whether the dialect's insert-if-absent inserted the row; a failure other than the key's is thrown */
    private Boolean insertKeyed(Connection c, String table, String payload, String key) throws Exception {
        String sql = dialect.insertIfAbsent(new io.inboxra.dialect.KeyedInsert(table, List.of("payload", "message_key"),
                "message_key"));
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, payload);
            ps.setString(2, key);
            int rows = ps.executeUpdate();
            assertTrue(rows == 0 || rows == 1, "the insert-if-absent changed " + rows + " rows: " + sql);
            return rows == 1;
        } catch (SQLException e) {
            if (dialect.isKeyPresent(e, key)) {
                return false;
            }
            throw e;
        }
    }

    // ---------------------------------------------------------------- versions

    /** The dialect reads the database under test's version and serves it in every form whose minimum it meets. */
    @Test
    void theDialectServesTheDatabaseUnderTest() throws Exception {
        DatabaseMetaData metadata = connection().getMetaData();
        DatabaseVersion found = databaseVersion(metadata);
        for (Form form : dialect.forms()) {
            Optional<MinimumVersion> minimum = dialect.minimumVersion(found, form);
            if (minimum.isPresent() && found.version().isBefore(minimum.get().version())) {
                assertThrows(UnsupportedVersionException.class, () -> dialect.requireVersion(metadata, form),
                        found.database() + " " + found.text() + " is older than the " + form + " form's minimum "
                                + minimum.get().version() + ", but the dialect does not refuse it");
            } else {
                dialect.requireVersion(metadata, form);
            }
        }
    }

    /**
     * In each form with a minimum, the database's metadata made to tell a version just below it
     * is refused, the message naming the dialect and the version; at the minimum it is not.
     */
    @Test
    void aVersionBelowTheMinimumIsRefusedNamingTheDialectAndTheVersion() throws Exception {
        DatabaseMetaData metadata = connection().getMetaData();
        DatabaseVersion found = databaseVersion(metadata);
        int checked = 0;
        for (Form form : dialect.forms()) {
            Optional<MinimumVersion> minimum = dialect.minimumVersion(found, form);
            if (minimum.isEmpty()) {
                continue;
            }
            Version least = minimum.get().version();
            Version below = justBefore(least);
            DatabaseMetaData older = telling(metadata, found, below);
            DatabaseVersion read = databaseVersion(older);
            Assumptions.assumeTrue(read.version().isBefore(least), "the kit wrote version " + below + " into the"
                    + " metadata's version text and numbers, but the dialect read " + read.version() + " from them");
            UnsupportedVersionException e = assertThrows(UnsupportedVersionException.class,
                    () -> dialect.requireVersion(older, form), read.database() + " " + read.text() + " is older than the "
                            + form + " form's minimum " + least + ", but the dialect does not refuse it");
            assertTrue(e.getMessage().contains(dialect.name()) && e.getMessage().contains(read.text()),
                    "the refusal names the dialect '" + dialect.name() + "' and the version '" + read.text() + "': "
                            + e.getMessage());
            dialect.requireVersion(telling(metadata, found, least), form);
            checked++;
        }
        Assumptions.assumeTrue(checked > 0, "dialect '" + dialect.name() + "' names no minimum version");
    }

    // ---------------------------------------------------------------- helpers

    private <T> T capability(Class<T> type) {
        Assumptions.assumeTrue(type.isInstance(dialect), "dialect '" + dialect.name() + "' (" + dialect.getClass().getName()
                + ") has no " + type.getSimpleName());
        return type.cast(dialect);
    }

    /** The description, spelt as the database stores its names, as the adapter's activation checks it. */
    private TableSpec spec(TableSpec.Builder builder) throws Exception {
        return TableCheck.check(connection(), builder.build());
    }

    private DatabaseVersion databaseVersion(DatabaseMetaData metadata) throws SQLException {
        Optional<DatabaseVersion> found = dialect.databaseVersion(metadata);
        Assumptions.assumeTrue(found.isPresent(), "dialect '" + dialect.name() + "' reads no version of "
                + metadata.getDatabaseProductName() + " " + metadata.getDatabaseProductVersion());
        return found.get();
    }

    /** The last version before this one, as the kit writes it: 9.5 gives 9.4.99, 8.0.1 gives 8.0.0, 12 gives 11.99.99. */
    private static Version justBefore(Version v) {
        if (v.patch() > 0) {
            return Version.of(v.major(), v.minor(), v.patch() - 1);
        }
        if (v.minor() > 0) {
            return Version.of(v.major(), v.minor() - 1, 99);
        }
        Assumptions.assumeTrue(v.major() > 0, "no version comes before " + v);
        return Version.of(v.major() - 1, 99, 99);
    }

    /**
     * The database's metadata, telling another version: its version text with the version's
     * numbers replaced, and its major and minor numbers; everything else as the database tells it.
     */
    private static DatabaseMetaData telling(DatabaseMetaData real, DatabaseVersion found, Version version) {
        String text = found.text();
        Version v = found.version();
        String written = version.major() + "." + version.minor() + "." + version.patch();
        String full = v.major() + "." + v.minor() + "." + v.patch();
        String told = text.contains(full) ? text.replaceFirst(java.util.regex.Pattern.quote(full), written)
                : text.contains(v.toString()) ? text.replaceFirst(java.util.regex.Pattern.quote(v.toString()), written)
                : written;
        return (DatabaseMetaData) Proxy.newProxyInstance(DatabaseMetaData.class.getClassLoader(),
                new Class<?>[] {DatabaseMetaData.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getDatabaseProductVersion" -> told;
                    case "getDatabaseMajorVersion" -> version.major();
                    case "getDatabaseMinorVersion" -> version.minor();
                    default -> {
                        try {
                            yield method.invoke(real, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    }
                });
    }

    private String channel() {
        return "tck_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
    }

    /** A connection in autocommit that listens on the channel, as the adapter's listener does. */
    private Connection listening(Notifications notifications, String channel) throws SQLException {
        Connection listener = connection();
        Assumptions.assumeTrue(notifications.canListen(listener), "dialect '" + dialect.name()
                + "' cannot listen on the kit's connection (" + listener.getMetaData().getDriverName() + ")");
        try (java.sql.Statement s = listener.createStatement()) {
            for (Statement listen : notifications.listen(channel, "inbox-ra:tck:listen")) {
                assertEquals(List.of(), listen.params(), "a listen statement binds nothing: " + listen.sql());
                s.execute(listen.sql());
            }
        }
        return listener;
    }

    /** Waits, a quarter second at a time as the adapter does, until a notification comes or the bound passes. */
    private static boolean awaitNotification(Notifications notifications, Connection listener) throws SQLException {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (System.nanoTime() < deadline) {
            if (notifications.awaitNotifications(listener, 250)) {
                return true;
            }
        }
        return false;
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

    /** The kit's own lock on a row: an UPDATE that changes nothing but takes the row's lock. */
    private int lockRow(Connection c, Object id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE " + inbox.name() + " SET attempts = attempts WHERE id = ?")) {
            ps.setObject(1, id);
            return ps.executeUpdate();
        }
    }

    private void execute(String sql) throws SQLException {
        try (Connection c = target.connect(); java.sql.Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static long number(Connection c, String sql) throws SQLException {
        try (java.sql.Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next(), "no row from " + sql);
            return rs.getLong(1);
        }
    }

    private static boolean returnsRow(Connection c, String sql) throws SQLException {
        try (java.sql.Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rs.next();
        }
    }

    /** Runs a dialect's statement, its ID parameters the given ids in order; its result, if any, unread. */
    private void run(Connection c, Statement statement, List<Object> ids) throws SQLException {
        try (PreparedStatement ps = bound(c, statement, ids)) {
            ps.execute();
        }
    }

    /** Runs a claim of up to ten rows and returns the ids it returned, in order. */
    private List<Object> claim(Connection c, Statement claim) throws SQLException {
        List<Object> ids = new ArrayList<>();
        try (PreparedStatement ps = bound(c, claim, List.of()); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                ids.add(rs.getObject(Label.ID));
            }
        }
        return ids;
    }

    /** Runs a settlement in a transaction of its own and returns the rows it changed. */
    private int update(Statement statement, List<Object> ids) throws SQLException {
        Connection c = transaction();
        try (PreparedStatement ps = bound(c, statement, ids)) {
            int changed = ps.executeUpdate();
            c.commit();
            return changed;
        }
    }

    private PreparedStatement bound(Connection c, Statement statement, List<Object> ids) throws SQLException {
        PreparedStatement ps = c.prepareStatement(statement.sql());
        int index = 1;
        int next = 0;
        for (Param param : statement.params()) {
            switch (param) {
                case LIMIT -> ps.setInt(index, 10);
                case ID -> ps.setObject(index, ids.get(next++));
                case IDS -> dialect.bindIds(c, ps, index, ids);
                default -> throw new AssertionError("the kit binds no " + param + " here: " + statement.sql());
            }
            index++;
        }
        return ps;
    }

    private static void awaitTrue(String what, long everyMillis, Callable<Boolean> condition) throws Exception {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (!condition.call()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + BOUND + ": " + what);
            }
            Thread.sleep(everyMillis);
        }
    }

    private static String outcome(Future<?> done) {
        try {
            done.get();
            return "it ended at once";
        } catch (Exception e) {
            return "it failed: " + (e.getCause() == null ? e : e.getCause());
        }
    }
}
