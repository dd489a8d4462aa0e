package io.inboxra.ra.delivery;

import io.inboxra.dialect.Statement;
import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A claim whose rows a FIFO group guard checks after it (the row lock form's guard, the advisory
 * lock form's group slots). A row may enter its group ahead of the rows in work (a higher
 * priority): the claim's order puts it first, and its guard leaves it out while the group's rows in
 * work fill its slots. When the guard leaves out every row, the claim runs again passing over them,
 * so that the rows behind, of other groups, are delivered meanwhile; before, they were only when
 * another worker's claim held the row ahead at the same moment. At most {@link #ROUNDS} claims
 * follow the first: each costs a claim and the guard's tries, paid on every turn while such rows
 * lead the claim order; several workers' claims pass over different rows.
 *
 * <p>In the row lock form the rows left out stay locked by the transaction until it ends, through
 * the delivery of the row found behind them: their group, whose head they are, waits that long
 * more once its rows in work are done (a savepoint would let them go on PostgreSQL, but not on
 * InnoDB, which keeps row locks after {@code ROLLBACK TO SAVEPOINT}, and it would cost every claim a
 * round trip).
 */
final class GuardedClaim {

    /** The claims after the first, at most. */
    static final int ROUNDS = 4;

    /** What a form's guard keeps of the rows claimed; it lets go of the others itself. */
    interface Guard {
        List<ClaimedRow> keep(DatabaseConnection c, List<ClaimedRow> claimed) throws SQLException;
    }

    private GuardedClaim() {
    }

    /**
     * @param letGo what the form does with a claimed row it leaves out (set aside meanwhile)
     * @return the rows to deliver; empty when none was claimed, or the guard left out every row
     *         and the claim can pass over no more (see {@link FailingRows#claimPassingOver})
     */
    static List<ClaimedRow> claim(FailingRows failing, DatabaseConnection c, Statement claim, Bindings bindings,
            FailingRows.LetGo letGo, Guard guard) throws SQLException {
        List<ClaimedRow> claimed = failing.notSetAside(failing.claim(c, claim, bindings), letGo);
        List<Object> leftOut = new ArrayList<>();
        for (int round = 0; !claimed.isEmpty(); round++) {
            List<ClaimedRow> kept = guard.keep(c, claimed);
            if (!kept.isEmpty() || round == ROUNDS) {
                return kept;
            }
            claimed.forEach(row -> leftOut.add(row.id()));
            Optional<List<ClaimedRow>> behind = failing.claimPassingOver(c, bindings, leftOut);
            if (behind.isEmpty()) {
                return kept;
            }
            claimed = failing.notSetAside(behind.get(), letGo);
        }
        return claimed;
    }
}
