package io.inboxra.ra.recovery;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import javax.transaction.xa.XAResource;

/**
 * The one {@code RecoveryResourceListener} the adapter registers with a Payara server (as a
 * {@link java.lang.reflect.Proxy}), for its whole life: it asks every started adapter, whichever
 * deployment it came from, and answers nothing when none is started. Adapters join and leave
 * through {@link #apply}, which takes and returns only JDK types, since a later deployment's
 * classes are not this one's.
 */
final class SharedListener implements InvocationHandler, Function<InvocationHandler, Runnable> {

    private static final Logger LOG = System.getLogger(SharedListener.class.getName());
    private final List<InvocationHandler> adapters = new CopyOnWriteArrayList<>();

    /** Adds a started adapter; the returned action takes it off again. */
    @Override
    public Runnable apply(InvocationHandler adapter) {
        adapters.add(adapter);
        return () -> adapters.remove(adapter);
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        switch (method.getName()) {
            case "getXAResources":
                List<XAResource> resources = new ArrayList<>();
                for (InvocationHandler adapter : adapters) {
                    Object answer = ask(adapter, proxy, method, args);
                    if (answer instanceof XAResource[] some) {
                        resources.addAll(List.of(some));
                    }
                }
                return resources.toArray(new XAResource[0]);
            case "recoveryStarted":
            case "recoveryCompleted":
                for (InvocationHandler adapter : adapters) {
                    ask(adapter, proxy, method, args);
                }
                return null;
            case "equals":
                return proxy == args[0];
            case "hashCode":
                return System.identityHashCode(proxy);
            case "toString":
                return "Inbox RA recovery listener (" + adapters.size() + " adapter(s) started)";
            default:
                throw new UnsupportedOperationException(method.toString());
        }
    }

    /** One adapter's failure never keeps the others' resources from the recovery pass. */
    private static Object ask(InvocationHandler adapter, Object proxy, Method method, Object[] args) throws Throwable {
        try {
            return adapter.invoke(proxy, method, args);
        } catch (Exception | LinkageError e) {
            LOG.log(Level.WARNING, "Inbox resource adapter: " + method.getName() + " for Payara's recovery failed: " + e, e);
            return null;
        }
    }
}
