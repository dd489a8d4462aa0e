package io.inboxra.dialect;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The claim rules of one table, written in a dialect's SQL: what a claim selects (each column
 * {@link Label labelled} by its role), which rows are claimable, and the claim order. A dialect
 * puts them around its own limit and locking syntax; {@link StandardRowLock#lockClaim} is the
 * standard arrangement. The claim's table is aliased {@code h}.
 *
 * <p>Claimable rows are those of the subscription's queue ({@link Param#QUEUE}) that are due
 * (due column empty or at or before now), not marked processed, not marked dead, hold no live
 * lease (lease form), and are the head of their FIFO group: no unfinished row of the group
 * comes before them by priority and id, and (lease form) no row of the group holds a live
 * lease (with a {@link TableSpec#groupConcurrency()} of n above 1: fewer than n of each); in a description with set-aside ids ({@link TableSpec#setAsideIds()}), they are none
 * of those ({@link Param#SET_ASIDE}). The claim order is priority, due time, id.
 *
 * <pre>{@code
 * ClaimClauses clauses = dialect.clauses(spec);
 * new Statement("SELECT " + clauses.columns() + clauses.group() + " FROM " + dialect.table(spec) + " h"
 *         + clauses.where() + clauses.orderBy() + " LIMIT ? FOR UPDATE SKIP LOCKED",
 *         clauses.params(Param.LIMIT));                 // QUEUE (with a queue column), LIMIT
 * }</pre>
 */
public final class ClaimClauses {

    private final StandardDialect dialect;
    private final TableSpec spec;

    ClaimClauses(StandardDialect dialect, TableSpec spec) {
        this.dialect = dialect;
        this.spec = spec;
    }

    /**
     * @return the id, payload ({@link #payload()}: with its size where the table limits it) and
     *         (when the table has them) attempt and trace columns, labelled {@link Label#ID},
     *         {@link Label#PAYLOAD}, {@link Label#ATTEMPT}, {@link Label#TRACE}
     */
    public String columns() {
        return id() + ", " + payload() + others();
    }

    /**
     * The payload, labelled {@link Label#PAYLOAD}. With a {@link TableSpec#maxPayloadBytes()} and a
     * dialect that tells a payload's size ({@link OperatorQueries#payloadBytes}), only a payload within the
     * limit is selected (a larger one is NULL), followed by the size, labelled
     * {@link Label#PAYLOAD_BYTES}: the adapter never reads a payload it would not deliver.
     *
     * @return the payload column, or the guarded payload and its size
     */
    public String payload() {
        return payloadValue() + " AS " + Label.PAYLOAD + payloadBytes().map(b -> ", " + b).orElse("");
    }

    /**
     * The payload's value alone, unlabelled: the column, or (as {@link #payload()} guards it) NULL
     * for a payload past the limit. For a claim that reads the payload of the rows it returns
     * only, from a subquery on the row's id, after choosing them by {@link #columnsButPayload()}.
     *
     * @return an expression on the payload column, unqualified
     */
    public String payloadValue() {
        String column = dialect.quote(spec.payloadColumn());
        return guardedSize().map(bytes -> "CASE WHEN " + bytes + " <= " + spec.maxPayloadBytes().getAsInt() + " THEN "
                + column + " END").orElse(column);
    }

    /**
     * @return {@link #columns()} without the payload's value: the id, the payload's size where
     *         {@link #payload()} selects it ({@link Label#PAYLOAD_BYTES}), the attempt and trace columns
     */
    public String columnsButPayload() {
        return id() + payloadBytes().map(b -> ", " + b).orElse("") + others();
    }

    private Optional<String> payloadBytes() {
        return guardedSize().map(bytes -> bytes + " AS " + Label.PAYLOAD_BYTES);
    }

    /** @return the payload's size where a limit guards the payload: the table has one and the dialect tells sizes */
    private Optional<String> guardedSize() {
        return spec.maxPayloadBytes().isEmpty() ? Optional.empty()
                : dialect.payloadBytes(dialect.quote(spec.payloadColumn()));
    }

    private String others() {
        return spec.attemptColumn().map(a -> ", " + dialect.quote(a) + " AS " + Label.ATTEMPT).orElse("")
                + spec.traceColumn().map(t -> ", " + dialect.quote(t) + " AS " + Label.TRACE).orElse("");
    }

    /** @return the id column alone, labelled {@link Label#ID} */
    public String id() {
        return dialect.quote(spec.idColumn()) + " AS " + Label.ID;
    }

    /** @return the FIFO group labelled {@link Label#GROUP}, with a leading comma, to add to the columns; empty without groups */
    public String group() {
        return spec.fifoColumn().map(g -> ", " + dialect.quote(g) + " AS " + Label.GROUP).orElse("");
    }

    /**
     * The claimable rows; binds {@link #params}.
     *
     * @return {@code " WHERE ..."}, or empty when every row is claimable
     */
    public String where() {
        List<String> conditions = new ArrayList<>();
        spec.queueColumn().ifPresent(column -> conditions.add(dialect.quote(column) + " = ?"));
        spec.dueColumn().ifPresent(column -> conditions.add(
                "(" + dialect.quote(column) + " IS NULL OR " + dialect.quote(column) + " <= " + dialect.currentTimestamp() + ")"));
        spec.processedAtColumn().ifPresent(column -> conditions.add(dialect.quote(column) + " IS NULL"));
        spec.deadAtColumn().ifPresent(column -> conditions.add(dialect.quote(column) + " IS NULL"));
        spec.lockedUntilColumn().ifPresent(column -> conditions.add(
                "(" + dialect.quote(column) + " IS NULL OR " + dialect.quote(column) + " < " + dialect.currentTimestamp() + ")"));
        spec.fifoColumn().ifPresent(group -> conditions.add(headOfGroup(group)));
        if (spec.setAsideIds() > 0) {
            // Rows whose delivery failed lately, passed over until their backoff ends: they hold back no row behind them.
            conditions.add(dialect.quote(spec.idColumn()) + " NOT IN (" + "?, ".repeat(spec.setAsideIds() - 1) + "?)");
        }
        return conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions);
    }

    /**
     * What {@link #where()} binds, then what the statement binds after it.
     *
     * @param after the statement's parameters after the WHERE clause
     * @return {@link Param#QUEUE} with a queue column, {@link Param#SET_ASIDE} once per set-aside id, then {@code after}
     */
    public List<Param> params(Param... after) {
        List<Param> params = new ArrayList<>();
        spec.queueColumn().ifPresent(column -> params.add(Param.QUEUE));
        for (int i = 0; i < spec.setAsideIds(); i++) {
            params.add(Param.SET_ASIDE);
        }
        params.addAll(List.of(after));
        return params;
    }

    /** @return {@code " ORDER BY "} priority, due, id: the claim order */
    public String orderBy() {
        return " ORDER BY " + String.join(", ", order().stream().map(dialect::quote).toList());
    }

    /** @return the columns of the claim order, unquoted: priority and due (when the table has them), id */
    public List<String> order() {
        List<String> order = new ArrayList<>();
        spec.priorityColumn().ifPresent(order::add);
        spec.dueColumn().ifPresent(order::add);
        order.add(spec.idColumn());
        return order;
    }

    /** @return the advisory form's lock key: the column, quoted, or the expression in parentheses */
    public String advisoryKey() {
        String key = spec.advisoryLock().orElseThrow();
        return key.matches("[A-Za-z_][A-Za-z0-9_$]*") ? dialect.quote(key) : "(" + key + ")";
    }

    /**
     * Only a group's head: no unfinished row of the group comes before it, and (lease form) no
     * row of the group holds a live lease. With a {@link TableSpec#groupConcurrency()} of n above 1,
     * one of the group's first n unfinished rows: fewer than n rows of the group come before it or
     * (lease form) hold a live lease, counted together, so rows in work elsewhere count toward the n. The rows
     * compared with the claim's are aliased {@code e}.
     */
    private String headOfGroup(String group) {
        String table = dialect.table(spec);
        String sameGroup = "e." + dialect.quote(group) + " = h." + dialect.quote(group);
        List<String> unfinished = new ArrayList<>();
        spec.processedAtColumn().ifPresent(c -> unfinished.add("e." + dialect.quote(c) + " IS NULL"));
        spec.deadAtColumn().ifPresent(c -> unfinished.add("e." + dialect.quote(c) + " IS NULL"));
        unfinished.add(dialect.precedes(groupOrder("e"), groupOrder("h")));
        String earlierRow = String.join(" AND ", unfinished);
        String earlier = "SELECT 1 FROM " + table + " e WHERE " + sameGroup + " AND " + earlierRow;
        Optional<String> leasedRow = spec.lockedUntilColumn().map(lu -> "e." + dialect.quote(lu) + " > "
                + dialect.currentTimestamp());
        int n = spec.groupConcurrency();
        if (n == 1) {
            String head = "NOT EXISTS (" + earlier + ")";
            return leasedRow.map(l -> head + " AND NOT EXISTS (SELECT 1 FROM " + table + " e WHERE " + sameGroup
                    + " AND " + l + ")").orElse(head);
        }
        // One count over the rows ahead and the rows in work (lease form), each row once: counted apart, rows
        // in work behind and rows entering ahead of them would each stay under n, and together pass it.
        // Counting stops at n rows: the subquery yields a row only when n of them are there.
        String counted = leasedRow.map(l -> "SELECT 1 FROM " + table + " e WHERE " + sameGroup + " AND ((" + earlierRow
                + ") OR " + l + ")").orElse(earlier);
        return "(" + counted + dialect.oneRowAfter(n - 1) + ") IS NULL";
    }

    /**
     * A group's order: priority, id. The due time is left out: a retried head moves its due
     * time, and must stay the head, keeping its group waiting until it is due.
     */
    private List<String> groupOrder(String alias) {
        List<String> key = new ArrayList<>();
        spec.priorityColumn().ifPresent(c -> key.add(alias + "." + dialect.quote(c)));
        key.add(alias + "." + dialect.quote(spec.idColumn()));
        return key;
    }
}
