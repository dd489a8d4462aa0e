package io.inboxra.ra.connection;


import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The statements of a subscription's operators, built once from its dialect at activation, for
 * the checked table: the backlog, the rows in work, the dead letters and their requeue and
 * discard. Absent where the table or the dialect has none: the operation then says so.
 *
 * @param backlog the claimable rows' count, smallest due time and id, and the database's time
 * @param inWork the rows in work (the lease form's live leases)
 * @param deadLetterCount the dead letters' count (with a dead-letter place)
 * @param deadLetterIds the dead letters' ids (with a dead-letter place)
 * @param deadLetterList the dead letters, newest first, with their payloads' previews (with a dead-letter place)
 * @param deadLetterById one dead letter, whole (with a dead-letter place)
 * @param requeueAll every dead letter of the queue back (with a dead-letter place)
 * @param requeueOne the dead letter of one id back (with a dead-letter place)
 * @param discard the dead letters older than an age deleted (with a dead-letter place and a dialect
 *        that can subtract from its clock)
 * @param requeueChunk the ids of the dead letters, in id order, for a requeue in chunks (with a dead-letter place)
 * @param discardChunk the ids of the dead letters older than an age, in id order, and the delete of one of them,
 *        for a discard in chunks (where the dialect's discard is a plain {@code DELETE FROM ... WHERE})
 * @param amendReason a dead letter's reason set (binding the reason, then the id) where it is still
 *        {@value #UNTOLD_REASON}: the rollback that recorded it came before the commit's exception
 *        told why (with a dead-letter table, which keeps reasons)
 * @param pendingRows the look-up of a row by id or key, and the cancel of a pending row
 */
public record OperatorStatements(Optional<Statement> backlog, Optional<Statement> inWork,
        Optional<Statement> deadLetterCount, Optional<Statement> deadLetterIds, Optional<Statement> deadLetterList,
        Optional<Statement> deadLetterById, List<Statement> requeueAll,
        List<Statement> requeueOne, Optional<Statement> discard, Optional<IdPages> requeueChunk,
        Optional<Chunked> discardChunk, Optional<Statement> amendReason, PendingRowStatements pendingRows) {

    /**
     * The reason a failure's record is written with while its cause is not known yet (the rollback
     * that wrote it came before the commit's exception): {@link #amendReason} replaces it.
     */
    public static final String UNTOLD_REASON = "the transaction rolled back";

    /**
     * The ids of some rows a chunk at a time, in id order: the first chunk, and the ones after an
     * id (the query binds the id last). Each chunk is read and worked in a transaction of its own.
     *
     * @param first the first chunk's query
     * @param after the next chunk's query, binding the last id read
     */
    public record IdPages(Statement first, Statement after) {

        public static IdPages of(Statement ids, String quotedId) {
            String sql = ids.sql();
            List<Param> params = new ArrayList<>(ids.params());
            params.add(Param.ID);
            String order = " ORDER BY " + quotedId;
            return new IdPages(new Statement(sql + order, ids.params()), new Statement(sql
                    + (sql.contains(" WHERE ") ? " AND " : " WHERE ") + quotedId + " > ?" + order, params));
        }
    }

    /**
     * @param pages the ids of the rows to work on
     * @param one the work on one of them, binding its id last
     */
    public record Chunked(IdPages pages, Statement one) {
    }

    /**
     * @param dialect the subscription's dialect
     * @param spec the checked table description
     * @return the statements
     */
    public static OperatorStatements of(Dialect dialect, TableSpec spec) {
        boolean dead = spec.deadLetterTable().isPresent() || spec.deadAtColumn().isPresent();
        return new OperatorStatements(dialect.backlog(spec), dialect.inWork(spec),
                dead ? Optional.of(dialect.deadLetterCount(spec)) : Optional.empty(),
                dead ? Optional.of(dialect.deadLetterIds(spec)) : Optional.empty(),
                dead ? Optional.of(dialect.deadLetterList(spec)) : Optional.empty(),
                dead ? Optional.of(dialect.deadLetterById(spec)) : Optional.empty(),
                dead ? dialect.requeue(spec, false) : List.of(),
                dead ? dialect.requeue(spec, true) : List.of(),
                dead ? discard(dialect, spec) : Optional.empty(),
                dead ? Optional.of(IdPages.of(dialect.deadLetterIds(spec), deadLetterId(dialect, spec))) : Optional.empty(),
                dead ? discard(dialect, spec).flatMap(d -> discardChunk(d, deadLetterId(dialect, spec))) : Optional.empty(),
                spec.deadLetterTable().map(t -> amendReason(dialect, spec, t)),
                PendingRowStatements.of(dialect, spec));
    }

    private static Statement amendReason(Dialect dialect, TableSpec spec, String deadLetterTable) {
        StringBuilder table = new StringBuilder();
        for (String part : deadLetterTable.split("\\.")) {
            table.append(table.length() > 0 ? "." : "").append(dialect.quote(part));
        }
        String reason = dialect.quote(spec.deadLetterColumns().reason());
        return new Statement("UPDATE " + table + " SET " + reason + " = ? WHERE " + dialect.quote(spec.deadLetterColumns()
                .id()) + " = ? AND " + reason + " = '" + UNTOLD_REASON + "'", List.of(Param.REASON, Param.ID));
    }

    private static String deadLetterId(Dialect dialect, TableSpec spec) {
        return dialect.quote(spec.deadAtColumn().isPresent() ? spec.idColumn() : spec.deadLetterColumns().id());
    }

    /**
     * The discard a chunk at a time, from the dialect's discard: its rows' ids selected, and the
     * discard narrowed to one id. A dialect whose discard is written otherwise discards in one go.
     */
    private static Optional<Chunked> discardChunk(Statement discard, String quotedId) {
        String delete = "DELETE FROM ";
        if (!discard.sql().startsWith(delete) || !discard.sql().contains(" WHERE ")) {
            return Optional.empty();
        }
        Statement ids = new Statement("SELECT " + quotedId + " FROM " + discard.sql().substring(delete.length()),
                discard.params());
        List<Param> params = new ArrayList<>(discard.params());
        params.add(Param.ID);
        return Optional.of(new Chunked(IdPages.of(ids, quotedId), new Statement(discard.sql() + " AND " + quotedId
                + " = ?", params)));
    }

    /** @return every statement, by the name of the dialect's method that wrote it, for the activation to prepare */
    public java.util.Map<String, Statement> named() {
        java.util.Map<String, Statement> named = new java.util.LinkedHashMap<>();
        backlog.ifPresent(s -> named.put("backlog", s));
        inWork.ifPresent(s -> named.put("inWork", s));
        deadLetterCount.ifPresent(s -> named.put("deadLetterCount", s));
        deadLetterIds.ifPresent(s -> named.put("deadLetterIds", s));
        deadLetterList.ifPresent(s -> named.put("deadLetterList", s));
        deadLetterById.ifPresent(s -> named.put("deadLetterById", s));
        for (int i = 0; i < requeueAll.size(); i++) {
            named.put("requeue all " + (i + 1) + "/" + requeueAll.size(), requeueAll.get(i));
        }
        for (int i = 0; i < requeueOne.size(); i++) {
            named.put("requeue one " + (i + 1) + "/" + requeueOne.size(), requeueOne.get(i));
        }
        discard.ifPresent(s -> named.put("discardDeadLetters", s));
        amendReason.ifPresent(s -> named.put("amend a dead letter's reason", s));
        requeueChunk.ifPresent(p -> {
            named.put("requeue chunk, first", p.first());
            named.put("requeue chunk, after", p.after());
        });
        discardChunk.ifPresent(d -> {
            named.put("discard chunk, first", d.pages().first());
            named.put("discard chunk, after", d.pages().after());
            named.put("discard chunk, one", d.one());
        });
        named.putAll(pendingRows.named());
        return named;
    }

    private static Optional<Statement> discard(Dialect dialect, TableSpec spec) {
        try {
            return Optional.of(dialect.discardDeadLetters(spec));
        } catch (StatementException e) {
            // Only the operation is missing; it says so when asked for.
            return Optional.empty();
        }
    }
}
