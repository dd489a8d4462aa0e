package io.inboxra.ra.subscription;

import io.inboxra.harness.HandClock;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;

class OutageTest {

    private final HandClock clock = new HandClock(Instant.parse("2026-12-01T10:00:00Z"));

    @Test
    void anOutageIsOneWarningThenOneSummaryOfHowLongAndHowManyTurnsFailed() {
        List<LogRecord> lines = new CopyOnWriteArrayList<>();
        Logger log = Logger.getLogger(Outage.class.getName());
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel().intValue() >= Level.INFO.intValue() && record.getMessage().contains("'billing'")) {
                    lines.add(record);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(capture);
        try {
            Outage outage = new Outage("billing", clock);
            outage.recovered();
            for (int i = 0; i < 3; i++) {
                outage.failed("the database failed (connection refused)", new SQLException("connection refused"));
                clock.advance(Duration.ofSeconds(14));
            }
            outage.recovered();
            outage.recovered();
        } finally {
            log.removeHandler(capture);
        }
        assertEquals(List.of(
                "Inbox subscription 'billing': the database failed (connection refused); retrying with backoff until"
                        + " the database answers again",
                "Inbox subscription 'billing': the database answers again after PT42S; 3 delivery turn(s) failed"
                        + " meanwhile; delivering"),
                lines.stream().map(LogRecord::getMessage).toList());
    }
}
