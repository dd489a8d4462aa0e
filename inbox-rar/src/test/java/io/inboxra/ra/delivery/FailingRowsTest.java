package io.inboxra.ra.delivery;

import io.inboxra.dialect.Statement;
import io.inboxra.ra.connection.ClaimedRow;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The memory of failing rows: set aside with a backoff, forgotten once delivered, bounded, and said when full. */
class FailingRowsTest {

    private static final Optional<Statement> CLAIM = Optional.of(Statement.of("SELECT 1"));

    private static ClaimedRow row(long id) {
        return new ClaimedRow(id, new byte[0], 0L, 0, null, null, null);
    }

    /** A delivery of the row failed: set aside before the row is let go, then what the worker does next. */
    private static Delivery.Result failed(FailingRows rows, long id) {
        rows.failed(row(id));
        return rows.after(row(id), false);
    }

    @Test
    void aFailedRowIsPassedOverUntilDueAndForgottenOnceDelivered() {
        FailingRows rows = new FailingRows("billing", CLAIM, Duration.ofSeconds(1), Duration.ofSeconds(10));
        assertEquals(List.of(), rows.notDue(), "nothing set aside: the plain claim runs");
        assertEquals(Delivery.Result.SET_ASIDE, failed(rows, 7));
        assertEquals(Collections.nCopies(FailingRows.CAPACITY, 7L), rows.notDue(),
                "one id, repeated to fill the claim's list");
        assertEquals(Delivery.Result.SET_ASIDE, failed(rows, 8));
        List<Object> ids = rows.notDue();
        assertEquals(FailingRows.CAPACITY, ids.size());
        assertTrue(ids.contains(7L) && ids.contains(8L), "both passed over: " + ids);
        assertEquals(Delivery.Result.DELIVERED, rows.after(row(7), true));
        assertTrue(!rows.notDue().contains(7L), "a delivered row is forgotten");
    }

    @Test
    void aClaimThatTookARowSetAsideMeanwhileLetsItGo() throws Exception {
        FailingRows rows = new FailingRows("billing", CLAIM, Duration.ofSeconds(1), Duration.ofSeconds(10));
        failed(rows, 7);
        List<ClaimedRow> letGo = new CopyOnWriteArrayList<>();
        List<ClaimedRow> kept = rows.notSetAside(List.of(row(7), row(8)), letGo::add);
        assertEquals(List.of(8L), kept.stream().map(ClaimedRow::id).toList(), "only the row not set aside is delivered");
        assertEquals(List.of(7L), letGo.stream().map(ClaimedRow::id).toList(), "the other is unlocked or its lease cleared");
    }

    @Test
    void aRowComesDueAfterItsBackoff() throws Exception {
        FailingRows rows = new FailingRows("billing", CLAIM, Duration.ofMillis(50), Duration.ofMillis(50));
        failed(rows, 7);
        Thread.sleep(120);
        assertEquals(List.of(), rows.notDue(), "due again: claims take it");
    }

    @Test
    void withoutAClaimThatPassesOverNothingIsSetAside() {
        FailingRows rows = new FailingRows("billing", Optional.empty(), Duration.ofSeconds(1), Duration.ofSeconds(10));
        assertEquals(Delivery.Result.FAILED, failed(rows, 7), "the worker waits, as before");
        assertEquals(List.of(), rows.notDue());
    }

    @Test
    void aFullMemorySetsAsideNoNewRowAndSaysSoOnce() {
        List<LogRecord> lines = new CopyOnWriteArrayList<>();
        Logger log = Logger.getLogger(FailingRows.class.getName());
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
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
            FailingRows rows = new FailingRows("billing", CLAIM, Duration.ofSeconds(10), Duration.ofSeconds(10));
            for (long id = 1; id <= FailingRows.CAPACITY; id++) {
                assertEquals(Delivery.Result.SET_ASIDE, failed(rows, id));
            }
            assertEquals(Delivery.Result.FAILED, failed(rows, 100), "full: the worker waits");
            assertEquals(Delivery.Result.FAILED, failed(rows, 101));
            assertEquals(Delivery.Result.SET_ASIDE, failed(rows, 1), "a row set aside fails again");
            assertEquals(1, lines.size(), "said once: " + lines);
            assertTrue(lines.get(0).getMessage().contains("'billing'") && lines.get(0).getMessage().contains("row 100"),
                    lines.get(0).getMessage());
            rows.after(row(2), true);
            assertEquals(Delivery.Result.SET_ASIDE, failed(rows, 100), "room again");
        } finally {
            log.removeHandler(capture);
        }
    }
}
