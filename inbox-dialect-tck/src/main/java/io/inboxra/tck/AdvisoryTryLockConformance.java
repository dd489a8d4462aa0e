package io.inboxra.tck;

import io.inboxra.dialect.Advisory;
import io.inboxra.dialect.Label;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Checks the advisory form's lock of one row, tried for a cancel ({@link Advisory#tryLock}): refused
 * at once while a session or the claim holds it, taken once it is released.
 */
abstract class AdvisoryTryLockConformance extends PendingRowCase {

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
}
