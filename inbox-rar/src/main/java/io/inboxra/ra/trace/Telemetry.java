package io.inboxra.ra.trace;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;

/**
 * Tracing across the inbox, where the server offers OpenTelemetry: the producer stores the
 * current W3C trace context with a row ({@link #currentContext}), a delivery continues it
 * ({@link #start}). This interface names no OpenTelemetry type, so that the adapter loads and
 * runs without the API: {@link #find} decides once between {@link OpenTelemetryTracing} and
 * {@link #NONE}, by whether the API is visible to the adapter's own class loader.
 *
 * <p>The stored form of a context is the {@code traceparent} header's value, followed by
 * {@code ;} and the {@code tracestate} header's value when there is one: a {@code traceparent}
 * never holds a {@code ;}, so the first one separates them.
 */
public interface Telemetry {

    /** No OpenTelemetry: no context is stored, no span started; nothing is allocated. */
    Telemetry NONE = new Telemetry() {
        @Override
        public String currentContext() {
            return null;
        }

        @Override
        public Span start(SpanStart start) {
            return Span.NONE;
        }
    };

    /** The class whose presence tells that the server offers the OpenTelemetry API. */
    String API_CLASS = "io.opentelemetry.api.GlobalOpenTelemetry";

    /** @return the current span's context, as stored in a trace column, or null when no span is current */
    String currentContext();

    /**
     * Starts a delivery's span and makes it current on this thread, so that what the listener
     * traces is its child, until {@link Span#end}, which must be called on the same thread.
     */
    Span start(SpanStart start);

    /** A delivery's span, current on the worker's thread until it ends. */
    interface Span {

        /** The span of no telemetry. */
        Span NONE = (failure, thrown) -> { };

        /**
         * Ends the span: status OK, or ERROR with why and the exception, if one was thrown.
         *
         * @param failure why the delivery did not commit, or null when it committed
         * @param thrown the exception of the failure (the listener's, the commit's), or null
         */
        void end(String failure, Throwable thrown);

        /**
         * Stops being current on this thread, the span still open: called before
         * {@code afterDelivery}, so that the span's scope nests inside the container's
         * {@code beforeDelivery}/{@code afterDelivery} and never puts back a context the
         * container has since left. {@link #end} leaves first if this was not called.
         */
        default void leave() {
        }
    }

    /**
     * The OpenTelemetry of the server, where the adapter can see its API; else {@link #NONE}, with
     * one warning that names the fix when {@code configured} asks for traces.
     *
     * @param who the subscription or factory whose property asks for it, for the warning
     * @param property the property that asks for it ({@code traceColumn})
     * @param application the application's class loader, to tell whether only the application sees the API
     */
    static Telemetry find(String who, String property, ClassLoader application) {
        ClassLoader adapter = Telemetry.class.getClassLoader();
        if (isVisible(adapter)) {
            try {
                // By name: the class links against the API, which only now is known to be there.
                return (Telemetry) Class.forName(Telemetry.class.getPackageName() + ".OpenTelemetryTracing", true, adapter)
                        .getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException | LinkageError e) {
                System.getLogger(Telemetry.class.getName()).log(Level.WARNING, who + ": '" + property + "' is set but"
                        + " the server's OpenTelemetry API could not be used (" + e + "); rows are sent and delivered"
                        + " without traces", e);
                return NONE;
            }
        }
        Logger log = System.getLogger(Telemetry.class.getName());
        log.log(Level.WARNING, who + ": '" + property + "' is set but the resource adapter sees no OpenTelemetry API ("
                + API_CLASS + ")" + (application != null && isVisible(application) ? ", although the application"
                + " does: make the server's OpenTelemetry API visible to resource adapters (docs/tracing.md)"
                : ": enable the server's MicroProfile Telemetry (docs/tracing.md)")
                + "; rows are sent and delivered without traces");
        return NONE;
    }

    private static boolean isVisible(ClassLoader loader) {
        try {
            Class.forName(API_CLASS, false, loader);
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
