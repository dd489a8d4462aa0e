package io.inboxra.ra.delivery.endpoint;

import io.inboxra.harness.HandClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

class TraceLimitTest {

    private final HandClock clock = new HandClock(Instant.parse("2026-12-01T10:00:00Z"));
    private final TraceLimit limit = new TraceLimit(clock);

    private static RuntimeException failure(String message) {
        // Thrown from one place, as a listener's failure on each redelivery would be.
        return new RuntimeException("wrapped by the container", new IllegalStateException(message));
    }

    @Test
    void aCauseIsTracedOncePerMinuteAndADifferentCauseAtOnce() {
        RuntimeException first = failure("no customer");
        assertSame(first, limit.traceOf(first));
        clock.advance(Duration.ofSeconds(30));
        assertNull(limit.traceOf(failure("no customer")), "the same cause within the minute");
        assertNotNull(limit.traceOf(failure("no amount")), "another cause");
        clock.advance(Duration.ofSeconds(31));
        assertNotNull(limit.traceOf(failure("no customer")), "a minute after it was traced");
    }
}
