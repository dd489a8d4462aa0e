package io.inboxra.tck;

import io.inboxra.InboxListener;
import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.tck.KitInbox.Row;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Checks FIFO groups ({@code fifoColumn}, {@code groupConcurrency}): each group's rows delivered
 * in insertion order, never more of a group in work at once than the subscription allows.
 */
abstract class FifoGroupContract extends DeliveryCase {

    FifoGroupContract(Form form) {
        super(form);
    }

    @Test
    void fifoGroupsAreDeliveredInOrderNeverTwoOfAGroupAtOnce() throws Exception {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            rows.add(Row.of("g" + i % 3 + ":" + i).inGroup("g" + i % 3));
        }
        inbox().insert(rows);
        Map<String, List<Long>> delivered = new ConcurrentHashMap<>();
        Set<String> inWork = ConcurrentHashMap.newKeySet();
        List<String> overlaps = new CopyOnWriteArrayList<>();
        InboxListener watcher = message -> {
            String group = message.text().split(":")[0];
            if (!inWork.add(group)) {
                overlaps.add(group + " had two rows in work, one of them row " + message.id());
            }
            Await.sleep(5);
            delivered.computeIfAbsent(group, g -> new CopyOnWriteArrayList<>()).add(((Number) message.id()).longValue());
            inWork.remove(group);
            return Outcome.ack();
        };
        subscribe("tck-fifo", watcher, Map.of("fifoColumn", "grp", "workers", "4"));
        Await.until("every row is settled", LONG, () -> inbox().count("1 = 1") == 0);
        assertEquals(List.of(), overlaps, "no group ever had two rows in work");
        assertEquals(Set.of("g0", "g1", "g2"), delivered.keySet());
        delivered.forEach((group, ids) -> {
            List<Long> sorted = new ArrayList<>(ids);
            sorted.sort(Long::compare);
            assertEquals(8, ids.size(), "every row of " + group + " once");
            assertEquals(sorted, ids, group + " was delivered in insertion order");
        });
    }

    /**
     * {@code groupConcurrency} 2: at most two rows of a group in work at once (and, with four workers and
     * three groups, two at some point), every row once.
     */
    @Test
    void groupConcurrencyKeepsAtMostThatManyRowsOfAGroupInWork() throws Exception {
        Map<String, String> extra = Map.of("fifoColumn", "grp", "groupConcurrency", "2", "workers", "4");
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            rows.add(Row.of("g" + i % 3 + ":" + i).inGroup("g" + i % 3));
        }
        inbox().insert(rows);
        Set<Long> all = inbox().payloads("1 = 1").keySet();
        Map<String, AtomicInteger> inWork = new ConcurrentHashMap<>();
        AtomicInteger most = new AtomicInteger();
        InboxListener counter = message -> {
            AtomicInteger group = inWork.computeIfAbsent(message.text().split(":")[0],
                    g -> new AtomicInteger());
            most.accumulateAndGet(group.incrementAndGet(), Math::max);
            Await.sleep(20);
            group.decrementAndGet();
            return Outcome.ack();
        };
        Harness.Activation mdb = subscribe("tck-group-concurrency", counter, extra);
        Await.until("every row is settled", LONG,
                () -> mdb.log().committed().size() >= 24 && inbox().count("1 = 1") == 0);
        assertEachOnce(all, mdb.log().committed(), "the rows committed");
        assertTrue(most.get() <= 2, "at most two rows of a group in work at once: " + most.get());
        assertTrue(most.get() == 2, "two rows of a group in work at once, at some point: " + most.get());
    }
}
