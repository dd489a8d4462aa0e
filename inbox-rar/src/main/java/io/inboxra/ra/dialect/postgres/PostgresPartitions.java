package io.inboxra.ra.dialect.postgres;

import io.inboxra.dialect.Param;
import io.inboxra.dialect.PartitionDrop;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;

import java.util.List;

/**
 * PostgreSQL's statements for an inbox table partitioned by time: the partitions retention may
 * drop whole, the drop itself, and how far ahead the partitions of the due column reach
 * ({@link PostgresDialect} hands them out; docs/partitioning.md).
 */
final class PostgresPartitions {

    /** How long a partition drop waits for the table's lock before it gives up until the next sweep. */
    static final int PARTITION_LOCK_WAIT_MILLIS = 1000;

    private PostgresPartitions() {
    }

    /**
     * The leaf partitions of a table partitioned by range of one {@code timestamptz},
     * {@code timestamp} or {@code date} column whose upper bound is at or before the retention
     * bound, oldest first, each named as {@code regclass} prints it (quoted and qualified where it
     * must be). The bound is read from the partition's {@code FOR VALUES FROM (...) TO ('...')}:
     * a {@code MAXVALUE}, a {@code DEFAULT} partition, a sub-partitioned one, a list or hash
     * partitioning, an expression or a key of several columns match nothing.
     *
     * @param table the table as the dialect writes it (quoted, qualified)
     */
    static Statement expired(String table, TableSpec spec) {
        return Statement.of("SELECT name FROM (SELECT c.oid::regclass::text AS name, substring(pg_get_expr(c.relpartbound,"
                + " c.oid) from 'TO \\(''([^'']*)''\\)')::timestamptz AS upper_bound"
                + " FROM pg_catalog.pg_partitioned_table pt"
                + " JOIN pg_catalog.pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0]"
                + " JOIN pg_catalog.pg_inherits i ON i.inhparent = pt.partrelid"
                + " JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid AND c.relkind = 'r'"
                + " WHERE pt.partrelid = " + regclass(table) + " AND pt.partstrat = 'r' AND pt.partnatts = 1"
                + " AND a.atttypid IN ('timestamptz'::regtype, 'timestamp'::regtype, 'date'::regtype)) p"
                + " WHERE upper_bound <= now() - ? * interval '1 millisecond' ORDER BY upper_bound, name", Param.AGE);
    }

    /**
     * The table, then the partition, locked as every query locks them (parent first), waiting at
     * most {@value #PARTITION_LOCK_WAIT_MILLIS} ms: a claim transaction open meanwhile (a row lock
     * delivery whose MDB still runs) holds the table, and the sweep tries again at its next run
     * rather than keep every claim waiting behind it. Then no row can enter, leave or change in the
     * partition until the drop commits.
     *
     * @param table the table as the dialect writes it
     * @param processed the processed-at column, quoted
     * @param partition the partition as {@link #expired} named it
     */
    static PartitionDrop drop(String table, String processed, String partition) {
        return new PartitionDrop(
                List.of(Statement.of("SET LOCAL lock_timeout = " + PARTITION_LOCK_WAIT_MILLIS),
                        Statement.of("LOCK TABLE ONLY " + table + " IN ACCESS EXCLUSIVE MODE"),
                        Statement.of("LOCK TABLE " + partition + " IN ACCESS EXCLUSIVE MODE")),
                Statement.of("SELECT 1 FROM " + partition + " WHERE " + processed + " IS NULL OR " + processed
                        + " >= now() - ? * interval '1 millisecond' LIMIT 1", Param.AGE),
                List.of(Statement.of("ALTER TABLE " + table + " DETACH PARTITION " + partition),
                        Statement.of("DROP TABLE " + partition)));
    }

    /**
     * The greatest upper bound of the partitions, read as {@link #expired} reads one, where the
     * due column is the range's one column; NULL where a {@code DEFAULT} partition or one up to
     * {@code MAXVALUE} (whose bound reads as no literal) takes any later time.
     *
     * @param table the table as the dialect writes it
     * @param due the due column, unquoted (compared with the catalog's name)
     */
    static Statement dueAhead(String table, String due) {
        return Statement.of("SELECT CASE WHEN bool_or(upper_bound IS NULL) THEN NULL"
                + " ELSE (extract(epoch FROM max(upper_bound) - now()) * 1000)::bigint END FROM (SELECT"
                + " substring(pg_get_expr(c.relpartbound, c.oid) from 'TO \\(''([^'']*)''\\)')::timestamptz AS upper_bound"
                + " FROM pg_catalog.pg_partitioned_table pt"
                + " JOIN pg_catalog.pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0]"
                + " JOIN pg_catalog.pg_inherits i ON i.inhparent = pt.partrelid"
                + " JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid"
                + " WHERE pt.partrelid = " + regclass(table) + " AND pt.partstrat = 'r' AND pt.partnatts = 1"
                + " AND a.attname = " + PostgresSpelling.literal(due) + ") p HAVING count(*) > 0");
    }

    /** The table as a {@code regclass} constant: its quoted name in a string literal. */
    private static String regclass(String table) {
        return "'" + table.replace("'", "''") + "'::regclass";
    }
}
