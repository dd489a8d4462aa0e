package io.inboxra.ra.trace;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;

import java.lang.System.Logger.Level;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;

/**
 * The {@link OpenTelemetry} a delivery's span is made with. MicroProfile Telemetry gives each
 * application its own as a CDI bean, and some servers (Open Liberty) set no global one on
 * purpose; so it is looked up first as the application's bean, through {@code CDI.current()} on
 * the worker's thread once {@code beforeDelivery} has set the MDB's context there, and kept once
 * found (one subscription, one application). Where there is no CDI, or it has no such bean, it
 * is {@link GlobalOpenTelemetry}, asked at each use without setting it (its {@code get()} would
 * fix the no-op for good before a server set it). CDI is reached by reflection: its API is not the adapter's dependency.
 */
final class ApplicationTelemetry {

    private static final String CDI = "jakarta.enterprise.inject.spi.CDI";

    /** The application's bean, once found. */
    private volatile OpenTelemetry bean;
    /** Whether the application's bean was looked for and is not there: the global one from now on. */
    private volatile boolean global;

    /** @return the application's OpenTelemetry, else the global one */
    OpenTelemetry get() {
        OpenTelemetry found = bean;
        if (found != null) {
            return found;
        }
        if (!global) {
            found = fromCdi();
            if (found != null) {
                bean = found;
                return found;
            }
            global = true;
        }
        return global();
    }

    /**
     * The global instance, without setting it: {@code GlobalOpenTelemetry.get()} sets the no-op for
     * good when nothing is set yet, and a server, an agent or another application setting it later
     * would then fail. An API older than {@code getOrNoop} leaves only {@code get()}.
     */
    private static OpenTelemetry global() {
        try {
            return GlobalOpenTelemetry.getOrNoop();
        } catch (NoSuchMethodError older) {
            return GlobalOpenTelemetry.get();
        }
    }

    private static OpenTelemetry fromCdi() {
        for (ClassLoader loader : new ClassLoader[] {Thread.currentThread().getContextClassLoader(),
                ApplicationTelemetry.class.getClassLoader()}) {
            if (loader == null) {
                continue;
            }
            try {
                Class<?> cdi = Class.forName(CDI, true, loader);
                Object current = cdi.getMethod("current").invoke(null);
                Method select = cdi.getMethod("select", Class.class, Annotation[].class);
                Object instance = select.invoke(current, OpenTelemetry.class, new Annotation[0]);
                Class<?> type = Class.forName("jakarta.enterprise.inject.Instance", false, cdi.getClassLoader());
                if ((Boolean) type.getMethod("isResolvable").invoke(instance)) {
                    return (OpenTelemetry) type.getMethod("get").invoke(instance);
                }
            } catch (ClassNotFoundException e) {
                // No CDI seen from this loader: the next, or the global instance.
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                // CDI there but not for this thread (no application context), or no bean: the global instance.
                System.getLogger(ApplicationTelemetry.class.getName()).log(Level.DEBUG,
                        () -> "Inbox tracing: no OpenTelemetry bean of the application (" + e + "); GlobalOpenTelemetry");
            }
        }
        return null;
    }
}
