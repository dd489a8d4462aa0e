package io.inboxra.tck;

import io.inboxra.dialect.ClaimOrderIndex;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.subscription.check.ClaimIndexCheck;
import io.inboxra.ra.subscription.check.TableCheck;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Checks {@link ClaimOrderIndex}: the index the dialect advises serves the claim order, as the activation's check sees it. */
abstract class ClaimOrderIndexConformance extends NotificationConformance {

    /** The index the dialect advises, created, serves the claim order: the activation's check then finds it. */
    @Test
    void theIndexItAdvisesServesTheClaimOrder() throws Exception {
        ClaimOrderIndex advice = capability(ClaimOrderIndex.class);
        ColumnTypes c = target.columns();
        String bare = inbox.name() + "_bare";
        createCaseTable(bare, "id " + c.generatedKey() + ", payload " + c.text() + " NOT NULL, queue " + c.text()
                + ", priority INT NOT NULL DEFAULT 0, due_at " + c.timestamp());
        Connection connection = connection();
        TableSpec spec = TableCheck.check(connection, TableSpec.builder(bare).queueColumn("queue")
                .priorityColumn("priority").dueColumn("due_at").build());
        assertFalse(ClaimIndexCheck.check("tck-claim-index", connection, dialect, spec),
                "the table has no index but its key, yet the claim order was found served");
        List<String> order = List.of(spec.queueColumn().get(), spec.priorityColumn().get(), spec.dueColumn().get(),
                spec.idColumn());
        String create = advice.createClaimIndex(spec, order);
        execute(create);
        assertTrue(ClaimIndexCheck.check("tck-claim-index", connection, dialect, spec),
                "the index the dialect advises (" + create + ") does not serve the claim order " + order);
    }
}
