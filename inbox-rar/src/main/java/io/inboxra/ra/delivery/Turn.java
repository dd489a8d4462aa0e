package io.inboxra.ra.delivery;

import io.inboxra.Outcome;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.trace.Telemetry;
import io.inboxra.ra.xa.DeliveryBranch;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** What one turn of a {@link Delivery} holds and learns on its way, from the claim to what came of it. */
final class Turn {

    final DeliveryBranch<DatabaseConnection> branch;
    List<ClaimedRow> rows = List.of();
    BranchFailure record;
    List<Outcome> outcomes;
    boolean settled;
    String failure;
    /** Why the expected commit failed, as {@code afterDelivery} told it. */
    String notCommitted;
    /** A database failure in the settlement: reported once the turn has let its rows go. */
    SQLException trouble;
    /** The delivery's span, from the claim to the turn's end. */
    Telemetry.Span span = Telemetry.Span.NONE;
    /** What the listener or the commit threw, for the span. */
    Throwable thrown;

    Turn(DeliveryBranch<DatabaseConnection> branch) {
        this.branch = branch;
    }

    /** @return the rows its committed settlement took out of the claimable rows: all but those retried */
    List<ClaimedRow> gone() {
        List<ClaimedRow> gone = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            if (!(outcomes.get(i) instanceof Outcome.Retry)) {
                gone.add(rows.get(i));
            }
        }
        return gone;
    }

    void failed(String why) {
        failure = why;
        if (record != null) {
            record.because(why);
        }
    }
}
