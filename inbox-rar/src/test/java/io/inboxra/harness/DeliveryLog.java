package io.inboxra.harness;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Function;
import java.util.stream.Collectors;

/** What the harness saw of one activation's deliveries: each call, and how each transaction ended. */
public final class DeliveryLog {

    private final ConcurrentLinkedQueue<Object> invoked = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Object> committed = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Object> rolledBack = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Object> unknown = new ConcurrentLinkedQueue<>();

    private final java.util.concurrent.atomic.AtomicInteger refused = new java.util.concurrent.atomic.AtomicInteger();

    void refused() {
        refused.incrementAndGet();
    }

    /** @return how many endpoints the server refused (no MDB instance free) */
    public int refusedEndpoints() {
        return refused.get();
    }

    void invoked(Object id) {
        invoked.add(id);
    }

    void committed(List<Object> ids) {
        committed.addAll(ids);
    }

    void rolledBack(List<Object> ids) {
        rolledBack.addAll(ids);
    }

    void unknown(List<Object> ids) {
        unknown.addAll(ids);
    }

    /**
     * @return the ids whose commit failed without a known outcome (the connection died during
     *         the commit: the database may or may not have committed), repeats included
     */
    public List<Object> unknown() {
        return List.copyOf(unknown);
    }

    /** @return the ids handed to the listener, in call order, repeats included */
    public List<Object> invoked() {
        return List.copyOf(invoked);
    }

    /** @return the ids whose delivery transaction committed, repeats included */
    public List<Object> committed() {
        return List.copyOf(committed);
    }

    /** @return whether a delivery of the row {@code id} has committed */
    public boolean hasCommitted(long id) {
        return committed.stream().anyMatch(c -> ((Number) c).longValue() == id);
    }

    /** @return the ids whose delivery transaction rolled back, repeats included */
    public List<Object> rolledBack() {
        return List.copyOf(rolledBack);
    }

    /** @return the ids whose delivery committed more than once, with how often: empty when none did */
    public Map<Object, Long> committedMoreThanOnce() {
        Map<Object, Long> repeated = new HashMap<>(committedCounts());
        repeated.values().removeIf(n -> n == 1);
        return repeated;
    }

    /** @return whether every delivery handed to the listener has ended, one way or another */
    public boolean nothingInWork() {
        return invoked.size() == committed.size() + rolledBack.size() + unknown.size();
    }

    /**
     * @return the ids settled by a delivery: committed, or cut off in their commit with no known
     *         outcome (such a row is settled by that commit or by a later delivery, never by both)
     */
    public java.util.Set<Long> settledIds() {
        java.util.Set<Long> settled = new java.util.HashSet<>();
        committed.forEach(id -> settled.add(((Number) id).longValue()));
        unknown.forEach(id -> settled.add(((Number) id).longValue()));
        return settled;
    }

    /** @return how often each id's delivery committed */
    public Map<Object, Long> committedCounts() {
        return committed.stream().collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    }
}
