package io.inboxra.ra.settlement;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The wait before a failed row's next attempt: {@code retryDelay × 2^(attempt−1)}, at most
 * {@code maxRetryDelay}, stretched by up to a tenth at random so that rows that failed together
 * do not all come back together.
 */
public final class RetryBackoff {

    private final Duration first;
    private final Duration most;

    public RetryBackoff(Duration first, Duration most) {
        this.first = first;
        this.most = most;
    }

    /** @param attempt the attempt that failed, counting from 1 */
    public Duration after(int attempt) {
        long millis = first.toMillis();
        for (int i = 1; i < attempt && millis < most.toMillis(); i++) {
            millis *= 2;
        }
        millis = Math.min(millis, most.toMillis());
        return Duration.ofMillis(millis + (long) (millis * 0.1 * ThreadLocalRandom.current().nextDouble()));
    }
}
