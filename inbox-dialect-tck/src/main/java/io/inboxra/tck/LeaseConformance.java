package io.inboxra.tck;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.tck.KitInbox.Row;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lease form's contract: every case of {@link FormContract}, and a lease that runs out.
 *
 * <pre>{@code
 * class SqlServerLeaseTest extends LeaseConformance {
 *     @Override
 *     protected DialectUnderTest dialectUnderTest() {
 *         return SqlServerRowLockTest.TARGET;
 *     }
 * }
 * }</pre>
 */
public abstract class LeaseConformance extends FormContract {

    protected LeaseConformance() {
        super(Form.LEASE);
    }

    @Test
    void aLeaseThatRunsOutLetsAnotherDeliveryTakeTheRow() throws Exception {
        Instant leased = Instant.now();
        // As another server's claim leaves it when that server dies with the row in work.
        inbox().insert(Row.of("orphan").leasedFor(Duration.ofMillis(1500)), Row.of("free"));
        List<String> order = new CopyOnWriteArrayList<>();
        List<Instant> deliveredAt = new CopyOnWriteArrayList<>();
        subscribe("tck-expiry", message -> {
            order.add(message.text());
            deliveredAt.add(Instant.now());
            return Outcome.ack();
        }, Map.of());
        Await.until("the orphaned row is delivered once its lease has run out", Duration.ofSeconds(30),
                () -> inbox().count("1 = 1") == 0);
        assertEquals(List.of("free", "orphan"), order, "the free row at once, the leased one after its lease");
        Duration waited = Duration.between(leased, deliveredAt.get(1));
        assertTrue(waited.compareTo(Duration.ofMillis(1450)) >= 0,
                "delivered " + waited + " after the insert, while the other lease (1.5 s) still held it");
    }
}
