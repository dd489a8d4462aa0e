package io.inboxra.ra.subscription;

import java.time.Duration;

/**
 * {@code maxRate}: a token bucket of rows, shared by a subscription's workers in this server
 * instance. A worker takes a whole claim's worth ({@code batchSize}) before it claims, and gives
 * back what the claim did not find, so a batch never runs ahead of the rate and an empty claim
 * costs nothing. The bucket holds one second's rows, or one batch if that is more: after an idle
 * while the rows come at most that many at once, then at the rate.
 */
final class ClaimPace {

    private final double perNano;
    private final double capacity;
    private double tokens;
    private long refilled;

    /**
     * @param rowsPerSecond the rate
     * @param batchSize the rows one claim takes
     */
    ClaimPace(double rowsPerSecond, int batchSize) {
        this.perNano = rowsPerSecond / 1e9;
        this.capacity = Math.max(batchSize, Math.ceil(rowsPerSecond));
        this.tokens = capacity;
        this.refilled = System.nanoTime();
    }

    /**
     * Takes {@code rows} if the bucket has them.
     *
     * @return zero if taken; otherwise how long until it has them (nothing taken)
     */
    synchronized Duration take(int rows) {
        refill();
        if (tokens >= rows) {
            tokens -= rows;
            return Duration.ZERO;
        }
        return Duration.ofNanos(Math.max(1_000_000, (long) Math.ceil((rows - tokens) / perNano)));
    }

    /** Gives back rows taken but not claimed. */
    synchronized void giveBack(int rows) {
        refill();
        tokens = Math.min(capacity, tokens + rows);
    }

    private void refill() {
        long now = System.nanoTime();
        tokens = Math.min(capacity, tokens + (now - refilled) * perNano);
        refilled = now;
    }
}
