package io.inboxra.dialect;

import java.util.List;
import java.util.Objects;

/**
 * How the retention sweep drops one partition of a table partitioned by time, in one transaction
 * of its own: {@link #lock} takes the locks that keep any row from entering, leaving or changing
 * in the partition, {@link #keep} then looks for a row the sweep must not lose (not yet settled, or
 * settled within the retention), and only where it finds none does {@link #drop} run. On
 * PostgreSQL:
 *
 * <pre>{@code
 * SET LOCAL lock_timeout = 1000
 * LOCK TABLE ONLY "jobs" IN ACCESS EXCLUSIVE MODE
 * LOCK TABLE jobs_2026_01 IN ACCESS EXCLUSIVE MODE
 * SELECT 1 FROM jobs_2026_01 WHERE "processed_at" IS NULL OR "processed_at" >= now() - ? * interval '1 millisecond' LIMIT 1
 * ALTER TABLE "jobs" DETACH PARTITION jobs_2026_01
 * DROP TABLE jobs_2026_01
 * }</pre>
 *
 * @param lock the statements that lock the table and the partition, in order; they bind nothing
 * @param keep a query that returns a row where the partition holds a row to keep; binds {@link Param#AGE}
 * @param drop the statements that detach and drop the partition, in order; they bind nothing
 */
public record PartitionDrop(List<Statement> lock, Statement keep, List<Statement> drop) {

    /** Checks that nothing is missing and that only the check binds a value. */
    public PartitionDrop {
        lock = List.copyOf(lock);
        Objects.requireNonNull(keep, "keep");
        drop = List.copyOf(drop);
        if (drop.isEmpty()) {
            throw new IllegalArgumentException("a partition drop needs at least one statement that drops");
        }
        for (Statement s : lock) {
            requireNoParams("lock", s);
        }
        for (Statement s : drop) {
            requireNoParams("drop", s);
        }
        if (!keep.params().equals(List.of(Param.AGE))) {
            throw new IllegalArgumentException("a partition drop's check binds AGE alone: " + keep.sql());
        }
    }

    private static void requireNoParams(String step, Statement s) {
        if (!s.params().isEmpty()) {
            throw new IllegalArgumentException("a partition drop's " + step + " statements bind nothing: " + s.sql());
        }
    }
}
