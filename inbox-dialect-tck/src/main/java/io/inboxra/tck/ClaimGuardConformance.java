package io.inboxra.tck;

import io.inboxra.dialect.Label;
import io.inboxra.dialect.RowClaimGuard;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;
import io.inboxra.tck.KitInbox.Row;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** Checks {@link RowClaimGuard}: a claim skips a row whose guard is held, and the guard statement queues for a claim's. */
abstract class ClaimGuardConformance extends LockWaitConformance {

    /** A claim leaves out a row whose guard another transaction holds, and takes the others. */
    @Test
    void aClaimSkipsARowWhoseGuardAnotherTransactionHolds() throws Exception {
        RowClaimGuard guard = capability(RowClaimGuard.class);
        TableSpec spec = spec(TableSpec.builder(inbox.name()));
        inbox.insert(Row.of("guarded"), Row.of("free"));
        List<Object> ids = inbox.keys("1 = 1");
        Connection holder = transaction();
        run(holder, guard.claimGuard(spec), List.of(ids.get(0)));
        Connection claimer = transaction();
        assertEquals(List.of(ids.get(1)), claim(claimer, guard.lockClaim(spec)),
                "the claim takes the free row and skips the one whose guard another transaction holds");
        claimer.rollback();
        holder.rollback();
        assertEquals(ids, claim(claimer, guard.lockClaim(spec)), "once the guard is free, the claim takes both rows");
    }

    /**
     * The guard statement waits while a claim's transaction holds the row's guard, takes it the
     * moment that transaction ends, and holds it: a claim meanwhile skips the row.
     */
    @Test
    void theGuardStatementWaitsForTheClaimsGuardAndTakesIt() throws Exception {
        RowClaimGuard guard = capability(RowClaimGuard.class);
        TableSpec spec = spec(TableSpec.builder(inbox.name()));
        inbox.insert(Row.of("claimed"));
        Object id = inbox.keys("1 = 1").get(0);
        Connection claimer = transaction();
        assertEquals(List.of(id), claim(claimer, guard.lockClaim(spec)), "the claim takes the row");
        Connection recorder = transaction();
        Future<?> queued = background.submit(() -> {
            run(recorder, guard.claimGuard(spec), List.of(id));
            return null;
        });
        Thread.sleep(WAITS_MILLIS);
        assertFalse(queued.isDone(), "the guard statement did not wait for the guard the claim's transaction holds"
                + (queued.isDone() ? " (" + outcome(queued) + ")" : ""));
        claimer.rollback();
        queued.get(BOUND.toMillis(), TimeUnit.MILLISECONDS);
        Connection other = transaction();
        assertEquals(List.of(), claim(other, guard.lockClaim(spec)),
                "a claim skips the row whose guard the guard statement took");
        other.rollback();
        recorder.rollback();
        assertEquals(List.of(id), claim(other, guard.lockClaim(spec)), "the row is claimable again once the guard is free");
    }

    /** Runs a claim of up to ten rows and returns the ids it returned, in order. */
    private List<Object> claim(Connection c, Statement claim) throws SQLException {
        List<Object> ids = new ArrayList<>();
        try (PreparedStatement ps = bound(c, claim, List.of()); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                ids.add(rs.getObject(Label.ID));
            }
        }
        return ids;
    }
}
