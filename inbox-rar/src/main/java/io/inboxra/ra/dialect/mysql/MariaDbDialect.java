package io.inboxra.ra.dialect.mysql;

import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.dialect.common.DefaultDriver;

/** MariaDB 10.6 and later (the first with {@code SKIP LOCKED}), through MySQL Connector/J or the MariaDB driver. */
public final class MariaDbDialect extends MySqlDialect {

    /** The name the {@code dialect} property takes. */
    public static final String NAME = "mariadb";

    /** The driver that reaches MariaDB by default (MySQL Connector/J reaches it too, through {@code jdbc:mysql:}). */
    public static final DefaultDriver DRIVER = new DefaultDriver("jdbc:mariadb:", "org.mariadb.jdbc.MariaDbDataSource");

    @Override
    public String name() {
        return NAME;
    }

    /**
     * One statement for a batch again, as long as MariaDB looks each row up by the primary key:
     * {@link #settleAll} says how.
     */
    @Override
    public boolean settlesBatchRowByRow() {
        return false;
    }

    /**
     * A batch's rows deleted by a join of their ids with the table, the ids first
     * ({@code STRAIGHT_JOIN}) and without a join buffer ({@code join_cache_level=0}): each row is
     * then an {@code eq_ref} look-up by the primary key whatever the table's size (EXPLAIN on
     * MariaDB 10.11 at 1, 30 and 300 rows), where an id list is a scan below about a hundred rows
     * ({@link MySqlDialect#settlesBatchRowByRow}). A {@code processedAtColumn} is set the same
     * way: an id-list {@code UPDATE} that scans passes over rows others hold only at
     * {@code READ COMMITTED} (it reads them as last committed), and the claim's isolation may be higher.
     */
    @Override
    public Statement settleAll(TableSpec spec, int rows) {
        StringBuilder ids = new StringBuilder("SELECT ? AS inbox_ra_settled_id");
        Param[] params = new Param[rows];
        params[0] = Param.ID;
        for (int i = 1; i < rows; i++) {
            ids.append(" UNION ALL SELECT ?");
            params[i] = Param.ID;
        }
        String joined = "(" + ids + ") k STRAIGHT_JOIN " + table(spec) + " h ON h." + quote(spec.idColumn())
                + " = k.inbox_ra_settled_id";
        String unsettled = unsettled(spec).replace(" AND ", " AND h.");
        String change = spec.processedAtColumn()
                .map(column -> "UPDATE " + joined + " SET h." + quote(column) + " = " + currentTimestamp())
                .orElse("DELETE h FROM " + joined);
        return Statement.of("SET STATEMENT join_cache_level=0 FOR " + change
                + (unsettled.isEmpty() ? "" : " WHERE" + unsettled.substring(" AND".length())), params);
    }

    /** Without FIFO groups, the advisory claim's candidates are a locking read: {@link MySqlAdvisory#readsLatest}. */
    @Override
    public boolean claimReadsLatest(TableSpec spec) {
        return MySqlAdvisory.readsLatest(spec);
    }
}
