package io.inboxra.ra.outbound;

import io.inboxra.ra.config.DataSourceSettings;
import io.inboxra.ra.xa.BranchLoan;
import jakarta.transaction.TransactionSynchronizationRegistry;

import java.sql.Connection;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The claim's connection of a row lock delivery, lent to the MDB's {@code onMessage}: through
 * {@link io.inboxra.producer.InboxProducerFactory#connection()} on the same database, the MDB
 * writes in the claim's own XA branch, so its writes and the settlement commit in one phase,
 * with no second resource in the transaction.
 *
 * <p>The loan is a resource of the delivery's transaction ({@link
 * TransactionSynchronizationRegistry#putResource}), so it is there only for code running in that
 * transaction: a bean method the listener calls with {@code REQUIRES_NEW} or {@code NOT_SUPPORTED}
 * runs in another transaction, or none, and gets the factory's ordinary connection (enlisted in
 * its transaction, or in none). The handle ({@link LentConnection}) works only while the
 * delivery's branch takes statements; after the delivery ended, timed out or rolled back, every
 * call fails with an {@code SQLException}.
 */
public final class SharedBranch {

    /** The key of the loan among the delivery's transaction's resources. */
    private static final Object KEY = SharedBranch.class.getName() + ".lent";

    /**
     * A loan of the claim's connection to one delivery's transaction.
     *
     * @param database the subscription's database
     * @param connection the claim's connection
     * @param branch the delivery's branch, lent
     * @param registry the server's registry of the delivery's transaction
     */
    record Lent(DataSourceSettings database, Connection connection, BranchLoan branch,
            TransactionSynchronizationRegistry registry) {

        /** @return whether the calling code runs in the delivery's transaction (the loan is its resource) */
        boolean inDelivery() {
            return current(registry) == this;
        }
    }

    private SharedBranch() {
    }

    /**
     * Lends the claim's connection to the delivery's transaction while {@code invocation} runs
     * (the listener's call).
     *
     * @param registry the server's registry, whose current transaction is the delivery's
     * @param database the subscription's database, to tell whether a factory's is the same
     * @param connection the claim's connection, in the delivery's branch
     * @param branch the delivery's branch, whose lock and state every call of the handle goes through
     */
    public static <T> T during(TransactionSynchronizationRegistry registry, DataSourceSettings database,
            Connection connection, BranchLoan branch, Supplier<T> invocation) {
        Lent lent = new Lent(database, connection, branch, registry);
        registry.putResource(KEY, lent);
        try {
            return invocation.get();
        } finally {
            try {
                registry.putResource(KEY, null);
            } catch (IllegalStateException ended) {
                // The transaction ended meanwhile (a timeout rolled it back): its resources went with it.
            }
        }
    }

    /**
     * @param registry the server's registry, or empty where the server gives none
     * @param database the factory's database
     * @return a handle on the claim's connection, when this code runs in a row lock delivery's
     *         transaction on that database (not a {@code REQUIRES_NEW} or {@code NOT_SUPPORTED}
     *         method the listener called): closing it leaves the claim's connection open; what
     *         ends the transaction is refused, and so is every call once the delivery's branch
     *         has ended
     */
    static Optional<Connection> on(Optional<TransactionSynchronizationRegistry> registry, DataSourceSettings database) {
        Lent lent = registry.map(SharedBranch::current).orElse(null);
        if (lent == null || !same(lent.database(), database)) {
            return Optional.empty();
        }
        return Optional.of(LentConnection.of(lent));
    }

    /** @return the loan of the current thread's transaction, or null (none lent, or no transaction) */
    private static Lent current(TransactionSynchronizationRegistry registry) {
        try {
            return registry.getResource(KEY) instanceof Lent lent ? lent : null;
        } catch (IllegalStateException noTransaction) {
            return null;
        }
    }

    private static boolean same(DataSourceSettings a, DataSourceSettings b) {
        return Objects.equals(a.url(), b.url()) && Objects.equals(a.user(), b.user())
                && Objects.equals(a.properties(), b.properties());
    }
}
