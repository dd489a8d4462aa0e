package io.inboxra.tck;

import io.inboxra.dialect.Advisory;
import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Checks a FIFO group's slots ({@code groupConcurrency} above 1): each held by one transaction,
 * or in the advisory lock form one session, at a time, and refused to the others without waiting.
 */
abstract class GroupSlotConformance extends ClaimGuardConformance {

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
}
