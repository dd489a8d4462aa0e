package io.inboxra.ra.delivery;

import io.inboxra.dialect.Statement;
import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The FIFO group slots one worker's session holds in the advisory lock form with a
 * {@code groupConcurrency} of N above 1: the claim locks each row by its own key, and a row is
 * delivered only with one of its group's N slots, a session lock of its own, so no more than N rows
 * of a group are in work at once across workers and servers. A slot is held from the claim until
 * the row's lock is let go (the rows of a batch that rolled back keep theirs while they are owed).
 */
final class GroupSlots {

    private final Statement lock;
    private final Statement unlock;
    private final int slots;
    private final Bindings one;
    /** The slot each row holds, by its id. */
    private final Map<Object, Bindings> held = new HashMap<>();

    GroupSlots(Statement lock, Statement unlock, int slots, Bindings one) {
        this.lock = lock;
        this.unlock = unlock;
        this.slots = slots;
        this.one = one;
    }

    /**
     * Takes a free slot of each row's group, in claim order; a row of no group needs none.
     *
     * @param letGo how a row left without a slot lets go of its own lock
     * @return the rows that may be delivered
     */
    List<ClaimedRow> take(DatabaseConnection c, List<ClaimedRow> rows, FailingRows.LetGo letGo) throws SQLException {
        List<ClaimedRow> taken = new ArrayList<>(rows.size());
        for (ClaimedRow row : rows) {
            if (row.group() == null || held.containsKey(row.idKey())) {
                taken.add(row);
                continue;
            }
            Bindings slot = free(c, row);
            if (slot == null) {
                letGo.letGo(row);
            } else {
                held.put(row.idKey(), slot);
                taken.add(row);
            }
        }
        return taken;
    }

    /** A slot of the row's group that this session does not hold (it could take its own again), taken; or null. */
    private Bindings free(DatabaseConnection c, ClaimedRow row) throws SQLException {
        return takeFree(c, lock, one, slots, row, held.values());
    }

    /**
     * Takes the first of the row's group's slots that no other session holds, passing over those this
     * one holds already ({@code held}): a session may take its own lock again, and two rows in one slot
     * would let the group exceed its slots. The row lock form's guard and this form's slots alike.
     *
     * @return the slot taken, bound; null when every slot is held
     */
    static Bindings takeFree(DatabaseConnection c, Statement take, Bindings one, int slots, ClaimedRow row,
            Collection<Bindings> held) throws SQLException {
        for (int slot = 0; slot < slots; slot++) {
            if (holds(held, row.groupKey(), slot)) {
                continue;
            }
            Bindings bindings = one.row(row).slot(slot);
            if (ClaimedRow.isYes(c.first(take, bindings))) {
                return bindings;
            }
        }
        return null;
    }

    private static boolean holds(Collection<Bindings> held, Object group, int slot) {
        for (Bindings b : held) {
            if (b.slot() == slot && Objects.equals(group, b.row().groupKey())) {
                return true;
            }
        }
        return false;
    }

    /** Lets go of the row's slot, if it holds one. */
    void release(DatabaseConnection c, ClaimedRow row) throws SQLException {
        Bindings slot = held.remove(row.idKey());
        if (slot != null) {
            c.first(unlock, slot);
        }
    }

    /** Forgets every slot: the session let go of all its locks at once, or is gone. */
    void forget() {
        held.clear();
    }
}
