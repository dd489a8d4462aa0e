package io.inboxra.ra.delivery;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

class TraceLimitTest {

    private Instant now = Instant.parse("2026-12-01T10:00:00Z");
    private final TraceLimit limit = new TraceLimit(new Clock() {
        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    });

    private static RuntimeException failure(String message) {
        // Thrown from one place, as a listener's failure on each redelivery would be.
        return new RuntimeException("wrapped by the container", new IllegalStateException(message));
    }

    @Test
    void aCauseIsTracedOncePerMinuteAndADifferentCauseAtOnce() {
        RuntimeException first = failure("no customer");
        assertSame(first, limit.traceOf(first));
        now = now.plus(Duration.ofSeconds(30));
        assertNull(limit.traceOf(failure("no customer")), "the same cause within the minute");
        assertNotNull(limit.traceOf(failure("no amount")), "another cause");
        now = now.plus(Duration.ofSeconds(31));
        assertNotNull(limit.traceOf(failure("no customer")), "a minute after it was traced");
    }
}
