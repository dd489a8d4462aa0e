package io.inboxra.ra.recovery;


import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Collection;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Hands the adapter's XA resources to Payara's transaction recovery, so that a delivery's branch
 * left prepared by a crash gets the transaction manager's logged decision. Payara's own inbound
 * recovery calls {@code ResourceAdapter.getXAResources} and discards the result; what it does
 * use, on every recovery pass, are the listeners of its {@code RecoveryResourceRegistry}
 * (internal API, looked up by reflection: the adapter needs no Payara jar, and on any other
 * server this does nothing).
 *
 * <p>The registry has no {@code removeListener}, and its listeners are static: a listener
 * registered by one deployment of the adapter outlives it. So the adapter registers one listener
 * per server, a {@link SharedListener}, and each started adapter (this deployment's or a later
 * one's, each with its own class loader) adds itself to that listener as a plain
 * {@link InvocationHandler}, and takes itself off again when it stops.
 */
public final class PayaraRecovery {

    private static final Logger LOG = System.getLogger(PayaraRecovery.class.getName());
    static final String REGISTRY = "com.sun.enterprise.transaction.api.RecoveryResourceRegistry";
    static final String LISTENER = "com.sun.enterprise.transaction.spi.RecoveryResourceListener";

    private PayaraRecovery() {
    }

    /**
     * Registers the adapter with Payara's recovery, if this is Payara.
     *
     * @param subscriptions the adapter's active subscriptions, asked on each recovery pass
     * @return what takes the adapter off again (at {@code stop()}); does nothing if nothing was registered
     */
    public static Runnable register(Supplier<Collection<? extends Recoverable>> subscriptions) {
        return register(subscriptions, PayaraRecovery.class.getClassLoader());
    }

    static Runnable register(Supplier<Collection<? extends Recoverable>> subscriptions, ClassLoader loader) {
        Class<?> registryClass;
        Class<?> listenerClass;
        try {
            registryClass = Class.forName(REGISTRY, true, loader);
            listenerClass = Class.forName(LISTENER, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            LOG.log(Level.INFO, "Inbox resource adapter: no Payara transaction recovery here (" + REGISTRY
                    + " not visible); in-doubt branches are left to the server's use of getXAResources"
                    + " and to the adapter's in-doubt resolver");
            return () -> { };
        }
        try {
            AdapterRecovery adapter = new AdapterRecovery(subscriptions);
            boolean[] registered = new boolean[1];
            Runnable remove = sharedListener(registryClass, listenerClass, registered).apply(adapter);
            LOG.log(Level.INFO, "Inbox resource adapter: " + (registered[0] ? "registered with" : "joined the listener"
                    + " an earlier deployment registered in") + " Payara's transaction recovery"
                    + " (RecoveryResourceRegistry); each recovery pass gets an XA resource of every active"
                    + " subscription's database");
            return () -> {
                remove.run();
                adapter.close();
            };
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.log(Level.WARNING, "Inbox resource adapter: cannot register with Payara's transaction recovery;"
                    + " after a crash, in-doubt branches wait for the adapter's in-doubt resolver: " + e, e);
            return () -> { };
        }
    }

    /**
     * The server's one {@link SharedListener}: the one already registered (by this or an earlier
     * deployment, recognised by its class name, since each deployment has its own class loader),
     * or a new one, registered now.
     */
    @SuppressWarnings("unchecked")
    private static Function<InvocationHandler, Runnable> sharedListener(Class<?> registryClass, Class<?> listenerClass,
            boolean[] registered) throws ReflectiveOperationException {
        Object registry = registryClass.getConstructor().newInstance();
        Method getListeners = registryClass.getMethod("getListeners");
        Method addListener = registryClass.getMethod("addListener", listenerClass);
        // The registry's sets are static and unsynchronised: every deployment of the adapter locks
        // the same Class object (Payara's) while it looks and adds.
        synchronized (registryClass) {
            for (Object listener : (Set<?>) getListeners.invoke(registry)) {
                if (Proxy.isProxyClass(listener.getClass())) {
                    InvocationHandler handler = Proxy.getInvocationHandler(listener);
                    if (handler.getClass().getName().equals(SharedListener.class.getName())
                            && handler instanceof Function<?, ?> shared) {
                        return (Function<InvocationHandler, Runnable>) shared;
                    }
                }
            }
            SharedListener shared = new SharedListener();
            Object proxy = Proxy.newProxyInstance(listenerClass.getClassLoader(), new Class<?>[] {listenerClass}, shared);
            addListener.invoke(registry, proxy);
            registered[0] = true;
            return shared;
        }
    }
}
