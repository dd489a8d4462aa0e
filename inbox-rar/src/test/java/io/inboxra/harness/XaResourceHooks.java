package io.inboxra.harness;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import javax.sql.XAConnection;
import javax.sql.XADataSource;
import javax.transaction.xa.XAResource;

/**
 * A real XA data source whose resources' calls pass through a hook first: to count the decisions
 * sent, or to answer one without passing it on (a database that acknowledges and does nothing),
 * with the real database behind every other call.
 *
 * <pre>{@code
 * XADataSource counted = XaResourceHooks.hooked(real, call -> {
 *     if (call.name().equals("commit")) commits.incrementAndGet();
 *     return call.proceed();
 * });
 * }</pre>
 */
public final class XaResourceHooks {

    private XaResourceHooks() {
    }

    /** Sees each call of an XA resource first. */
    @FunctionalInterface
    public interface Hook {
        /** @return the call's answer: {@link Call#proceed()}'s to pass it on */
        Object call(Call call) throws Throwable;
    }

    /** A call of an XA resource. */
    public record Call(XAResource resource, Method method, Object[] args) {
        public String name() {
            return method.getName();
        }

        /** @return the real resource's answer */
        public Object proceed() throws Throwable {
            return invoke(resource, method, args);
        }
    }

    /** @return {@code real}, its XA resources' calls passed through {@code hook} */
    public static XADataSource hooked(XADataSource real, Hook hook) {
        return proxy(XADataSource.class, (method, args) -> {
            Object result = invoke(real, method, args);
            return result instanceof XAConnection c ? hooked(c, hook) : result;
        });
    }

    private static XAConnection hooked(XAConnection real, Hook hook) {
        return proxy(XAConnection.class, (method, args) -> {
            Object result = invoke(real, method, args);
            return result instanceof XAResource r
                    ? proxy(XAResource.class, (m, a) -> hook.call(new Call(r, m, a)))
                    : result;
        });
    }

    private interface Forward {
        Object call(Method method, Object[] args) throws Throwable;
    }

    private static <T> T proxy(Class<T> type, Forward forward) {
        return type.cast(Proxy.newProxyInstance(XaResourceHooks.class.getClassLoader(), new Class<?>[] {type},
                (p, method, args) -> forward.call(method, args)));
    }

    private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
