package io.inboxra.dialect;

import java.util.List;

/**
 * A dialect whose database, when no index serves the claim's {@code ORDER BY}, sorts every row a
 * locking claim scans and locks them all (MySQL and MariaDB's InnoDB): claims then wait for each
 * other instead of skipping each other's rows. At activation the adapter looks in the database's
 * metadata for an index whose leading columns are the claim order (the queue column, then
 * priority, due, id) and, when there is none, logs a warning naming the statement that creates
 * one: this dialect's {@link #createClaimIndex}.
 *
 * <pre>{@code
 * CREATE INDEX jobs_claim ON `jobs` (`queue`, `priority`, `due_at`, `id`)
 * }</pre>
 */
public interface ClaimOrderIndex extends Dialect {

    /**
     * The statement an administrator runs to create the index the claim needs.
     *
     * @param spec the table
     * @param columns the index's columns, unquoted: the queue column, then the claim order
     * @return the {@code CREATE INDEX} statement, in this database's SQL
     */
    String createClaimIndex(TableSpec spec, List<String> columns);
}
