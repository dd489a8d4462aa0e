package io.inboxra.ra.delivery;

import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.connection.ClaimedRow;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which locks of rows gone a worker keeps, and for how long. */
class SettledLocksTest {

    @Test
    void onlyWhereEachRowsLockIsItsIdsAreLocksKept() {
        assertTrue(SettledLocks.keptFor(TableSpec.builder("jobs").advisoryLock("id").build()));
        assertTrue(SettledLocks.keptFor(TableSpec.builder("jobs").idColumn("job_id").advisoryLock("JOB_ID").build()));
        assertFalse(SettledLocks.keptFor(TableSpec.builder("jobs").advisoryLock("customer").build()),
                "a key rows may share would hold back the customer's next row from other workers");
        assertFalse(SettledLocks.keptFor(TableSpec.builder("jobs").advisoryLock("id").fifoColumn("grp").build()),
                "with FIFO groups the lock is the group's");
    }

    @Test
    void theyAreLetGoAtSixtyFourRows() {
        SettledLocks kept = new SettledLocks();
        List<ClaimedRow> rows = new ArrayList<>();
        for (int i = 0; i < SettledLocks.MAX_ROWS - 1; i++) {
            rows.add(row(i));
        }
        kept.add(rows);
        assertFalse(kept.due(), "63 rows, just now");
        kept.add(List.of(row(63)));
        assertTrue(kept.due(), "64 rows");
        assertEquals(64, kept.take().size());
        assertTrue(kept.isEmpty());
        assertFalse(kept.due(), "nothing kept");
    }

    @Test
    void theyAreLetGoAfterAHundredMilliseconds() throws Exception {
        SettledLocks kept = new SettledLocks();
        kept.add(List.of(row(1)));
        assertFalse(kept.due());
        Thread.sleep(SettledLocks.MAX_AGE_NANOS / 1_000_000 + 20);
        kept.add(List.of(row(2)));
        assertTrue(kept.due(), "the oldest has been kept 100 ms");
    }

    private static ClaimedRow row(long id) {
        return new ClaimedRow(id, new byte[0], 0, 0, null, "key-" + id, null);
    }
}
