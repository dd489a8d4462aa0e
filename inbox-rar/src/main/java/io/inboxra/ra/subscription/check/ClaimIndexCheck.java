package io.inboxra.ra.subscription.check;

import io.inboxra.dialect.ClaimOrderIndex;
import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.TableSpec;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a dialect says so ({@link ClaimOrderIndex}: MySQL and MariaDB), an {@code ORDER BY} that
 * no index serves makes a locking claim sort every row it scans, and lock them all: claims then
 * wait for each other. At activation this looks for an index whose leading columns are the claim
 * order (queue, priority, due, id) and warns, naming the index to create, when there is none. It
 * warns too when no index starts with the id column: each settlement (and MariaDB's advisory claim,
 * reading a returned row's payload) looks a row up by its id, and would scan and lock every row.
 */
public final class ClaimIndexCheck {

    private static final Logger LOG = System.getLogger(ClaimIndexCheck.class.getName());

    private ClaimIndexCheck() {
    }

    /**
     * @param subscription the subscription's name, for the log
     * @param connection a connection to the database
     * @param dialect the subscription's dialect, to write the statement in
     * @param spec the checked table description
     * @return whether an index serves the claim order, or the dialect needs none (false: a warning was logged)
     */
    public static boolean check(String subscription, Connection connection, Dialect dialect, TableSpec spec)
            throws SQLException {
        if (!(dialect instanceof ClaimOrderIndex advice)) {
            return true;
        }
        List<String> order = new ArrayList<>();
        spec.queueColumn().ifPresent(order::add);
        spec.priorityColumn().ifPresent(order::add);
        spec.dueColumn().ifPresent(order::add);
        order.add(spec.idColumn());
        String[] parts = spec.table().split("\\.");
        String catalog = parts.length == 2 ? parts[0] : connection.getCatalog();
        Map<String, Map<Integer, String>> indexes = new TreeMap<>();
        DatabaseMetaData metadata = connection.getMetaData();
        try (ResultSet rs = metadata.getIndexInfo(catalog, null, parts[parts.length - 1], false, false)) {
            while (rs.next()) {
                String index = rs.getString("INDEX_NAME");
                String column = rs.getString("COLUMN_NAME");
                if (index != null && column != null) {
                    indexes.computeIfAbsent(index, i -> new TreeMap<>()).put((int) rs.getShort("ORDINAL_POSITION"), column);
                }
            }
        }
        if (!anyStartsWith(indexes, List.of(spec.idColumn()))) {
            LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': no index of table '" + spec.table()
                    + "' starts with its id column '" + spec.idColumn() + "'; every settlement will scan and lock the"
                    + " whole table. Make '" + spec.idColumn() + "' the primary key, or give it a unique index of its own.");
        }
        List<String> leading = order.size() > 1 ? order.subList(0, order.size() - 1) : order;
        if (anyStartsWith(indexes, leading)) {
            return true;
        }
        String create = advice.createClaimIndex(spec, order);
        LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': no index of table '" + spec.table()
                + "' serves the claim order (" + String.join(", ", order) + "); every claim will lock all the rows it"
                + " scans and claims will wait for each other. Create one: " + create);
        return false;
    }

    private static boolean anyStartsWith(Map<String, Map<Integer, String>> indexes, List<String> leading) {
        List<String> wanted = leading.stream().map(c -> c.toLowerCase(Locale.ROOT)).toList();
        for (Map<Integer, String> columns : indexes.values()) {
            List<String> names = columns.values().stream().map(c -> c.toLowerCase(Locale.ROOT)).toList();
            if (names.size() >= wanted.size() && names.subList(0, wanted.size()).equals(wanted)) {
                return true;
            }
        }
        return false;
    }
}
