package io.inboxra.ra.delivery;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Since when each worker's claim transaction has been open: in the row lock form the claim
 * runs in the delivery's transaction, which stays open while the MDB runs. An open transaction
 * holds back PostgreSQL's vacuum (and InnoDB's purge) for every table of its database, so the
 * oldest one is an operator's gauge, and one past {@code claimTransactionWarning} is logged.
 *
 * <p>As {@link io.inboxra.ra.delivery.endpoint.DatabaseWaits}: each worker thread writes only its
 * own slot, with no lock and no allocation; the gauge and the watch read every slot.
 */
public final class OpenClaims {

    /** A slot's value while its worker holds no claim transaction. */
    private static final long NONE = 0;

    /** One worker thread's claim transaction, in the clock's milliseconds, and whether it was reported. */
    private static final class Slot {
        volatile long since = NONE;
        /** The {@code since} of the transaction last reported: each is reported once. */
        volatile long reported = NONE;
    }

    private final Clock clock;
    private final List<Slot> slots = new CopyOnWriteArrayList<>();
    private final ThreadLocal<Slot> mine = ThreadLocal.withInitial(this::newSlot);

    public OpenClaims(Clock clock) {
        this.clock = clock;
    }

    private Slot newSlot() {
        Slot slot = new Slot();
        slots.add(slot);
        return slot;
    }

    /** The calling worker's claim transaction began (its claim ran in it). */
    void opened() {
        mine.get().since = clock.millis();
    }

    /** The calling worker's claim transaction ended, committed or not. */
    void closed() {
        mine.get().since = NONE;
    }

    /** @return when the oldest claim transaction open now began, if one is */
    public Optional<Instant> oldest() {
        long oldest = Long.MAX_VALUE;
        for (Slot slot : slots) {
            long since = slot.since;
            if (since != NONE && since < oldest) {
                oldest = since;
            }
        }
        return oldest == Long.MAX_VALUE ? Optional.empty() : Optional.of(Instant.ofEpochMilli(oldest));
    }

    /**
     * Reports each claim transaction open longer than {@code bound}, once.
     *
     * @param bound how long one may stay open unreported
     * @param report told how long the transaction has been open so far
     */
    public void reportOlderThan(Duration bound, Consumer<Duration> report) {
        long now = clock.millis();
        for (Slot slot : slots) {
            long since = slot.since;
            if (since != NONE && since != slot.reported && now - since > bound.toMillis()) {
                slot.reported = since;
                report.accept(Duration.ofMillis(now - since));
            }
        }
    }
}
