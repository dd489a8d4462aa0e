package io.inboxra.ra.dialect;

import io.inboxra.dialect.DeadLetterColumns;
import io.inboxra.dialect.TableSpec;

import java.util.List;

/**
 * A table description the golden files are written for: {@code golden/<dialect>/<name>.sql}.
 *
 * @param name the case, as its file is named
 * @param spec the table
 */
public record GoldenCase(String name, TableSpec spec) {

    /** The cases, each named for its file. */
    public static final List<GoldenCase> ALL = List.of(
            new GoldenCase("row-lock-plain", TableSpec.builder("jobs").build()),
            new GoldenCase("row-lock-queue-due-priority", TableSpec.builder("jobs").queueColumn("queue")
                    .dueColumn("due_at").priorityColumn("priority").attemptColumn("attempts")
                    .deadLetterTable("dead_jobs").build()),
            new GoldenCase("row-lock-processed-at", TableSpec.builder("jobs").dueColumn("due_at")
                    .attemptColumn("attempts").processedAtColumn("processed_at").build()),
            new GoldenCase("row-lock-dead-at", TableSpec.builder("jobs").dueColumn("due_at")
                    .attemptColumn("attempts").deadAtColumn("dead_at").build()),
            new GoldenCase("row-lock-fifo", TableSpec.builder("jobs").queueColumn("queue").dueColumn("due_at")
                    .priorityColumn("priority").processedAtColumn("processed_at").deadAtColumn("dead_at")
                    .fifoColumn("grp").build()),
            // Up to three rows of a group in work: one of the group's first three unfinished rows, and a slot of it.
            new GoldenCase("row-lock-fifo-group-concurrency", TableSpec.builder("jobs").queueColumn("queue")
                    .dueColumn("due_at").priorityColumn("priority").processedAtColumn("processed_at")
                    .deadAtColumn("dead_at").fifoColumn("grp").groupConcurrency(3).build()),
            new GoldenCase("row-lock-schema", TableSpec.builder("app.jobs").idColumn("job_id")
                    .payloadColumn("body").dueColumn("due_at").deadLetterTable("app.dead_jobs")
                    .queueColumn("queue").build()),
            new GoldenCase("lease-plain", TableSpec.builder("jobs").lockedUntilColumn("locked_until").build()),
            new GoldenCase("lease-full", TableSpec.builder("jobs").lockedUntilColumn("locked_until")
                    .queueColumn("queue").dueColumn("due_at").priorityColumn("priority").attemptColumn("attempts")
                    .processedAtColumn("processed_at").deadAtColumn("dead_at").build()),
            new GoldenCase("lease-dead-letter-table", TableSpec.builder("jobs").lockedUntilColumn("locked_until")
                    .queueColumn("queue").dueColumn("due_at").attemptColumn("attempts")
                    .deadLetterTable("dead_jobs").build()),
            new GoldenCase("lease-fifo", TableSpec.builder("jobs").lockedUntilColumn("locked_until")
                    .priorityColumn("priority").dueColumn("due_at").processedAtColumn("processed_at")
                    .fifoColumn("grp").build()),
            new GoldenCase("lease-fifo-group-concurrency", TableSpec.builder("jobs").lockedUntilColumn("locked_until")
                    .priorityColumn("priority").dueColumn("due_at").processedAtColumn("processed_at")
                    .fifoColumn("grp").groupConcurrency(3).build()),
            new GoldenCase("advisory-plain", TableSpec.builder("jobs").advisoryLock("id").build()),
            new GoldenCase("advisory-fifo-group-concurrency", TableSpec.builder("jobs").advisoryLock("id")
                    .fifoColumn("grp").priorityColumn("priority").deadLetterTable("dead_jobs").groupConcurrency(3)
                    .build()),
            new GoldenCase("advisory-expression", TableSpec.builder("jobs").advisoryLock("tenant_id * 7")
                    .queueColumn("queue").dueColumn("due_at").priorityColumn("priority").attemptColumn("attempts")
                    .processedAtColumn("processed_at").deadAtColumn("dead_at").build()),
            new GoldenCase("advisory-fifo", TableSpec.builder("jobs").advisoryLock("id").fifoColumn("grp")
                    .priorityColumn("priority").deadLetterTable("dead_jobs").build()),
            new GoldenCase("row-lock-max-payload", TableSpec.builder("jobs").attemptColumn("attempts")
                    .deadLetterTable("dead_jobs").maxPayloadBytes(1048576).build()),
            // What the adapter claims by default (it always sets a payload limit), without FIFO groups.
            new GoldenCase("advisory-max-payload-plain", TableSpec.builder("jobs").advisoryLock("id")
                    .maxPayloadBytes(1048576).build()),
            new GoldenCase("lease-max-payload", TableSpec.builder("jobs").lockedUntilColumn("locked_until")
                    .attemptColumn("attempts").deadAtColumn("dead_at").maxPayloadBytes(1048576).build()),
            new GoldenCase("advisory-max-payload", TableSpec.builder("jobs").advisoryLock("id").fifoColumn("grp")
                    .deadLetterTable("dead_jobs").maxPayloadBytes(1048576).build()),
            // What the adapter claims by default (it always sets a payload limit), without FIFO groups.
            new GoldenCase("advisory-max-payload-plain", TableSpec.builder("jobs").advisoryLock("id")
                    .maxPayloadBytes(1048576).build()),
            // The claim a second time, passing over rows whose delivery failed lately: after the queue's parameter.
            new GoldenCase("row-lock-set-aside", TableSpec.builder("jobs").queueColumn("queue").dueColumn("due_at")
                    .setAsideIds(3).build()),
            new GoldenCase("lease-set-aside", TableSpec.builder("jobs").lockedUntilColumn("locked_until")
                    .queueColumn("queue").setAsideIds(3).build()),
            new GoldenCase("advisory-set-aside", TableSpec.builder("jobs").advisoryLock("id").queueColumn("queue")
                    .setAsideIds(3).build()),
            // traceColumn: every claim also selects the stored trace context, labelled inbox_trace.
            new GoldenCase("row-lock-trace", TableSpec.builder("jobs").attemptColumn("attempts").fifoColumn("grp")
                    .traceColumn("trace_context").build()),
            new GoldenCase("lease-trace", TableSpec.builder("jobs").lockedUntilColumn("locked_until")
                    .attemptColumn("attempts").traceColumn("trace_context").build()),
            new GoldenCase("advisory-trace", TableSpec.builder("jobs").advisoryLock("id").maxPayloadBytes(1048576)
                    .traceColumn("trace_context").build()),
            // Messages' keys: an operator looks a row up by its key.
            new GoldenCase("row-lock-key", TableSpec.builder("jobs").queueColumn("queue").dueColumn("due_at")
                    .attemptColumn("attempts").deadAtColumn("dead_at").keyColumn("message_key").build()),
            // A dead-letter table that keeps the key: the move takes it along, a requeue puts it back.
            new GoldenCase("lease-key", TableSpec.builder("jobs").lockedUntilColumn("locked_until")
                    .processedAtColumn("processed_at").deadLetterTable("dead_jobs").keyColumn("message_key")
                    .deadLetterColumns(DeadLetterColumns.STANDARD.withKey("message_key")).build()),
            new GoldenCase("advisory-key", TableSpec.builder("jobs").advisoryLock("tenant_id").queueColumn("queue")
                    .deadLetterTable("dead_jobs").keyColumn("message_key")
                    .deadLetterColumns(DeadLetterColumns.STANDARD.withKey("message_key")).build()));
}
