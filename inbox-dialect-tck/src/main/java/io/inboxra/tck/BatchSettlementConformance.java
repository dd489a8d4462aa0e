package io.inboxra.tck;

import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;
import io.inboxra.tck.KitInbox.Row;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Checks the batch settlement ({@link Dialect#settleAll}) with its ids bound as the dialect binds
 * them ({@link Dialect#bindIds}): the batch's rows deleted or marked, and no other.
 */
abstract class BatchSettlementConformance extends ClaimOrderIndexConformance {

    /**
     * The batch settlement of three rows, its ids of the table's id type bound as the dialect
     * binds them ({@link Param#ID} per row, or {@link Param#IDS} by {@link Dialect#bindIds}),
     * deletes those three rows and no other; with a processed-at column, marks them.
     */
    @Test
    void aBatchSettlementChangesEachRowOfTheBatchAndNoOther() throws Exception {
        Assumptions.assumeTrue(dialect.forms().contains(Form.ROW_LOCK) || dialect.forms().contains(Form.ADVISORY),
                "dialect '" + dialect.name() + "' settles no batches: only the row lock and advisory forms do, and it"
                        + " offers " + dialect.forms());
        inbox.insert(Row.of("b1"), Row.of("b2"), Row.of("b3"), Row.of("kept"));
        List<Object> batch = inbox.keys("payload <> 'kept'");
        TableSpec deleting = spec(TableSpec.builder(inbox.name()));
        Statement settleAll = dialect.settleAll(deleting, 3);
        assertEquals(3, update(settleAll, batch), "the rows the batch settlement changed: " + settleAll.sql());
        assertEquals(List.of("kept"), List.copyOf(inbox.payloads("1 = 1").values()), "the rows left");

        inbox.insert(Row.of("m1"), Row.of("m2"), Row.of("m3"));
        List<Object> marked = inbox.keys("payload <> 'kept'");
        Statement markAll = dialect.settleAll(spec(TableSpec.builder(inbox.name()).processedAtColumn("processed_at")), 3);
        assertEquals(3, update(markAll, marked), "the rows the batch settlement marked: " + markAll.sql());
        assertEquals(3, inbox.count("processed_at IS NOT NULL AND payload <> 'kept'"), "the batch's rows are marked");
        assertEquals(1, inbox.count("processed_at IS NULL"), "the other row is not");
        assertEquals(0, update(markAll, marked), "a second settlement of the marked rows changes none");
    }

    /** Runs a settlement in a transaction of its own and returns the rows it changed. */
    private int update(Statement statement, List<Object> ids) throws SQLException {
        Connection c = transaction();
        try (PreparedStatement ps = bound(c, statement, ids)) {
            int changed = ps.executeUpdate();
            c.commit();
            return changed;
        }
    }
}
