package io.inboxra.ra.connection;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The values a statement's {@link io.inboxra.dialect.Param}s take for one execution.
 *
 * @param queue the subscription's queue
 * @param limit rows a claim may take
 * @param lease the lease length
 * @param row the row at hand (its id, token, key, group, attempts), or null
 * @param age an age (in-doubt branches, retention)
 * @param delay a retry's delay
 * @param reason a dead letter's reason
 * @param rows the rows a batch settles ({@link io.inboxra.dialect.Param#IDS}, or each
 *        {@link io.inboxra.dialect.Param#ID} the next of them), or null
 * @param candidates the rows in claim order an advisory claim looks at for rows to lock
 * @param setAside the ids a claim passes over ({@link io.inboxra.dialect.Param#SET_ASIDE}, each the next), or null
 * @param slot the slot of the row's FIFO group a guard takes ({@link io.inboxra.dialect.Param#SLOT})
 */
public record Bindings(Optional<String> queue, int limit, Duration lease, ClaimedRow row, Duration age, Duration delay,
        String reason, List<ClaimedRow> rows, int candidates, List<Object> setAside, int slot) {

    /** Enough for a few workers' single rows among rows other servers hold. */
    static final int CANDIDATES = 256;
    /** An advisory claim's first look: enough for a few servers' workers to hold theirs ({@link #firstCandidatesFor}). */
    static final int FIRST_CANDIDATES = 32;

    public static Bindings of(Optional<String> queue) {
        return new Bindings(queue, 1, Duration.ZERO, null, Duration.ZERO, Duration.ZERO, null, null, CANDIDATES, null, 0);
    }

    /**
     * @param workers the subscription's workers
     * @return these bindings with a candidate window in which every worker can lock a whole claim
     *         while the others hold theirs
     */
    public Bindings candidatesFor(int workers) {
        return new Bindings(queue, limit, lease, row, age, delay, reason, rows, CANDIDATES + limit * workers, setAside, slot);
    }

    /**
     * @param workers the subscription's workers
     * @return these bindings with the narrower window of an advisory claim's first look: as many
     *         candidates as the claim must read before it locks one are the rows other sessions
     *         hold ahead of it, a handful, and reading hundreds made every claim cost more; a first
     *         look that finds nothing is followed by one with {@link #candidatesFor} before the
     *         table is taken for empty
     */
    public Bindings firstCandidatesFor(int workers) {
        return new Bindings(queue, limit, lease, row, age, delay, reason, rows, FIRST_CANDIDATES + limit * workers,
                setAside, slot);
    }

    public Bindings limit(int n) {
        return new Bindings(queue, n, lease, row, age, delay, reason, rows, candidates, setAside, slot);
    }

    public Bindings lease(Duration d) {
        return new Bindings(queue, limit, d, row, age, delay, reason, rows, candidates, setAside, slot);
    }

    public Bindings row(ClaimedRow r) {
        return new Bindings(queue, limit, lease, r, age, delay, reason, rows, candidates, setAside, slot);
    }

    public Bindings age(Duration d) {
        return new Bindings(queue, limit, lease, row, d, delay, reason, rows, candidates, setAside, slot);
    }

    public Bindings delay(Duration d) {
        return new Bindings(queue, limit, lease, row, age, d, reason, rows, candidates, setAside, slot);
    }

    public Bindings rows(List<ClaimedRow> batch) {
        return new Bindings(queue, limit, lease, row, age, delay, reason, List.copyOf(batch), candidates, setAside, slot);
    }

    public Bindings setAside(List<Object> ids) {
        return new Bindings(queue, limit, lease, row, age, delay, reason, rows, candidates, ids, slot);
    }

    public Bindings slot(int s) {
        return new Bindings(queue, limit, lease, row, age, delay, reason, rows, candidates, setAside, s);
    }

    public Bindings reason(String r) {
        return new Bindings(queue, limit, lease, row, age, delay, r, rows, candidates, setAside, slot);
    }
}
