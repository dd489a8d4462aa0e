package io.inboxra.ra.settlement;

import io.inboxra.Outcome;
import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.connection.SubscriptionStatements;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The settle step of every delivery, one row or a batch, in the delivery's transaction: the
 * statement each listener's outcome asks for. A retry or a dead letter is settled row by row;
 * the acknowledged rows with one statement ({@link Dialect#settleAll}), or each by its own
 * statement, sent as one JDBC batch: where the settlement is fenced by a lease token (an id list
 * cannot say which lease each row must still hold), and where the dialect says so
 * ({@link Dialect#settlesBatchRowByRow}: InnoDB may scan for an id list, and wait for rows other
 * transactions hold). A row leaves the table only by an acknowledged settlement or a dead-letter move.
 */
public final class Settlement {

    private static final Logger LOG = System.getLogger(Settlement.class.getName());

    private final SubscriptionSettings settings;
    private final TableSpec table;
    private final SubscriptionStatements statements;
    private final Dialect dialect;
    private final DeadLetterMove deadLetters;
    /** Holds a delivery for a while, or less when the subscription stops. */
    private final Consumer<Duration> hold;
    private final Bindings bindings;
    /** A batch's acknowledged rows each by its own statement: fenced by a lease token, or as the dialect asks. */
    private final boolean rowByRow;
    /** The acknowledgement of several rows in one statement, by how many (built once per size, not per batch). */
    private final Map<Integer, Statement> settleAll = new ConcurrentHashMap<>();
    /** Set once the driver answered a JDBC batch without counts: batches then settle one statement at a time. */
    private volatile boolean batchesUncounted;

    /**
     * @param table the checked table, as the database names it (what every statement is built from)
     * @param statements the checked table's statements
     * @param dialect what builds {@link Dialect#settleAll} for a batch's size
     * @param hold waits out a retry that has no due column to wait by, or less when the subscription stops
     */
    public Settlement(SubscriptionSettings settings, TableSpec table, SubscriptionStatements statements,
            Dialect dialect, Consumer<Duration> hold) {
        this.settings = settings;
        this.table = table;
        this.statements = statements;
        this.dialect = dialect;
        this.deadLetters = new DeadLetterMove(settings, statements);
        this.hold = hold;
        this.bindings = Bindings.of(settings.queue());
        this.rowByRow = statements.settle().params().contains(Param.TOKEN) || dialect.settlesBatchRowByRow();
    }

    /**
     * Settles the listener's outcomes.
     *
     * @param connection a connection in the delivery's transaction
     * @param rows the rows as their settlement must match them (the lease form: with each one's last token)
     * @param outcomes one per row, in order
     * @return null when every row was settled, otherwise why not; a refused dead letter is thrown
     *         as a statement that failed ({@link DeadLetterMove.Refused})
     */
    public String settle(DatabaseConnection connection, List<ClaimedRow> rows, List<Outcome> outcomes)
            throws SQLException {
        List<ClaimedRow> acked = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            if (outcomes.get(i) instanceof Outcome.Ack) {
                acked.add(rows.get(i));
            } else if (!settleOne(connection, rows.get(i), outcomes.get(i))) {
                return rows.size() == 1 ? notSettled(rows.get(0)) : "the outcome of row " + rows.get(i).id()
                        + " could not be settled";
            }
        }
        if (acked.isEmpty()) {
            return null;
        }
        if (acked.size() == 1) {
            return acknowledge(connection, acked.get(0)) ? null : notSettled(acked.get(0));
        }
        boolean settled = rowByRow ? acknowledgeEach(connection, acked) : acknowledgeAll(connection, acked);
        return settled ? null : "the settlement of the acknowledged rows changed another number of rows";
    }

    private String notSettled(ClaimedRow row) {
        LOG.log(Level.WARNING, "Inbox subscription '" + settings.name() + "': the settlement of row " + row.id()
                + " changed no row (its lease was lost, or another delivery settled it); the transaction"
                + " rolls back, the MDB's work with it.");
        return "the settlement changed no row (the lease was lost, another delivery settled the row, or it could"
                + " not be dead-lettered)";
    }

    private boolean acknowledge(DatabaseConnection connection, ClaimedRow row) throws SQLException {
        return connection.update(statements.settle(), bindings.row(row)) == 1;
    }

    /** A retry or a dead letter. */
    private boolean settleOne(DatabaseConnection connection, ClaimedRow row, Outcome outcome) throws SQLException {
        DeadLetterMove.Move move;
        if (outcome instanceof Outcome.Retry retry) {
            if (statements.reschedule().isEmpty()) {
                return retryInMemory(row, retry.delay());
            }
            if (!FailureRecords.exhausted(settings, row)) {
                return connection.update(statements.reschedule().get(), bindings.row(row).delay(retry.delay())) == 1;
            }
            move = deadLetters.move(connection, row, "retried " + (row.failedAttempts() + 1) + " times, the limit");
        } else if (outcome instanceof Outcome.DeadLetter dead) {
            if (!deadLetters.isPossible()) {
                LOG.log(Level.ERROR, "Inbox subscription '" + settings.name() + "': the listener dead-lettered row "
                        + row.id() + " (" + dead.reason() + "), but the subscription has no 'deadLetterTable' nor"
                        + " 'deadAtColumn'; set one. The transaction rolls back and the row stays.");
                return false;
            }
            move = deadLetters.move(connection, row, dead.reason());
        } else {
            throw new IllegalStateException("unknown outcome " + outcome);
        }
        if (move == DeadLetterMove.Move.REFUSED) {
            // A failed statement, as a constraint's would be: logged once by the caller, its text the failure's record.
            throw new DeadLetterMove.Refused(deadLetters.refusal(row));
        }
        return move == DeadLetterMove.Move.MOVED;
    }

    /** The acknowledged rows of a batch with one statement. */
    private boolean acknowledgeAll(DatabaseConnection connection, List<ClaimedRow> rows) throws SQLException {
        Statement all = settleAll.computeIfAbsent(rows.size(), n -> dialect.settleAll(table, n));
        int changed = connection.update(all, bindings.rows(rows));
        if (changed != rows.size()) {
            LOG.log(Level.WARNING, "Inbox subscription '" + settings.name() + "': the settlement of a batch of "
                    + rows.size() + " acknowledged rows changed " + changed + " rows; the transaction rolls back,"
                    + " the MDB's work with it, and the rows are delivered again one at a time.");
            return false;
        }
        return true;
    }

    /**
     * The acknowledged rows of a batch each by its own statement (in the lease form fenced by each
     * row's token), sent as one JDBC batch, or one by one once the driver has answered a batch
     * without counts (MariaDB Connector/J with {@code useBulkStmts}).
     */
    private boolean acknowledgeEach(DatabaseConnection connection, List<ClaimedRow> rows) throws SQLException {
        if (batchesUncounted) {
            for (ClaimedRow row : rows) {
                if (!acknowledge(connection, row)) {
                    return false;
                }
            }
            return true;
        }
        int[] changed = connection.updateEach(statements.settle(), rows.stream().map(bindings::row).toList());
        for (int i = 0; i < changed.length; i++) {
            if (changed[i] == java.sql.Statement.SUCCESS_NO_INFO) {
                // Executed, but whether each matched its lease is unknown: this batch rolls back, later ones go row by row.
                batchesUncounted = true;
                LOG.log(Level.INFO, "Inbox subscription '" + settings.name() + "': the JDBC driver executes a batch"
                        + " without counting each statement's rows (MariaDB Connector/J with useBulkStmts); the"
                        + " subscription settles its batches one statement at a time from now on, and this batch is"
                        + " delivered again");
                return false;
            }
            if (changed[i] != 1) {
                LOG.log(Level.WARNING, "Inbox subscription '" + settings.name() + "': the settlement of row "
                        + rows.get(i).id() + " in a batch changed " + changed[i] + " rows (its lease was lost, or"
                        + " another delivery settled it); the transaction rolls back, the MDB's work with it, and the"
                        + " rows are delivered again one at a time.");
                return false;
            }
        }
        return true;
    }

    /** Logs a settlement statement that failed on a working connection (a constraint): the delivery fails. */
    public void failed(List<ClaimedRow> rows, SQLException e) {
        String failed = "Inbox subscription '" + settings.name() + "': the settlement of " + (rows.size() == 1
                ? "row " + rows.get(0).id() + " failed; the transaction rolls back and the delivery counts as failed"
                : "a batch of " + rows.size() + " rows failed; the transaction rolls back and the rows are delivered"
                + " again one at a time");
        if (e instanceof DeadLetterMove.Refused) {
            LOG.log(Level.WARNING, failed + ": " + e.getMessage());
        } else {
            LOG.log(Level.WARNING, failed, e);
        }
    }

    /** @return whether the listener's retry of this row is its last attempt: it is dead-lettered instead */
    public boolean exhausted(ClaimedRow row) {
        return FailureRecords.exhausted(settings, row);
    }

    /** A retry on a table without a due column: logged, then the row is held for the delay and rolled back. */
    private boolean retryInMemory(ClaimedRow row, Duration delay) {
        Duration wait = delay.compareTo(settings.maxRetryDelay()) > 0 ? settings.maxRetryDelay() : delay;
        LOG.log(Level.ERROR, "Inbox subscription '" + settings.name() + "': the listener asked to retry row "
                + row.id() + " in " + delay + ", but the table has no 'dueColumn' to reschedule it by; set"
                + " 'dueColumn'. The row is held for " + wait + ", then rolled back and delivered again.");
        hold.accept(wait);
        return false;
    }
}
