package io.inboxra.tck;

import io.inboxra.dialect.Advisory;
import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

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
public abstract class PendingRowConformance extends DeadLetterKeyConformance {
    // The look-up and the hold are checked here; a dead letter's key and the advisory form's try
    // in the superclasses, DeadLetterKeyConformance and AdvisoryTryLockConformance.

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
}
