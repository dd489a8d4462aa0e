package io.inboxra.ra.dialect;

import io.inboxra.dialect.TableSpec;

import java.util.List;

/**
 * A database whose locking claim locks every row it scans when no index serves its order
 * (MySQL, MariaDB): claims then wait for each other. The adapter looks for such an index at
 * activation and warns, naming the one to create, when there is none.
 */
public interface ClaimOrderIndex {

    /**
     * @param spec the table
     * @param columns the index's columns, unquoted: the queue column, then the claim order
     * @return the statement that creates the index
     */
    String createClaimIndex(TableSpec spec, List<String> columns);
}
