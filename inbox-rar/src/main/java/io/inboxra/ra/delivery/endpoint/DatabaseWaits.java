package io.inboxra.ra.delivery.endpoint;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Since when each worker in a turn has been waiting for its database: from the start of its
 * turn, and again from the end of each listener call (the listener's own time is the MDB's, not
 * the database's). A worker that has waited longer than a statement may run is stalled: its
 * database does not answer, or its network stopped carrying the replies.
 *
 * <p>Each worker thread writes only its own slot, four times a turn, with no lock and no
 * allocation; the operators' reads look at every slot.
 */
public final class DatabaseWaits {

    /** A slot's value while its worker is in no turn. */
    private static final long IDLE = 0;
    /** A slot's value while its worker is in its listener: not waiting for the database. */
    private static final long IN_LISTENER = -1;

    /** One worker thread's wait, in the clock's milliseconds. */
    private static final class Slot {
        volatile long since = IDLE;
    }

    private final Clock clock;
    private final List<Slot> slots = new CopyOnWriteArrayList<>();
    private final ThreadLocal<Slot> mine = ThreadLocal.withInitial(this::newSlot);

    public DatabaseWaits(Clock clock) {
        this.clock = clock;
    }

    private Slot newSlot() {
        Slot slot = new Slot();
        slots.add(slot);
        return slot;
    }

    /** The calling worker begins a turn. */
    public void turnBegins() {
        mine.get().since = clock.millis();
    }

    /** The calling worker ends its turn. */
    public void turnEnds() {
        mine.get().since = IDLE;
    }

    /** The calling worker hands rows to the listener (a thread in no turn is not tracked). */
    void listenerBegins() {
        Slot slot = mine.get();
        if (slot.since != IDLE) {
            slot.since = IN_LISTENER;
        }
    }

    /** The listener returned: the worker waits for its database again. */
    void listenerEnds() {
        Slot slot = mine.get();
        if (slot.since == IN_LISTENER) {
            slot.since = clock.millis();
        }
    }

    /** @return when the longest wait for the database now began, if a worker is waiting */
    public Optional<Instant> oldest() {
        long oldest = Long.MAX_VALUE;
        for (Slot slot : slots) {
            long since = slot.since;
            if (since > 0 && since < oldest) {
                oldest = since;
            }
        }
        return oldest == Long.MAX_VALUE ? Optional.empty() : Optional.of(Instant.ofEpochMilli(oldest));
    }
}
