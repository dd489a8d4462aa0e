package io.inboxra.ra.outbound;

import io.inboxra.ra.config.DataSourceSettings;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The claim's connection of the row lock delivery running on this thread, lent to the MDB's
 * {@code onMessage}: through {@link io.inboxra.producer.InboxProducerFactory#connection()} on the
 * same database, the MDB writes in the claim's own XA branch, so its writes and the settlement
 * commit in one phase, with no second resource in the transaction.
 */
public final class SharedBranch {

    private record Lent(DataSourceSettings database, Connection connection) {
    }

    private static final ThreadLocal<Lent> CURRENT = new ThreadLocal<>();

    /** What the branch's owner decides: the container commits or rolls back, the adapter settles. */
    private static final Set<String> REFUSED = Set.of("commit", "rollback", "setAutoCommit", "setSavepoint",
            "releaseSavepoint", "setTransactionIsolation", "abort", "setReadOnly");

    private SharedBranch() {
    }

    /**
     * Lends the claim's connection while {@code invocation} runs (the listener's call).
     *
     * @param database the subscription's database, to tell whether a factory's is the same
     * @param connection the claim's connection, in the delivery's branch
     */
    public static <T> T during(DataSourceSettings database, Connection connection, Supplier<T> invocation) {
        Lent before = CURRENT.get();
        CURRENT.set(new Lent(database, connection));
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
     *         database: closing it leaves the claim's connection open; what ends the transaction is refused
     */
    static Optional<Connection> on(DataSourceSettings database) {
        Lent lent = CURRENT.get();
        if (lent == null || !same(lent.database(), database)) {
            return Optional.empty();
        }
        return Optional.of(handle(lent.connection()));
    }

    private static boolean same(DataSourceSettings a, DataSourceSettings b) {
        return Objects.equals(a.url(), b.url()) && Objects.equals(a.user(), b.user())
                && Objects.equals(a.properties(), b.properties());
    }

    private static Connection handle(Connection claim) {
        boolean[] closed = {false};
        return (Connection) Proxy.newProxyInstance(SharedBranch.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "close" -> {
                        closed[0] = true;
                        yield null;
                    }
                    case "isClosed" -> closed[0] || claim.isClosed();
                    case "unwrap", "isWrapperFor" -> invoke(claim, method, args);
                    case "equals" -> proxy == args[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "toString" -> "the claim's connection (" + claim + ")";
                    default -> {
                        if (closed[0]) {
                            throw new SQLException("This connection is closed; ask the factory for another");
                        }
                        if (REFUSED.contains(method.getName())) {
                            throw new SQLException("Connection." + method.getName() + " is refused on the claim's"
                                    + " connection: it is in the delivery's transaction, which the container ends");
                        }
                        yield invoke(claim, method, args);
                    }
                });
    }

    private static Object invoke(Connection target, java.lang.reflect.Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
