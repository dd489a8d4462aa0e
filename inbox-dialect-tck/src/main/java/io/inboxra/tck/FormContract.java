package io.inboxra.tck;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.tck.KitInbox.Row;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The delivery contract in one form, case by case: what an application relies on of every
 * dialect. Extend the form's class ({@link RowLockConformance}, {@link LeaseConformance},
 * {@link AdvisoryConformance}) in a test of your own for each form your dialect offers, and name
 * the dialect and database in {@link #dialectUnderTest()}.
 *
 * <p>Each case creates its own table ({@link ColumnTypes}), drives real deliveries through the
 * adapter under Narayana transactions, and drops the table. A case whose table description the
 * dialect refuses at activation (the form, FIFO groups, a column it cannot express) is skipped,
 * naming the dialect's reason; a dialect that accepts it must keep the promise.
 *
 * <p>Negative checks wait for an event, not a time: one worker claims in claim order, so a last
 * row (highest id) is delivered only after every row the claim should have taken before it.
 */
public abstract class FormContract extends FifoGroupContract {

    // The setup and what the cases share are DeliveryCase's; the FIFO groups' cases FifoGroupContract's.
    FormContract(Form form) {
        super(form);
    }

    @Test
    void eachRowIsDeliveredAndSettledExactlyOnceWithSeveralWorkers() throws Exception {
        inbox().insert(rows("r", 60));
        Set<Long> all = inbox().payloads("1 = 1").keySet();
        Harness.Activation mdb = subscribe("tck-once", message -> Outcome.ack(), Map.of("workers", "4"));
        Await.until("every row is settled", LONG,
                () -> mdb.log().committed().size() >= 60 && inbox().count("1 = 1") == 0);
        assertEachOnce(all, mdb.log().committed(), "the rows committed");
        assertEquals(60, mdb.log().invoked().size(), "no delivery beyond one per row");
    }

    @Test
    void aListenerFailureReturnsTheRowAndItIsDeliveredAgain() throws Exception {
        inbox().insert(Row.of("fragile"));
        List<String> seen = new CopyOnWriteArrayList<>();
        Harness.Activation mdb = subscribe("tck-rollback", message -> {
            seen.add(message.text());
            if (seen.size() == 1) {
                throw new IllegalStateException("the listener fails once (thrown by the conformance kit)");
            }
            return Outcome.ack();
        }, Map.of());
        Await.until("the row is delivered again and settled", LONG,
                () -> mdb.log().committed().size() == 1 && inbox().count("1 = 1") == 0);
        assertEquals(1, mdb.log().rolledBack().size(), "the failed delivery rolled back");
        assertEquals(mdb.log().rolledBack(), mdb.log().committed(), "the same row came back");
        assertEquals(List.of("fragile", "fragile"), seen, "its payload unchanged");
    }

    @Test
    void onlyTheSubscriptionsQueueIsDelivered() throws Exception {
        List<Row> rows = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            rows.add(Row.of("r" + i).inQueue(i % 2 == 0 ? "a" : "b"));
        }
        rows.add(Row.of("last").inQueue("b"));
        inbox().insert(rows);
        Set<Long> queueB = inbox().payloads("queue = 'b'").keySet();
        List<String> queues = new CopyOnWriteArrayList<>();
        Harness.Activation mdb = subscribe("tck-queue", message -> {
            queues.add(message.queue().orElse("none"));
            return Outcome.ack();
        }, Map.of("queueColumn", "queue", "queue", "b"));
        Await.until("queue b's rows are settled", LONG,
                () -> longs(mdb.log().committed()).containsAll(queueB) && inbox().count("queue = 'b'") == 0);
        assertEachOnce(queueB, mdb.log().committed(), "the rows delivered are queue b's");
        assertEquals(List.of("b"), queues.stream().distinct().toList(), "each message names its queue");
        assertEquals(5, inbox().count("queue = 'a'"), "queue a's rows stay");
    }

    @Test
    void onlyDueRowsAreDeliveredInPriorityThenDueThenIdOrder() throws Exception {
        List<Row> rows = new ArrayList<>();
        for (int i = 1; i <= 9; i++) {
            rows.add(Row.of("r" + i).withPriority(i % 3).dueIn(Duration.ofMinutes(-(i % 4))));
        }
        Instant inserted = Instant.now();
        // First in claim order if its due time were ignored.
        rows.add(Row.of("later").withPriority(-1).dueIn(Duration.ofMillis(1500)));
        inbox().insert(rows);
        List<Long> expected = new ArrayList<>(inbox().ids("payload <> 'later'", "priority, due_at, id"));
        expected.addAll(inbox().ids("payload = 'later'", "id"));
        List<Instant> deliveredAt = new CopyOnWriteArrayList<>();
        Harness.Activation mdb = subscribe("tck-order", message -> {
            deliveredAt.add(Instant.now());
            return Outcome.ack();
        }, Map.of("priorityColumn", "priority", "dueColumn", "due_at"));
        Await.until("every row is settled", LONG, () -> mdb.log().committed().size() == 10);
        assertEquals(expected, longs(mdb.log().invoked()), "claim order: priority, then due, then id; 'later' once due");
        Duration waited = Duration.between(inserted, deliveredAt.get(9));
        assertTrue(waited.compareTo(Duration.ofMillis(1450)) >= 0, "'later' was delivered " + waited
                + " after its insert, before it was due (1.5 s)");
    }

    @Test
    void rowsMarkedProcessedAreNeverTakenAgain() throws Exception {
        inbox().insert(Row.of("done 1").markedProcessed(), Row.of("done 2").markedProcessed());
        inbox().insert(rows("r", 5));
        Set<Long> fresh = inbox().payloads("processed_at IS NULL").keySet();
        Harness.Activation mdb = subscribe("tck-processed", message -> Outcome.ack(),
                Map.of("processedAtColumn", "processed_at"));
        Await.until("the five rows are marked (or a marked row is delivered)", LONG,
                () -> inbox().count("processed_at IS NOT NULL") == 7 || !fresh.containsAll(longs(mdb.log().invoked())));
        // After the marked rows in claim order: delivered only once no marked row was taken again.
        inbox().insert(Row.of("last"));
        long last = inbox().ids("payload = 'last'", "id").get(0);
        Set<Long> expected = new HashSet<>(fresh);
        expected.add(last);
        Await.until("the last row is marked (or a marked row is delivered again)", LONG,
                () -> longs(mdb.log().committed()).contains(last) || mdb.log().invoked().size() > expected.size());
        assertEachOnce(expected, mdb.log().invoked(), "the rows delivered: each unmarked row once");
        assertEquals(8, inbox().count("1 = 1"), "marked rows stay in the table");
    }

    @Test
    void rowsMarkedDeadAreNeverTaken() throws Exception {
        inbox().insert(Row.of("dead 1").markedDead(), Row.of("dead 2").markedDead(), Row.of("poison"), Row.of("r1"),
                Row.of("r2"));
        List<String> delivered = new CopyOnWriteArrayList<>();
        Harness.Activation mdb = subscribe("tck-dead", message -> {
            delivered.add(message.text());
            if (message.text().equals("poison")) {
                throw new IllegalStateException("poison (thrown by the conformance kit)");
            }
            return Outcome.ack();
        }, Map.of("deadAtColumn", "dead_at", "attemptColumn", "attempts", "maxAttempts", "1"));
        Await.until("the poison row is marked dead and the others settled (or a dead row is delivered)", LONG,
                () -> inbox().count("dead_at IS NOT NULL") == 3 && inbox().count("dead_at IS NULL") == 0
                        || delivered.size() > 3);
        // After the dead rows in claim order: delivered only once no dead row was taken.
        inbox().insert(Row.of("last"));
        Await.until("the last row is settled (or a dead row is delivered)", LONG,
                () -> delivered.contains("last") && inbox().count("dead_at IS NULL") == 0 || delivered.size() > 4);
        assertEquals(List.of("last", "poison", "r1", "r2"), delivered.stream().sorted().toList(),
                "the rows delivered: each row not marked dead, once");
        assertEquals(1, mdb.log().rolledBack().size(), "the poison row failed once, and was marked");
        assertEquals(3, inbox().count("dead_at IS NOT NULL"), "the dead rows stay, marked");
    }

    /**
     * A payload over {@code maxPayloadBytes} (counted in bytes: "é" is two) is dead-lettered and
     * never handed over; one of exactly the limit is delivered whole. A dialect that tells payload
     * sizes ({@code payloadBytes}) leaves the big one out of its claims; one that does not reads it,
     * and the adapter checks it after: either way the listener never sees it.
     */
    @Test
    void aPayloadOverMaxPayloadBytesIsMarkedDeadAndNeverDelivered() throws Exception {
        String atLimit = "é".repeat(20);
        inbox().insert(Row.of("x".repeat(41)), Row.of(atLimit), Row.of("é".repeat(21)), Row.of("small"));
        List<String> delivered = new CopyOnWriteArrayList<>();
        subscribe("tck-too-big", message -> {
            delivered.add(message.text());
            return Outcome.ack();
        }, Map.of("deadAtColumn", "dead_at", "maxPayloadBytes", "40", "batchSize", "3"));
        Await.until("the two big rows are marked dead and the others settled", LONG,
                () -> inbox().count("dead_at IS NOT NULL") == 2 && inbox().count("dead_at IS NULL") == 0);
        assertEquals(List.of("small", atLimit), delivered.stream().sorted().toList(),
                "the rows within the limit, whole, once each");
        assertEquals(List.of("x".repeat(41), "é".repeat(21)), List.copyOf(inbox().payloads("dead_at IS NOT NULL").values()),
                "the big rows stay, marked, their payloads kept");
    }

    /**
     * Ids repeat (reused rowids, a reset sequence): a row whose id a different dead letter holds
     * stays in the table, its failure counted; a row whose identical copy is there already (a
     * move cut in half) leaves the table, with one copy among the dead letters.
     */
    @Test
    void aRowIsNeverDeadLetteredOverADifferentMessageWithItsId() throws Exception {
        inbox().insert(Row.of("new message"), Row.of("half moved"));
        long repeated = inbox().ids("payload = 'new message'", "id").get(0);
        long halfMoved = inbox().ids("payload = 'half moved'", "id").get(0);
        inbox().insertDeadLetter(repeated, "an older message");
        inbox().insertDeadLetter(halfMoved, "half moved");
        List<String> delivered = new CopyOnWriteArrayList<>();
        Harness.Activation mdb = subscribe("tck-repeated-id", message -> {
            delivered.add(message.text());
            return message.text().equals("last") ? Outcome.ack() : Outcome.deadLetter("refused by the conformance kit");
        }, Map.of("deadLetterTable", inbox().deadLetters(), "dueColumn", "due_at", "attemptColumn", "attempts",
                "retryDelay", "PT60S"));
        Await.until("the half-moved row leaves and the other's failure is counted", LONG,
                () -> inbox().count("payload = 'half moved'") == 0 && inbox().count("attempts = 0") == 0);
        inbox().insert(Row.of("last"));
        Await.until("the last row is settled", LONG, () -> delivered.contains("last") && inbox().count("payload = 'last'") == 0);
        assertEquals(Map.of(repeated, "new message"), inbox().payloads("1 = 1"), "the row stays in the table");
        assertEquals(1, inbox().count("attempts = 1"), "its failure counted once, then rescheduled");
        assertEquals(Map.of(repeated, "an older message", halfMoved, "half moved"), inbox().deadLetterPayloads(),
                "the dead letters: the older message untouched, one copy of the half-moved row");
        assertEquals(List.of("half moved", "last", "new message"), delivered.stream().sorted().toList(),
                "each row delivered once");
    }
}
