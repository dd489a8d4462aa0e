package io.inboxra.ra.subscription;

import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.PartitionDrop;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.DatabaseConnection;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * The retention sweep's first step on a table partitioned by time: each partition whose whole
 * range lies before the retention bound ({@link Dialect#expiredPartitions}) is detached and
 * dropped in one transaction of its own, after its locks are held and only where it holds no row
 * the row sweep would keep (one not yet processed, dead-lettered in place, or processed within the
 * retention: {@link PartitionDrop}). Nothing the row sweep would not delete is ever lost; what
 * stays is deleted row by row as before, or dropped at a later sweep.
 *
 * <p>A partition whose locks are held by others (a claim transaction open while its MDB runs) is
 * tried again at the next sweep; one that another sweep (another server's subscription of the
 * table) dropped first is passed over. Where the database refuses the drop for good (the user does not
 * own the table), that is logged once and the sweep deletes rows only.
 */
final class PartitionRetention {

    private static final Logger LOG = System.getLogger(PartitionRetention.class.getName());

    /** The lock wait ran out, the statement timeout or a deadlock cancelled it: the table is busy, try later. */
    private static final List<String> BUSY = List.of("55P03", "57014", "40P01");
    /** The partition is gone: another subscription's sweep (another server's) dropped it first. */
    private static final String UNDEFINED_TABLE = "42P01";
    /** The user may not alter or drop the table (in PostgreSQL only its owner may). */
    private static final String INSUFFICIENT_PRIVILEGE = "42501";

    private final String subscription;
    private final Dialect dialect;
    private final TableSpec table;
    private final Statement expired;
    private final Bindings bindings;
    private final Duration retention;
    private volatile boolean refused;

    private PartitionRetention(String subscription, Dialect dialect, TableSpec table, Statement expired,
            Bindings bindings, Duration retention) {
        this.subscription = subscription;
        this.dialect = dialect;
        this.table = table;
        this.expired = expired;
        this.bindings = bindings;
        this.retention = retention;
    }

    /**
     * @param expired the dialect's query for partitions to drop, empty where it drops none
     * @param bindings the retention as {@link io.inboxra.dialect.Param#AGE}
     * @return the step, or empty where the dialect drops no partitions
     */
    static Optional<PartitionRetention> of(String subscription, Dialect dialect, TableSpec table,
            Optional<Statement> expired, Bindings bindings, Duration retention) {
        return expired.map(query -> new PartitionRetention(subscription, dialect, table, query, bindings, retention));
    }

    /**
     * Drops what it may, logging in one line what it dropped.
     *
     * @param connection the sweep's connection, in auto-commit
     * @param running whether the subscription still runs
     * @return the partitions dropped, oldest first
     */
    List<String> sweep(DatabaseConnection connection, BooleanSupplier running) throws SQLException {
        if (refused) {
            return List.of();
        }
        List<String> dropped = new ArrayList<>();
        for (String partition : connection.strings(expired, bindings)) {
            if (!running.getAsBoolean() || refused) {
                break;
            }
            if (drop(connection, partition)) {
                dropped.add(partition);
            }
        }
        if (!dropped.isEmpty()) {
            LOG.log(Level.INFO, "Inbox subscription '" + subscription + "': retention (" + retention + ") dropped "
                    + (dropped.size() == 1 ? "partition " : dropped.size() + " partitions ") + String.join(", ", dropped)
                    + " of table '" + table.table() + "': " + (dropped.size() == 1 ? "its" : "each one's")
                    + " whole range lay before the retention bound, and every row in it was processed before it");
        }
        return dropped;
    }

    /** @return whether the partition was dropped (false: it holds a row to keep, or it is busy) */
    private boolean drop(DatabaseConnection connection, String partition) throws SQLException {
        PartitionDrop steps;
        try {
            steps = dialect.partitionDrop(table, partition);
        } catch (StatementException e) {
            refuse("dialect '" + dialect.name() + "' lists partitions to drop but cannot drop them (" + e.getMessage()
                    + ")");
            return false;
        }
        try {
            boolean dropped = connection.inTransaction(tx -> {
                for (Statement lock : steps.lock()) {
                    tx.execute(lock.sql());
                }
                if (tx.exists(steps.keep(), bindings)) {
                    return false;
                }
                for (Statement drop : steps.drop()) {
                    tx.execute(drop.sql());
                }
                return true;
            });
            if (!dropped) {
                LOG.log(Level.DEBUG, () -> "Inbox subscription '" + subscription + "': partition " + partition
                        + " of table '" + table.table() + "' lies before the retention bound but holds a row not"
                        + " processed before it: kept");
            }
            return dropped;
        } catch (SQLException e) {
            if (BUSY.contains(e.getSQLState())) {
                LOG.log(Level.DEBUG, () -> "Inbox subscription '" + subscription + "': partition " + partition
                        + " of table '" + table.table() + "' is busy (" + e.getMessage() + "); trying at the next sweep");
                return false;
            }
            if (UNDEFINED_TABLE.equals(e.getSQLState())) {
                LOG.log(Level.DEBUG, () -> "Inbox subscription '" + subscription + "': partition " + partition
                        + " of table '" + table.table() + "' was dropped meanwhile by another sweep");
                return false;
            }
            if (INSUFFICIENT_PRIVILEGE.equals(e.getSQLState())) {
                refuse("the database refuses to drop partition " + partition + " (" + e.getMessage() + "): only the"
                        + " table's owner may detach and drop its partitions. Connect as the owner, or drop old"
                        + " partitions yourself");
                return false;
            }
            throw e;
        }
    }

    private void refuse(String why) {
        refused = true;
        LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': table '" + table.table() + "' is partitioned"
                + " by time, but " + why + "; the retention sweep deletes processed rows one by one instead.");
    }
}
