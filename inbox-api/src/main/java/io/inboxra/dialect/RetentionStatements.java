package io.inboxra.dialect;

import java.util.Optional;

/**
 * The statements of the retention sweep: processed rows deleted after their retention or, where the
 * table is partitioned by range of a time column, whole partitions dropped; and the check that the
 * partitions take the due times a retry writes.
 */
public interface RetentionStatements {

    /** @return the dialect's name, as in logs and error messages */
    String name();

    /**
     * Deletes up to {@link Param#LIMIT} rows whose processed-at mark is older than
     * {@link Param#AGE} milliseconds: the retention sweep.
     *
     * @param spec the table, with a processed-at column
     * @return the statement
     * @throws StatementException {@link StatementException.Kind#UNSUPPORTED} where the dialect has none
     */
    default Statement purge(TableSpec spec) throws StatementException {
        throw new StatementException(StatementException.Kind.UNSUPPORTED, name(),
                "this dialect cannot delete processed rows after their retention; remove 'retention'");
    }

    /**
     * The partitions of the table that the retention sweep may drop whole instead of deleting
     * their rows, for a table partitioned by range of one time column (its due, creation or
     * processed-at time): those whose whole range lies before now minus {@link Param#AGE}
     * milliseconds. Returns one row per partition, its name as SQL in the first column, oldest
     * first; none where the table is not so partitioned. Binds AGE.
     *
     * @param spec the table, with a processed-at column
     * @return the query
     * @throws StatementException {@link StatementException.Kind#UNSUPPORTED} by default: the
     *         retention sweep then deletes rows only
     */
    default Statement expiredPartitions(TableSpec spec) throws StatementException {
        throw new StatementException(StatementException.Kind.UNSUPPORTED, name(),
                "this dialect drops no partitions; the retention sweep deletes processed rows one by one");
    }

    /**
     * How the retention sweep drops one partition that {@link #expiredPartitions} named, in one
     * transaction: the locks, the check for a row to keep, the detach and drop.
     *
     * @param spec the table, with a processed-at column
     * @param partition the partition's name, as {@link #expiredPartitions} returned it
     * @return the statements
     * @throws StatementException {@link StatementException.Kind#UNSUPPORTED} by default
     */
    default PartitionDrop partitionDrop(TableSpec spec, String partition) throws StatementException {
        throw new StatementException(StatementException.Kind.UNSUPPORTED, name(),
                "this dialect drops no partitions; the retention sweep deletes processed rows one by one");
    }

    /**
     * How far ahead the partitions of a table partitioned by range of its due column take due
     * times: one row, its one column the milliseconds from now to the greatest upper bound of the
     * partitions (negative when it has passed), or NULL where a {@code DEFAULT} partition, or one
     * up to {@code MAXVALUE}, takes any later time; no row where the table is not partitioned by
     * range of its due column. A retry writes its row's due time, and where no partition takes it
     * the database refuses the write: the activation warns when the partitions end too soon.
     * Binds nothing.
     *
     * @param spec the table, with a due column
     * @return the query, or empty (the default) where the dialect cannot tell
     */
    default Optional<Statement> duePartitionsAhead(TableSpec spec) {
        return Optional.empty();
    }
}
