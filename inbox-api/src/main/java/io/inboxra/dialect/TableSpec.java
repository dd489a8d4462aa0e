package io.inboxra.dialect;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The description of one inbox table, as a subscription's activation config gives it.
 *
 * <p>Names are plain identifiers (letters, digits, {@code _}, {@code $}; the table may be
 * qualified by a schema as {@code schema.table}), already checked against the database's
 * metadata and spelled as the database stores them; a dialect quotes them.
 *
 * <pre>{@code
 * TableSpec spec = TableSpec.builder("invoice_jobs")
 *         .queueColumn("queue")
 *         .dueColumn("due_at")
 *         .build();
 * }</pre>
 *
 * @param table the table, optionally {@code schema.table}
 * @param idColumn the key; the claim order ends with it
 * @param payloadColumn the bytes or text handed to the listener
 * @param queueColumn the column that tells which queue a row belongs to
 * @param dueColumn rows due later than now are not claimed
 * @param priorityColumn claim order: lower values first
 * @param attemptColumn failed deliveries are counted here
 * @param processedAtColumn settled rows are marked here instead of deleted
 * @param lockedUntilColumn selects the lease form
 * @param advisoryLock a column or expression; selects the advisory lock form
 * @param fifoColumn the FIFO group of a row
 * @param deadAtColumn dead-lettered rows are marked here and skipped by claims
 * @param deadLetterTable dead-lettered rows are moved into this table (columns {@code id},
 *        {@code queue} when the table has queues, {@code payload}, {@code attempts}, {@code reason},
 *        {@code dead_at})
 * @param deadLetterColumns the dead-letter table's column names as stored ({@link DeadLetterColumns#STANDARD}
 *        until the activation's check finds them)
 * @param maxPayloadBytes the largest payload a claim reads ({@code maxPayloadBytes}): a claim
 *        selects a larger payload's size instead ({@link ClaimClauses#payload()}); empty: every
 *        payload is read whole
 * @param setAsideIds how many ids the claim rules pass over ({@link ClaimClauses#where()}, each bound by
 *        {@link Param#SET_ASIDE}): 0 in the description the activation gives; the adapter builds its claim a
 *        second time from a description with its number of set-aside ids (rows whose delivery failed lately)
 * @param keyColumn the messages' keys ({@code keyColumn}, as a producer's {@code SendOptions.key} writes
 *        them, under a unique index): optional, and not used by any claim or settlement
 * @param groupConcurrency with a {@code fifoColumn}: how many rows of one FIFO group may be in work at once
 *        ({@code groupConcurrency}); 1, the default, keeps each group in order (FIFO); above 1 a claim takes
 *        any of a group's first {@code groupConcurrency} unfinished rows, so they may complete out of order
 * @param traceColumn where a producer with {@code traceColumn} stored the W3C trace context of the send
 *        ({@code traceparent}, and {@code ;tracestate} when there is one): claims select it, labelled
 *        {@link Label#TRACE}, so that the delivery continues the producer's trace
 */
public record TableSpec(
        String table,
        String idColumn,
        String payloadColumn,
        Optional<String> queueColumn,
        Optional<String> dueColumn,
        Optional<String> priorityColumn,
        Optional<String> attemptColumn,
        Optional<String> processedAtColumn,
        Optional<String> lockedUntilColumn,
        Optional<String> advisoryLock,
        Optional<String> fifoColumn,
        Optional<String> deadAtColumn,
        Optional<String> deadLetterTable,
        DeadLetterColumns deadLetterColumns,
        OptionalInt maxPayloadBytes,
        int setAsideIds,
        Optional<String> keyColumn,
        int groupConcurrency,
        Optional<String> traceColumn) {

    /** Checks that every component is present ({@code Optional.empty()} for an absent column). */
    public TableSpec {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(idColumn, "idColumn");
        Objects.requireNonNull(payloadColumn, "payloadColumn");
        Objects.requireNonNull(queueColumn, "queueColumn");
        Objects.requireNonNull(dueColumn, "dueColumn");
        Objects.requireNonNull(priorityColumn, "priorityColumn");
        Objects.requireNonNull(attemptColumn, "attemptColumn");
        Objects.requireNonNull(processedAtColumn, "processedAtColumn");
        Objects.requireNonNull(lockedUntilColumn, "lockedUntilColumn");
        Objects.requireNonNull(advisoryLock, "advisoryLock");
        Objects.requireNonNull(fifoColumn, "fifoColumn");
        Objects.requireNonNull(deadAtColumn, "deadAtColumn");
        Objects.requireNonNull(deadLetterTable, "deadLetterTable");
        Objects.requireNonNull(deadLetterColumns, "deadLetterColumns");
        Objects.requireNonNull(maxPayloadBytes, "maxPayloadBytes");
        Objects.requireNonNull(keyColumn, "keyColumn");
        Objects.requireNonNull(traceColumn, "traceColumn");
        if (setAsideIds < 0) {
            throw new IllegalArgumentException("setAsideIds must not be negative: " + setAsideIds);
        }
        if (groupConcurrency < 1) {
            throw new IllegalArgumentException("groupConcurrency must be at least 1: " + groupConcurrency);
        }
    }

    /**
     * The form this table's rows are claimed in.
     *
     * @return {@link Form#LEASE} with a locked-until column, {@link Form#ADVISORY} with an
     *         advisory lock, otherwise {@link Form#ROW_LOCK}
     */
    public Form form() {
        if (lockedUntilColumn.isPresent()) {
            return Form.LEASE;
        }
        return advisoryLock.isPresent() ? Form.ADVISORY : Form.ROW_LOCK;
    }

    /** @return whether the table keeps FIFO groups */
    public boolean isFifo() {
        return fifoColumn.isPresent();
    }

    /**
     * A builder for the table of the given name, with the columns {@code id} and
     * {@code payload} and nothing else.
     *
     * @param table the table, optionally {@code schema.table}
     * @return the builder
     */
    public static Builder builder(String table) {
        return new Builder(table);
    }

    /** @return a builder holding this description, to change a part of it */
    public Builder toBuilder() {
        Builder b = new Builder(table).idColumn(idColumn).payloadColumn(payloadColumn);
        b.queueColumn = queueColumn;
        b.dueColumn = dueColumn;
        b.priorityColumn = priorityColumn;
        b.attemptColumn = attemptColumn;
        b.processedAtColumn = processedAtColumn;
        b.lockedUntilColumn = lockedUntilColumn;
        b.advisoryLock = advisoryLock;
        b.fifoColumn = fifoColumn;
        b.deadAtColumn = deadAtColumn;
        b.deadLetterTable = deadLetterTable;
        b.deadLetterColumns = deadLetterColumns;
        b.maxPayloadBytes = maxPayloadBytes;
        b.setAsideIds = setAsideIds;
        b.keyColumn = keyColumn;
        b.groupConcurrency = groupConcurrency;
        b.traceColumn = traceColumn;
        return b;
    }

    /** Builds a {@link TableSpec}; a {@code null} column leaves it out. */
    public static final class Builder {
        private String table;
        private String idColumn = "id";
        private String payloadColumn = "payload";
        private Optional<String> queueColumn = Optional.empty();
        private Optional<String> dueColumn = Optional.empty();
        private Optional<String> priorityColumn = Optional.empty();
        private Optional<String> attemptColumn = Optional.empty();
        private Optional<String> processedAtColumn = Optional.empty();
        private Optional<String> lockedUntilColumn = Optional.empty();
        private Optional<String> advisoryLock = Optional.empty();
        private Optional<String> fifoColumn = Optional.empty();
        private Optional<String> deadAtColumn = Optional.empty();
        private Optional<String> deadLetterTable = Optional.empty();
        private DeadLetterColumns deadLetterColumns = DeadLetterColumns.STANDARD;
        private OptionalInt maxPayloadBytes = OptionalInt.empty();
        private int setAsideIds;
        private Optional<String> keyColumn = Optional.empty();
        private int groupConcurrency = 1;
        private Optional<String> traceColumn = Optional.empty();

        private Builder(String table) {
            this.table = table;
        }

        /** @param v the table @return this builder */
        public Builder table(String v) { table = v; return this; }
        /** @param v the id column @return this builder */
        public Builder idColumn(String v) { idColumn = v; return this; }
        /** @param v the payload column @return this builder */
        public Builder payloadColumn(String v) { payloadColumn = v; return this; }
        /** @param v the queue column, or null @return this builder */
        public Builder queueColumn(String v) { queueColumn = Optional.ofNullable(v); return this; }
        /** @param v the due column, or null @return this builder */
        public Builder dueColumn(String v) { dueColumn = Optional.ofNullable(v); return this; }
        /** @param v the priority column, or null @return this builder */
        public Builder priorityColumn(String v) { priorityColumn = Optional.ofNullable(v); return this; }
        /** @param v the attempt column, or null @return this builder */
        public Builder attemptColumn(String v) { attemptColumn = Optional.ofNullable(v); return this; }
        /** @param v the processed-at column, or null @return this builder */
        public Builder processedAtColumn(String v) { processedAtColumn = Optional.ofNullable(v); return this; }
        /** @param v the locked-until column, or null @return this builder */
        public Builder lockedUntilColumn(String v) { lockedUntilColumn = Optional.ofNullable(v); return this; }
        /** @param v the advisory lock column or expression, or null @return this builder */
        public Builder advisoryLock(String v) { advisoryLock = Optional.ofNullable(v); return this; }
        /** @param v the FIFO group column, or null @return this builder */
        public Builder fifoColumn(String v) { fifoColumn = Optional.ofNullable(v); return this; }
        /** @param v the dead-at column, or null @return this builder */
        public Builder deadAtColumn(String v) { deadAtColumn = Optional.ofNullable(v); return this; }
        /** @param v the dead-letter table, or null @return this builder */
        public Builder deadLetterTable(String v) { deadLetterTable = Optional.ofNullable(v); return this; }
        /** @param v the dead-letter table's column names as stored @return this builder */
        public Builder deadLetterColumns(DeadLetterColumns v) { deadLetterColumns = v; return this; }
        /** @param v the largest payload a claim reads, in bytes (at least 1) @return this builder */
        public Builder maxPayloadBytes(int v) {
            if (v < 1) {
                throw new IllegalArgumentException("maxPayloadBytes must be at least 1: " + v);
            }
            maxPayloadBytes = OptionalInt.of(v);
            return this;
        }
        /** @param v how many ids the claim rules pass over, 0 for none @return this builder */
        public Builder setAsideIds(int v) { setAsideIds = v; return this; }
        /** @param v the key column, or null @return this builder */
        public Builder keyColumn(String v) { keyColumn = Optional.ofNullable(v); return this; }
        /** @param v how many rows of one FIFO group may be in work at once, at least 1 @return this builder */
        public Builder groupConcurrency(int v) { groupConcurrency = v; return this; }
        /** @param v the trace column, or null @return this builder */
        public Builder traceColumn(String v) { traceColumn = Optional.ofNullable(v); return this; }

        /** @return the description */
        public TableSpec build() {
            return new TableSpec(table, idColumn, payloadColumn, queueColumn, dueColumn,
                    priorityColumn, attemptColumn, processedAtColumn, lockedUntilColumn,
                    advisoryLock, fifoColumn, deadAtColumn, deadLetterTable, deadLetterColumns, maxPayloadBytes,
                    setAsideIds, keyColumn, groupConcurrency, traceColumn);
        }
    }
}
