package io.inboxra.ra.outbound;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;

/**
 * The handle on the claim's connection that {@link SharedBranch} lends to the listener, and
 * every statement, result set and metadata it hands out. Each call runs through the delivery's
 * branch ({@link io.inboxra.ra.xa.BranchLoan}): under the branch's lock, so that a
 * transaction manager ending the branch from another thread (a timeout's rollback) never runs
 * beside it, and only while the branch takes statements. After the delivery ended, timed out or
 * rolled back, the driver's connection is in autocommit or serves the worker's next delivery: a
 * write through it would commit alone, so every call fails. Nothing hands out the driver's own
 * connection ({@code unwrap}, {@code Statement.getConnection}).
 */
final class LentConnection implements InvocationHandler {

    /** What the branch's owner decides: the container commits or rolls back, the adapter settles. */
    private static final Set<String> REFUSED = Set.of("commit", "rollback", "setAutoCommit", "setSavepoint",
            "releaseSavepoint", "setTransactionIsolation", "abort", "setReadOnly");
    /** Calls that end or describe the handle itself: no statement runs, whatever the branch's state. */
    private static final Set<String> LOCAL = Set.of("close", "isClosed", "equals", "hashCode", "toString", "unwrap",
            "isWrapperFor");
    /** The JDBC objects handed out through the handle, wrapped in turn. */
    private static final Set<Class<?>> WRAPPED = Set.of(Statement.class, PreparedStatement.class,
            CallableStatement.class, ResultSet.class, DatabaseMetaData.class);

    private final SharedBranch.Lent lent;
    private final Object target;
    private final Class<?> type;
    private final Connection handle;
    private volatile boolean closed;

    private LentConnection(SharedBranch.Lent lent, Object target, Class<?> type, Connection handle) {
        this.lent = lent;
        this.target = target;
        this.type = type;
        this.handle = handle;
    }

    /** @return a new handle on the lent claim's connection */
    static Connection of(SharedBranch.Lent lent) {
        LentConnection connection = new LentConnection(lent, lent.connection(), Connection.class, null);
        return connection.proxy();
    }

    private Connection proxy() {
        return (Connection) Proxy.newProxyInstance(LentConnection.class.getClassLoader(), new Class<?>[] {type}, this);
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        Connection self = handle == null ? (Connection) proxy : handle;
        String name = method.getName();
        if (LOCAL.contains(name)) {
            return local(proxy, method, args);
        }
        if (handle == null && closed) {
            throw new SQLException("This connection is closed; ask the factory for another");
        }
        if (handle == null && REFUSED.contains(name)) {
            throw new SQLException("Connection." + name + " is refused on the claim's connection: it is in the"
                    + " delivery's transaction, which the container ends");
        }
        if (!lent.inDelivery()) {
            throw new SQLException("The claim's connection is lent to the delivery's own transaction only, and this"
                    + " code runs in another transaction or in none (a REQUIRES_NEW or NOT_SUPPORTED bean method,"
                    + " another thread); ask the inbox producer factory for a connection there", "25000");
        }
        Object result;
        try {
            result = lent.branch().run(() -> call(target, method, args));
        } catch (io.inboxra.ra.xa.TransactionEndedException e) {
            throw new SQLException("The claim's connection lent to this delivery takes no more statements: "
                    + e.getMessage() + ". A write after the delivery's transaction ended (a timeout rolled it back)"
                    + " would commit outside it", "25000", e);
        }
        return wrap(self, method.getReturnType(), result);
    }

    private Object local(Object proxy, Method method, Object[] args) throws Throwable {
        switch (method.getName()) {
            case "close":
                if (handle == null) {
                    closed = true;
                    return null;
                }
                // Closing a statement or result set runs nothing in the transaction: always allowed.
                return call(target, method, args);
            case "isClosed":
                return handle == null ? closed || lent.connection().isClosed() : call(target, method, args);
            case "equals":
                return proxy == args[0];
            case "hashCode":
                return System.identityHashCode(proxy);
            case "toString":
                return "the claim's connection lent to the delivery (" + target + ")";
            case "isWrapperFor":
                return ((Class<?>) args[0]).isInstance(proxy);
            default: // unwrap
                Class<?> wanted = (Class<?>) args[0];
                if (wanted.isInstance(proxy)) {
                    return proxy;
                }
                throw new SQLException("unwrap(" + wanted.getName() + ") is refused on the claim's connection lent to"
                        + " the delivery: the driver's own objects could commit outside the delivery's transaction;"
                        + " use the java.sql interfaces");
        }
    }

    private Object wrap(Connection self, Class<?> returned, Object result) {
        if (result == null) {
            return null;
        }
        if (returned == Connection.class) {
            return self;
        }
        if (WRAPPED.contains(returned)) {
            return Proxy.newProxyInstance(LentConnection.class.getClassLoader(), new Class<?>[] {returned},
                    new LentConnection(lent, result, returned, self));
        }
        return result;
    }

    private static Object call(Object target, Method method, Object[] args) throws SQLException {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof SQLException sql) {
                throw sql;
            }
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new SQLException(cause);
        } catch (IllegalAccessException e) {
            throw new SQLException(e);
        }
    }
}
