package io.inboxra.ra.delivery;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Since when each worker in a turn has been waiting for its database: from the start of its
 * turn, and again from the end of each listener call (the listener's own time is the MDB's, not
 * the database's). A worker that has waited longer than a statement may run is stalled: its
 * database does not answer, or its network stopped carrying the replies.
 */
public final class DatabaseWaits {

    /** A worker in its listener: not waiting for the database. */
    private static final Instant IN_LISTENER = Instant.MIN;

    private final Clock clock;
    private final Map<Thread, Instant> since = new ConcurrentHashMap<>();

    public DatabaseWaits(Clock clock) {
        this.clock = clock;
    }

    /** The calling worker begins a turn. */
    public void turnBegins() {
        since.put(Thread.currentThread(), clock.instant());
    }

    /** The calling worker ends its turn. */
    public void turnEnds() {
        since.remove(Thread.currentThread());
    }

    /** The calling worker hands rows to the listener (a thread in no turn is not tracked). */
    void listenerBegins() {
        since.computeIfPresent(Thread.currentThread(), (thread, was) -> IN_LISTENER);
    }

    /** The listener returned: the worker waits for its database again. */
    void listenerEnds() {
        since.computeIfPresent(Thread.currentThread(), (thread, was) -> clock.instant());
    }

    /** @return when the longest wait for the database now began, if a worker is waiting */
    public Optional<Instant> oldest() {
        return since.values().stream().filter(at -> at != IN_LISTENER).min(Instant::compareTo);
    }
}
