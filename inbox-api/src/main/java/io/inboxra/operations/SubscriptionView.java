package io.inboxra.operations;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;

/**
 * One active subscription, for operators: its counters and state, its backlog in the database,
 * and the operations on it. Found through {@link InboxSubscriptions}; valid while the
 * subscription is active (after its deactivation the snapshot says {@link SubscriptionState#STOPPED}
 * and the database operations fail).
 *
 * <p>Each database operation affects the subscription's queue only. The adapter's views read
 * {@link #backlog()} at most every few seconds, on a connection they keep for it, with a query
 * timeout; the other operations run in local transactions of their own on fresh connections of
 * the subscription's data source, a large requeue or discard in chunks of bounded size, each a
 * transaction of its own.
 *
 * <pre>{@code
 * SubscriptionView billing = InboxSubscriptions.find("billing").orElseThrow();
 * SubscriptionSnapshot now = billing.snapshot();
 * if (now.deadLettered() > 0) {
 *     billing.requeue(List.of("42"));          // back into the inbox, attempts reset
 * }
 * billing.discardOlderThan(Duration.ofDays(30));
 * }</pre>
 */
public interface SubscriptionView {

    /** @return the subscription's name (the {@code name} property, unique among the active subscriptions) */
    String name();

    /** @return the counters and state now, from memory */
    SubscriptionSnapshot snapshot();

    /**
     * @return the subscription's rows as the database told them at most a few seconds ago (the
     *         adapter's views share one read among every caller: the MBean, metrics, pages)
     * @throws SQLException when the database fails, or a query of the read times out
     */
    Backlog backlog() throws SQLException;

    /**
     * Stops claiming: deliveries in work finish, rows a lease worker had claimed ahead go back,
     * and the activation stays. Does nothing when already paused.
     */
    void pause();

    /** Restarts claiming within one poll. Does nothing when not paused. */
    void resume();

    /**
     * Reads the subscription's dead letters, newest first, each with a preview of its payload
     * (its first {@value io.inboxra.dialect.OperatorQueries#PREVIEW_LENGTH} characters; the whole
     * one from {@link #deadLetter(String)}).
     *
     * @param max how many to read at most (1 or more)
     * @return the dead letters; empty when there are none
     * @throws SQLException when the database fails
     * @throws IllegalStateException when the subscription has no dead-letter place
     */
    List<DeadLetter> deadLetters(int max) throws SQLException;

    /**
     * Reads one dead letter of the subscription with its whole payload.
     *
     * <p>By default it is looked for among {@link #deadLetters(int)}, for a view written before this
     * method whose listing returns whole payloads.
     *
     * @param id the dead letter's id, as text (ids are compared as text)
     * @return the dead letter, or empty when the subscription has none of that id
     * @throws SQLException when the database fails
     * @throws IllegalStateException when the subscription has no dead-letter place
     */
    default java.util.Optional<DeadLetter> deadLetter(String id) throws SQLException {
        return deadLetters(Integer.MAX_VALUE).stream().filter(d -> d.id().equals(id)).findFirst();
    }

    /**
     * Moves every dead letter of the subscription back: out of the {@code deadLetterTable} into
     * the inbox (id, queue and payload kept; attempts reset, due now; columns the dead-letter
     * table does not keep take their defaults), or clears the {@code deadAtColumn} (attempts
     * reset, due now). A dead letter whose id is in the inbox already is only removed.
     *
     * <p>The adapter's views move them in chunks of bounded size, in id order, each chunk in a
     * transaction of its own, and log each chunk's progress.
     *
     * @return how many rows are claimable again
     * @throws SQLException when the database fails (the chunks before stay moved; run it again for the rest)
     * @throws IllegalStateException when the subscription has no dead-letter place
     */
    int requeueAll() throws SQLException;

    /**
     * Moves the dead letters of these ids back, like {@link #requeueAll()}. Ids are compared as
     * text; an id that is no dead letter of the subscription is left out.
     *
     * @param ids the dead letters' ids, as text
     * @return how many rows are claimable again
     * @throws SQLException when the database fails (nothing of that chunk of ids is moved then)
     * @throws IllegalStateException when the subscription has no dead-letter place
     */
    int requeue(Collection<String> ids) throws SQLException;

    /**
     * Deletes the subscription's dead letters that were dead-lettered more than {@code age} ago
     * (by the database's clock): rows of the {@code deadLetterTable}, or inbox rows marked in
     * the {@code deadAtColumn}.
     *
     * @param age how old a dead letter must be; zero discards them all
     * <p>The adapter's views delete them in chunks, like {@link #requeueAll()}.
     *
     * @return how many were deleted
     * @throws SQLException when the database fails (the chunks before stay deleted)
     * @throws IllegalStateException when the subscription has no dead-letter place
     */
    int discardOlderThan(Duration age) throws SQLException;

    /**
     * Looks a row up by its id: in the inbox (pending, in work where the form shows it, processed)
     * and among the dead letters. Reads without locks; changes nothing.
     *
     * <p>By default unsupported, for a view written before this method.
     *
     * @param id the row's id, as text
     * @return where it is, or empty when the subscription has no row of that id
     * @throws SQLException when the database fails
     */
    default java.util.Optional<FoundRow> findRow(String id) throws SQLException {
        throw new UnsupportedOperationException("this view of subscription '" + name() + "' cannot look rows up");
    }

    /**
     * Looks a message up by its key ({@code keyColumn}, as a producer's {@code SendOptions.key}
     * wrote it): in the inbox, and among the dead letters where they keep the key (the
     * {@code deadAtColumn} style, which leaves dead letters in the inbox, or a
     * {@code deadLetterTable} with a column of the key column's name). Reads without locks.
     *
     * <p>By default unsupported, for a view written before this method.
     *
     * @param key the key
     * @return the rows of that key, the inbox's first; empty when there is none
     * @throws SQLException when the database fails
     * @throws IllegalStateException when the subscription has no {@code keyColumn}
     */
    default List<FoundRow> findKey(String key) throws SQLException {
        throw new UnsupportedOperationException("this view of subscription '" + name() + "' cannot look keys up");
    }

    /**
     * Cancels a pending row: it becomes a dead letter with the reason {@value Cancellation#REASON}
     * (moved into the {@code deadLetterTable}, or marked in the {@code deadAtColumn}), is never
     * delivered unless requeued ({@link #requeue}), and the cancel is logged once. A row a delivery
     * holds now is not cancelled, and the cancel does not wait for it: it answers
     * {@link Cancellation.Result#IN_WORK}, to try again later.
     *
     * <p>By default unsupported, for a view written before this method.
     *
     * @param id the row's id, as text
     * @return what happened
     * @throws SQLException when the database fails (nothing changed then)
     * @throws IllegalStateException when the subscription has no dead-letter place, naming the properties
     */
    default Cancellation cancel(String id) throws SQLException {
        throw new UnsupportedOperationException("this view of subscription '" + name() + "' cannot cancel rows");
    }
}
