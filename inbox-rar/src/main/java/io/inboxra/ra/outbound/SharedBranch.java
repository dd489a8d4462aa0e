package io.inboxra.ra.outbound;

import io.inboxra.ra.config.DataSourceSettings;
import io.inboxra.ra.xa.DeliveryBranch;

import java.sql.Connection;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The claim's connection of the row lock delivery running on this thread, lent to the MDB's
 * {@code onMessage}: through {@link io.inboxra.producer.InboxProducerFactory#connection()} on the
 * same database, the MDB writes in the claim's own XA branch, so its writes and the settlement
 * commit in one phase, with no second resource in the transaction.
 *
 * <p>Lent only to code running in the delivery's own transaction: a bean method the listener
 * calls with {@code REQUIRES_NEW} or {@code NOT_SUPPORTED} runs in another transaction, or none,
 * and gets the factory's ordinary connection (enlisted in its transaction, or in none). The
 * handle ({@link LentConnection}) works only while the delivery's branch takes statements; after
 * the delivery ended, timed out or rolled back, every call fails with an {@code SQLException}.
 */
public final class SharedBranch {

    /**
     * @param database the subscription's database
     * @param connection the claim's connection
     * @param branch the delivery's branch, lent
     * @param transaction the current thread's transaction key now (the transaction's identity)
     * @param lentIn the delivery's transaction key, or null where the server tells none
     * @param thread the delivery's thread (compared where the server tells no transaction key)
     */
    record Lent(DataSourceSettings database, Connection connection, DeliveryBranch.Loan branch,
            Supplier<Object> transaction, Object lentIn, Thread thread) {

        /** @return whether the calling code runs in the delivery's transaction */
        boolean inDelivery() {
            return lentIn == null ? Thread.currentThread() == thread : Objects.equals(lentIn, transaction.get());
        }
    }

    private static final ThreadLocal<Lent> CURRENT = new ThreadLocal<>();

    private SharedBranch() {
    }

    /**
     * Lends the claim's connection while {@code invocation} runs (the listener's call).
     *
     * @param database the subscription's database, to tell whether a factory's is the same
     * @param connection the claim's connection, in the delivery's branch
     * @param branch the delivery's branch, whose lock and state every call of the handle goes through
     * @param transaction the current thread's transaction key (the server's
     *        {@code TransactionSynchronizationRegistry.getTransactionKey()}), null where it tells none
     */
    public static <T> T during(DataSourceSettings database, Connection connection, DeliveryBranch.Loan branch,
            Supplier<Object> transaction, Supplier<T> invocation) {
        Lent before = CURRENT.get();
        CURRENT.set(new Lent(database, connection, branch, transaction, transaction.get(), Thread.currentThread()));
        try {
            return invocation.get();
        } finally {
            if (before == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(before);
            }
        }
    }

    /**
     * @param database the factory's database
     * @return a handle on the claim's connection, when this thread is in a row lock delivery of that
     *         database and in its transaction (not a {@code REQUIRES_NEW} or {@code NOT_SUPPORTED}
     *         method the listener called): closing it leaves the claim's connection open; what ends
     *         the transaction is refused, and so is every call once the delivery's branch has ended
     */
    static Optional<Connection> on(DataSourceSettings database) {
        Lent lent = CURRENT.get();
        if (lent == null || !same(lent.database(), database) || !lent.inDelivery()) {
            return Optional.empty();
        }
        return Optional.of(LentConnection.of(lent));
    }

    private static boolean same(DataSourceSettings a, DataSourceSettings b) {
        return Objects.equals(a.url(), b.url()) && Objects.equals(a.user(), b.user())
                && Objects.equals(a.properties(), b.properties());
    }
}
