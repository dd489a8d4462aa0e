package io.inboxra.harness;

import io.inboxra.dialect.Statement;
import org.postgresql.xa.PGXADataSource;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.XAConnection;

/**
 * The PostgreSQL data source of a subscription ({@code dataSourceClass}) whose statements of one
 * role a test holds back: each execution fails as a database error would, and is counted. The
 * test names the role by the statement the dialect builds for it, so the hold follows any
 * change of that statement's text.
 *
 * <pre>{@code
 * try (HeldBackStatements.Hold heartbeats = HeldBackStatements.hold(new PostgresDialect().extendLease(spec))) {
 *     p.put("dataSourceClass", HeldBackStatements.class.getName());
 *     ...
 *     assertTrue(heartbeats.refusals() > 0);
 * }
 * }</pre>
 */
public class HeldBackStatements extends PGXADataSource {

    private static final long serialVersionUID = 1L;
    private static final Map<String, AtomicInteger> HELD = new ConcurrentHashMap<>();
    private static final Set<String> EXECUTIONS = Set.of("execute", "executeQuery", "executeUpdate", "executeLargeUpdate");

    /** One statement held back until closed. */
    public static final class Hold implements AutoCloseable {
        private final String sql;
        private final AtomicInteger refusals = new AtomicInteger();

        private Hold(String sql) {
            this.sql = sql;
        }

        /** @return how many executions of the statement were refused so far */
        public int refusals() {
            return refusals.get();
        }

        @Override
        public void close() {
            HELD.remove(sql, refusals);
        }
    }

    /** Refuses every execution of {@code statement} on connections of this class, until the hold is closed. */
    public static Hold hold(Statement statement) {
        Hold hold = new Hold(statement.sql());
        if (HELD.putIfAbsent(hold.sql, hold.refusals) != null) {
            throw new IllegalStateException("already held back: " + hold.sql);
        }
        return hold;
    }

    @Override
    public XAConnection getXAConnection() throws SQLException {
        return watched(super.getXAConnection());
    }

    @Override
    public XAConnection getXAConnection(String user, String password) throws SQLException {
        return watched(super.getXAConnection(user, password));
    }

    private static XAConnection watched(XAConnection xa) {
        return proxy(XAConnection.class, xa, (method, result, args) ->
                method.equals("getConnection") ? proxy(Connection.class, result, HeldBackStatements::prepared) : result);
    }

    private static Object prepared(String method, Object result, Object[] args) {
        AtomicInteger refusals = method.equals("prepareStatement") ? HELD.get((String) args[0]) : null;
        if (refusals == null) {
            return result;
        }
        return Proxy.newProxyInstance(PreparedStatement.class.getClassLoader(), new Class<?>[] {PreparedStatement.class},
                (proxy, called, callArgs) -> {
                    if (EXECUTIONS.contains(called.getName()) && HELD.get((String) args[0]) == refusals) {
                        refusals.incrementAndGet();
                        // The SQLSTATE of a RAISE EXCEPTION: a statement the database refused, the connection fine.
                        throw new SQLException("held back by the test: " + args[0], "P0001");
                    }
                    return invoke(called, result, callArgs);
                });
    }

    /** What a proxy does with a result before handing it on. */
    private interface Wrapping {
        Object wrap(String method, Object result, Object[] args);
    }

    private static <T> T proxy(Class<T> type, Object target, Wrapping wrapping) {
        InvocationHandler handler = (proxy, method, args) -> wrapping.wrap(method.getName(), invoke(method, target, args), args);
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
    }

    private static Object invoke(java.lang.reflect.Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
