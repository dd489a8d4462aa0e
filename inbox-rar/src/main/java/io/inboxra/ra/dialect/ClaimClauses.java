package io.inboxra.ra.dialect;

import io.inboxra.dialect.ClaimShape;
import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.TableSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * The parts every built-in claim shares, in one place: the selected columns, which rows are
 * claimable (the subscription's queue, due, not marked processed, no live lease), and the
 * claim order (priority, due, id). Each dialect puts them around its own locking syntax.
 */
final class ClaimClauses {

    private final Dialect dialect;
    private final TableSpec spec;

    private final String rowValue;

    ClaimClauses(Dialect dialect, TableSpec spec) {
        this(dialect, spec, "ROW");
    }

    /** @param rowValue the keyword before a row value's parentheses ({@code ROW}, or empty where there is none) */
    ClaimClauses(Dialect dialect, TableSpec spec, String rowValue) {
        this.dialect = dialect;
        this.spec = spec;
        this.rowValue = rowValue;
    }

    String columns(ClaimShape shape) {
        String id = dialect.quote(spec.idColumn());
        String payload = dialect.quote(spec.payloadColumn());
        String attempt = spec.attemptColumn().map(dialect::quote).orElse(null);
        return switch (shape) {
            case IDS -> id;
            case ROWS -> attempt == null ? id + ", " + payload : id + ", " + attempt + ", " + payload;
            case ROLES -> id + " AS " + ClaimShape.ID + ", " + payload + " AS " + ClaimShape.PAYLOAD
                    + (attempt == null ? "" : ", " + attempt + " AS " + ClaimShape.ATTEMPT);
        };
    }

    /** The WHERE clause (empty when every row is claimable) and the params it binds. */
    String where(List<Param> params) {
        List<String> conditions = new ArrayList<>();
        spec.queueColumn().ifPresent(column -> {
            conditions.add(dialect.quote(column) + " = ?");
            params.add(Param.QUEUE);
        });
        spec.dueColumn().ifPresent(column -> conditions.add(
                "(" + dialect.quote(column) + " IS NULL OR " + dialect.quote(column) + " <= " + dialect.currentTimestamp() + ")"));
        spec.processedAtColumn().ifPresent(column -> conditions.add(dialect.quote(column) + " IS NULL"));
        spec.deadAtColumn().ifPresent(column -> conditions.add(dialect.quote(column) + " IS NULL"));
        spec.lockedUntilColumn().ifPresent(column -> conditions.add(
                "(" + dialect.quote(column) + " IS NULL OR " + dialect.quote(column) + " < " + dialect.currentTimestamp() + ")"));
        spec.fifoColumn().ifPresent(group -> conditions.add(headOfGroup(group)));
        return conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions);
    }

    /**
     * Only a group's head: no unfinished row of the group comes before it (by priority, then id), and
     * (lease form) no row of the group holds a live lease. The claim's table is aliased
     * {@code h}; the rows compared with it, {@code e}.
     */
    private String headOfGroup(String group) {
        String table = dialect.table(spec);
        String sameGroup = "e." + dialect.quote(group) + " = h." + dialect.quote(group);
        List<String> unfinished = new ArrayList<>();
        spec.processedAtColumn().ifPresent(c -> unfinished.add("e." + dialect.quote(c) + " IS NULL"));
        spec.deadAtColumn().ifPresent(c -> unfinished.add("e." + dialect.quote(c) + " IS NULL"));
        String earlier = "(" + orderKey("e") + ") < (" + orderKey("h") + ")";
        unfinished.add(earlier);
        String head = "NOT EXISTS (SELECT 1 FROM " + table + " e WHERE " + sameGroup + " AND "
                + String.join(" AND ", unfinished) + ")";
        return spec.lockedUntilColumn()
                .map(lu -> head + " AND NOT EXISTS (SELECT 1 FROM " + table + " e WHERE " + sameGroup + " AND e."
                        + dialect.quote(lu) + " > " + dialect.currentTimestamp() + ")")
                .orElse(head);
    }

    /**
     * A group's order as a row value, for comparing two rows ({@code ROW(priority, id)}). The due
     * time is left out: a retried head moves its due time, and must stay the head, keeping its
     * group waiting until it is due.
     */
    private String orderKey(String alias) {
        List<String> key = new ArrayList<>();
        spec.priorityColumn().ifPresent(c -> key.add(alias + "." + dialect.quote(c)));
        key.add(alias + "." + dialect.quote(spec.idColumn()));
        return key.size() == 1 ? key.get(0) : rowValue + "(" + String.join(", ", key) + ")";
    }

    /** The FIFO group, labelled, to add to the selected columns; empty without groups. */
    String group() {
        return spec.fifoColumn().map(g -> ", " + dialect.quote(g) + " AS " + io.inboxra.dialect.ClaimShape.GROUP)
                .orElse("");
    }

    /** The lock key of the advisory form: the column, quoted, or the expression as written. */
    String advisoryKey() {
        String key = spec.advisoryLock().orElseThrow();
        return key.matches("[A-Za-z_][A-Za-z0-9_$]*") ? dialect.quote(key) : "(" + key + ")";
    }

    String orderBy() {
        List<String> order = new ArrayList<>();
        spec.priorityColumn().map(dialect::quote).ifPresent(order::add);
        spec.dueColumn().map(dialect::quote).ifPresent(order::add);
        order.add(dialect.quote(spec.idColumn()));
        return " ORDER BY " + String.join(", ", order);
    }
}
