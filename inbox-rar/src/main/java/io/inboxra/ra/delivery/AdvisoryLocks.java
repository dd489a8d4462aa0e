package io.inboxra.ra.delivery;

import io.inboxra.dialect.Statement;
import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.connection.SubscriptionStatements;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The advisory locks a worker's session holds, as the advisory form lets go of them: a turn's
 * rows (all the session holds in one statement, where it can), the locks of committed rows kept to
 * be let go later together ({@link SettledLocks}), and the group slots ({@link GroupSlots}). A
 * session lost, or closed, took its locks with it: they are forgotten, not released.
 */
final class AdvisoryLocks {

    private static final Logger LOG = System.getLogger(AdvisoryLocks.class.getName());

    private final String subscription;
    private final SubscriptionStatements statements;
    private final Optional<Statement> unlockAll;
    private final Bindings all;
    private final Bindings one;
    /** Where each row's lock is its id's, the locks of rows gone, let go later together; otherwise null. */
    private final SettledLocks settled;
    /** With a {@code groupConcurrency} above 1, the group slots the session holds; otherwise null. */
    private final GroupSlots groupSlots;

    AdvisoryLocks(DeliveryContext context, Optional<Statement> unlockAll, Bindings one) {
        this.subscription = context.name();
        this.statements = context.statements();
        this.unlockAll = unlockAll;
        this.all = context.bindings();
        this.one = one;
        this.settled = SettledLocks.keptFor(context.settings().table()) ? new SettledLocks() : null;
        this.groupSlots = statements.fifoGuard().isEmpty() ? null : new GroupSlots(statements.fifoGuard().get(),
                statements.fifoRelease().orElseThrow(), context.settings().table().groupConcurrency(), one);
    }

    /** @return the rows claimed that have a group slot, each now holding one; the others' locks let go */
    List<ClaimedRow> inSlots(DatabaseConnection c, List<ClaimedRow> rows) throws SQLException {
        return groupSlots == null ? rows : groupSlots.take(c, rows, row -> unlock(c, row));
    }

    /**
     * Releases a turn's locks but those of rows owed; those of rows gone (a committed
     * acknowledgement or dead letter) are kept, where kept locks are, to be let go later, together.
     *
     * @param c the worker's session: null or broken, its locks went with it
     */
    void release(DatabaseConnection c, List<ClaimedRow> rows, List<ClaimedRow> gone, Collection<ClaimedRow> owed)
            throws SQLException {
        if (c == null || c.isBroken()) {
            // A lost session took its locks with it.
            if (settled != null) {
                settled.forget();
            }
            return;
        }
        if (rows.isEmpty()) {
            return;
        }
        Set<Object> owing = owed.stream().map(ClaimedRow::idKey).collect(Collectors.toSet());
        Set<Object> keeping = settled == null ? Set.of()
                : gone.stream().map(ClaimedRow::idKey).collect(Collectors.toSet());
        if (!keeping.isEmpty()) {
            settled.add(rows.stream().filter(row -> keeping.contains(row.idKey())).toList());
        }
        List<ClaimedRow> unlock = owing.isEmpty() && keeping.isEmpty() ? rows : rows.stream()
                .filter(row -> !owing.contains(row.idKey()) && !keeping.contains(row.idKey())).toList();
        if (unlock.size() > 1 && unlock.size() == rows.size() && owed.isEmpty() && unlockAll.isPresent()) {
            unlockAllHeld(c);
            return;
        }
        for (ClaimedRow row : unlock) {
            unlock(c, row);
        }
        letGoSettledIfDue(c, owed);
    }

    void letGoSettledIfDue(DatabaseConnection c, Collection<ClaimedRow> owed) throws SQLException {
        // While rows owed keep their locks, the kept ones cannot go in one statement: they wait for that, up to a limit.
        if (settled != null && settled.due() && (owed.isEmpty() || settled.full())) {
            letGoSettled(c, owed);
        }
    }

    /** Lets go of the locks of committed rows kept so far: all the session holds, where no row is owed. */
    void letGoSettled(DatabaseConnection c, Collection<ClaimedRow> owed) throws SQLException {
        if (settled == null || settled.isEmpty()) {
            return;
        }
        if (c == null || c.isBroken()) {
            settled.forget();
            return;
        }
        if (owed.isEmpty() && unlockAll.isPresent()) {
            unlockAllHeld(c);
            return;
        }
        for (ClaimedRow row : settled.take()) {
            unlock(c, row);
        }
    }

    /** Every advisory lock the session holds, in one statement: the turn's, its group slots', those kept. */
    private void unlockAllHeld(DatabaseConnection c) throws SQLException {
        c.first(unlockAll.get(), all);
        forget();
    }

    /** Releases a row's lock, and its group's slot where it holds one; a lock not held is logged. */
    void unlock(DatabaseConnection c, ClaimedRow row) throws SQLException {
        if (!ClaimedRow.isYes(c.first(statements.unlock().orElseThrow(), one.row(row)))) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': the advisory lock of row "
                    + row.id() + " was not held when it was released");
        }
        if (groupSlots != null) {
            groupSlots.release(c, row);
        }
    }

    /** The session is closed: the locks it held, kept and slots included, went with it. */
    void forget() {
        if (groupSlots != null) {
            groupSlots.forget();
        }
        if (settled != null) {
            settled.forget();
        }
    }
}
