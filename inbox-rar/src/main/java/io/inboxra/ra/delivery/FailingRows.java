package io.inboxra.ra.delivery;

import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.connection.SubscriptionStatements;
import io.inboxra.ra.settlement.RetryBackoff;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A subscription's memory of the rows whose delivery failed lately, shared by its workers: each
 * id is set aside for a backoff of its own ({@code retryDelay}, doubling at each failure, at most
 * the shorter of {@code maxPollInterval} and {@code maxRetryDelay}, but never less than
 * {@code retryDelay}), and claims pass over it until it is due, so that a row that keeps failing
 * never holds back the rows behind it, with or without an attempt column, and is delivered about
 * once per backoff whatever the workers. A row is set aside before its lock, lease or transaction
 * lets it go, and a claim that took it meanwhile lets it go again ({@link #notSetAside}).
 *
 * <p>A delivered row is forgotten, and so is one not seen failing again within a backoff after it
 * came due (settled elsewhere, deleted). The memory is this server's only, and holds
 * {@link #CAPACITY} ids: when it is full, and with a dialect whose claim cannot pass over ids (it is not built from
 * {@link io.inboxra.dialect.ClaimClauses}), a failed row is not set aside: its worker waits
 * {@code pollInterval} before the next claim, as the only guard against a hot loop.
 */
public final class FailingRows {

    private static final Logger LOG = System.getLogger(FailingRows.class.getName());

    /** Ids set aside at most: as many placeholders in the claim that passes over them. */
    static final int CAPACITY = 32;

    /** One id set aside: how often it failed in a row, and when it is due again (System.nanoTime). */
    private record Entry(Object id, int failures, long due, long delay) {
    }

    private final String name;
    private final Optional<Statement> claim;
    private final RetryBackoff backoff;
    private final Map<Object, Entry> entries = new HashMap<>();
    /**
     * Nothing is set aside: read without the lock, so that the workers' claims and deliveries,
     * which ask on every turn, do not queue for it while no row fails.
     */
    private volatile boolean none = true;
    private boolean full;

    FailingRows(String name, Optional<Statement> claimPassingOver, Duration first, Duration most) {
        this.name = name;
        this.claim = claimPassingOver;
        this.backoff = new RetryBackoff(first, most.compareTo(first) < 0 ? first : most);
    }

    /**
     * Builds the subscription's claim a second time, passing over {@link #CAPACITY} ids; a dialect
     * that cannot is said once, and its failed rows are not set aside.
     */
    public static FailingRows of(SubscriptionSettings settings, TableSpec table, Dialect dialect) {
        Duration most = settings.maxPollInterval().compareTo(settings.maxRetryDelay()) < 0
                ? settings.maxPollInterval() : settings.maxRetryDelay();
        return new FailingRows(settings.name(), claimPassingOver(settings, table, dialect), settings.retryDelay(), most);
    }

    /** From the checked table (as the database names it: H2 upper-cases), as every other statement is. */
    private static Optional<Statement> claimPassingOver(SubscriptionSettings settings, TableSpec table, Dialect dialect) {
        String why;
        try {
            Statement claim = SubscriptionStatements.claim(dialect,
                    table.toBuilder().setAsideIds(CAPACITY).build());
            long placeholders = claim.params().stream().filter(p -> p == Param.SET_ASIDE).count();
            if (placeholders == CAPACITY) {
                return Optional.of(claim);
            }
            why = "its claim binds " + placeholders + " set-aside ids, not " + CAPACITY;
        } catch (StatementException | RuntimeException e) {
            // A claim written around ClaimClauses.where() with parameters of its own counts them wrong.
            why = e.getMessage();
        }
        LOG.log(Level.WARNING, "Inbox subscription '" + settings.name() + "': dialect '" + dialect.name() + "'"
                + " builds no claim that passes over rows whose delivery failed (" + why + "): a worker whose"
                + " delivery fails waits 'pollInterval' before its next claim, and a row that keeps failing at the"
                + " head of the claim order slows the rows behind it. To fix, build the claim from"
                + " io.inboxra.dialect.ClaimClauses (its where() and params()), or set 'dueColumn', which moves a"
                + " failed row's due time.");
        return Optional.empty();
    }

    /**
     * Runs the claim, passing over the rows set aside and not yet due.
     *
     * @param plain the subscription's claim, for when none is set aside
     */
    List<ClaimedRow> claim(DatabaseConnection connection, Statement plain, Bindings bindings) throws SQLException {
        List<Object> ids = notDue();
        if (ids.isEmpty()) {
            return connection.claim(plain, bindings);
        }
        return connection.claim(claim.orElseThrow(), bindings.setAside(ids));
    }

    /**
     * Runs the claim again, passing over the rows a FIFO group's guard just left out (their group's
     * rows in work fill its slots) as well as those set aside. Without it, a row that entered ahead
     * of its full group's rows in work is the whole of each claim, and the rows of other groups
     * behind it wait for that group.
     *
     * The ids left out come first; set-aside ids fill the room left, and a set-aside row the claim
     * returns for want of room is left out by {@link #notSetAside} as after any claim.
     *
     * @param leftOut the ids the guard left out, this claim's earlier rounds together
     * @return the rows; empty when the claim cannot pass over rows (its dialect) or that many
     */
    Optional<List<ClaimedRow>> claimPassingOver(DatabaseConnection connection, Bindings bindings, List<Object> leftOut)
            throws SQLException {
        if (claim.isEmpty() || leftOut.isEmpty() || leftOut.size() > CAPACITY) {
            return Optional.empty();
        }
        List<Object> ids = new ArrayList<>(leftOut);
        for (Object id : none ? List.of() : notDueNow(false)) {
            if (ids.size() == CAPACITY) {
                break;
            }
            ids.add(id);
        }
        return Optional.of(connection.claim(claim.get(), bindings.setAside(padded(ids))));
    }

    /** How a form lets go of a row it claimed but does not deliver (unlock it, clear its lease). */
    interface LetGo {
        void letGo(ClaimedRow row) throws SQLException;
    }

    /**
     * Leaves out the claimed rows that were set aside while the claim ran: another worker's delivery
     * of the row failed after this claim's list of ids was bound, and let the row go before this
     * claim took it. Without this, the row would be delivered again at once.
     *
     * @param letGo what the form does with a row it leaves out
     * @return the rows to deliver
     */
    List<ClaimedRow> notSetAside(List<ClaimedRow> claimed, LetGo letGo) throws SQLException {
        if (none) {
            return claimed;
        }
        List<ClaimedRow> kept = new ArrayList<>(claimed.size());
        for (ClaimedRow row : claimed) {
            if (isSetAside(row)) {
                letGo.letGo(row);
            } else {
                kept.add(row);
            }
        }
        return kept;
    }

    /**
     * A row's delivery failed: set it aside, when the claim can pass over it and the memory has
     * room. Called before the row's lock, lease or transaction lets it go, so that no claim of
     * another worker takes it in between.
     */
    void failed(ClaimedRow row) {
        if (claim.isPresent()) {
            setAside(row);
        }
    }

    /**
     * What the delivery of a row came to: a delivered row is forgotten; a failed one the worker
     * passes over if {@link #failed} set it aside.
     *
     * @param row the row delivered
     * @param committed whether its delivery's transaction committed
     * @return {@code DELIVERED}, {@code SET_ASIDE} (the worker goes on at once), or {@code FAILED}
     */
    Delivery.Result after(ClaimedRow row, boolean committed) {
        if (committed) {
            delivered(row);
            return Delivery.Result.DELIVERED;
        }
        return isSetAside(row) ? Delivery.Result.SET_ASIDE : Delivery.Result.FAILED;
    }

    private boolean isSetAside(ClaimedRow row) {
        return !none && isSetAsideNow(row);
    }

    private synchronized boolean isSetAsideNow(ClaimedRow row) {
        Entry entry = entries.get(row.idKey());
        return entry != null && entry.due() - System.nanoTime() > 0;
    }

    /** A row's delivery committed: it is forgotten. */
    void delivered(ClaimedRow row) {
        if (!none) {
            forget(row);
        }
    }

    private synchronized void forget(ClaimedRow row) {
        if (entries.remove(row.idKey()) != null) {
            none = entries.isEmpty();
        }
    }

    private synchronized void setAside(ClaimedRow row) {
        long now = System.nanoTime();
        Entry last = entries.get(row.idKey());
        if (last == null && entries.size() >= CAPACITY) {
            prune(now);
            if (entries.size() >= CAPACITY) {
                if (!full) {
                    full = true;
                    LOG.log(Level.WARNING, "Inbox subscription '" + name + "': " + CAPACITY + " rows whose delivery"
                            + " failed are set aside, the most it keeps; row " + row.id() + " and further failing rows"
                            + " are not, and their worker waits 'pollInterval' before its next claim. Rows that fail"
                            + " for long belong in a table with 'dueColumn' (and 'attemptColumn', 'maxAttempts').");
                }
                return;
            }
        }
        int failures = last == null ? 1 : last.failures() + 1;
        long delay = backoff.after(failures).toNanos();
        entries.put(row.idKey(), new Entry(row.id(), failures, now + delay, delay));
        none = false;
        if (full && entries.size() < CAPACITY) {
            full = false;
        }
    }

    /** @return the ids not yet due, padded to {@link #CAPACITY} with the last of them; empty when none */
    List<Object> notDue() {
        return none ? List.of() : notDueNow(true);
    }

    private synchronized List<Object> notDueNow(boolean pad) {
        if (entries.isEmpty()) {
            return List.of();
        }
        long now = System.nanoTime();
        prune(now);
        List<Object> ids = new ArrayList<>(CAPACITY);
        for (Entry entry : entries.values()) {
            if (entry.due() - now > 0) {
                ids.add(entry.id());
            }
        }
        return pad ? padded(ids) : ids;
    }

    /** The claim binds {@link #CAPACITY} ids: the last one repeated fills the rest. */
    private static List<Object> padded(List<Object> ids) {
        if (ids.isEmpty() || ids.size() == CAPACITY) {
            return ids;
        }
        List<Object> all = new ArrayList<>(CAPACITY);
        all.addAll(ids);
        all.addAll(Collections.nCopies(CAPACITY - ids.size(), ids.get(ids.size() - 1)));
        return all;
    }

    /** Forgets ids due for longer than their backoff: nobody claimed them again (settled elsewhere, gone). */
    private void prune(long now) {
        for (Iterator<Entry> it = entries.values().iterator(); it.hasNext();) {
            Entry entry = it.next();
            if (now - entry.due() > entry.delay()) {
                it.remove();
            }
        }
        none = entries.isEmpty();
        if (full && entries.size() < CAPACITY) {
            full = false;
        }
    }
}
