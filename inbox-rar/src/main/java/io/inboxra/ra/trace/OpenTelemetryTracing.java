package io.inboxra.ra.trace;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link Telemetry} with the server's OpenTelemetry (the application's bean, else the global
 * one: {@link ApplicationTelemetry}), loaded only where its API is visible ({@link Telemetry#find}),
 * one per subscription (and one per producer factory, which needs only the API's context). Contexts are
 * written and read by the API's own W3C propagator, which also checks what a row holds: a
 * missing or malformed {@code traceparent} yields no parent, and the span is a root.
 *
 * <p>The span follows OpenTelemetry's messaging conventions: {@code inbox process <table>}, kind
 * CONSUMER, {@code messaging.system=inbox}, {@code messaging.operation.type=process}, the
 * destination the table, the subscription, the queue ({@code inbox.queue}); one row is the
 * span's parent ({@code messaging.message.id}, {@code inbox.attempt}), several are its links
 * (each with those two) and {@code messaging.batch.message_count}.
 */
public final class OpenTelemetryTracing implements Telemetry {

    private static final String SCOPE = "io.inboxra";
    private static final AttributeKey<String> MESSAGE_ID = AttributeKey.stringKey("messaging.message.id");
    private static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("inbox.attempt");

    private static final TextMapGetter<Map<String, String>> GETTER = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Map<String, String> carrier) {
            return carrier.keySet();
        }

        @Override
        public String get(Map<String, String> carrier, String key) {
            return carrier == null ? null : carrier.get(key);
        }
    };

    /** The tracer of the instance it came from; replaced when the server's instance changes. */
    private record Cached(OpenTelemetry of, Tracer tracer) {
    }

    private volatile Cached cached;
    private final ApplicationTelemetry instance = new ApplicationTelemetry();
    /** The longest context stored: a trace column of {@code VARCHAR(600)} holds it. */
    static final int MAX_CONTEXT = 600;

    /** Made by {@link Telemetry#find}, by name. */
    public OpenTelemetryTracing() {
    }

    @Override
    public String currentContext() {
        Context current = Context.current();
        if (!io.opentelemetry.api.trace.Span.fromContext(current).getSpanContext().isValid()) {
            return null;
        }
        Map<String, String> carrier = new HashMap<>(4);
        W3CTraceContextPropagator.getInstance().inject(current, carrier, Map::put);
        String parent = carrier.get("traceparent");
        String state = carrier.get("tracestate");
        if (parent == null) {
            return null;
        }
        // A tracestate may run to thousands of characters: past the column's documented 600, the
        // traceparent alone, so that tracing never fails a send.
        return state == null || state.isEmpty() || parent.length() + 1 + state.length() > MAX_CONTEXT ? parent
                : parent + ";" + state;
    }

    @Override
    public Span start(SpanStart start) {
        SpanBuilder builder = tracer().spanBuilder("inbox process " + start.table())
                .setSpanKind(SpanKind.CONSUMER)
                .setNoParent()
                .setAttribute("messaging.system", "inbox")
                .setAttribute("messaging.operation.type", "process")
                .setAttribute("messaging.operation.name", "process")
                .setAttribute("messaging.destination.name", start.table())
                .setAttribute("messaging.destination.subscription.name", start.subscription());
        start.queue().ifPresent(queue -> builder.setAttribute("inbox.queue", queue));
        List<SpanStart.Message> messages = start.messages();
        if (messages.size() == 1) {
            SpanStart.Message one = messages.get(0);
            builder.setAttribute(MESSAGE_ID, one.id()).setAttribute(ATTEMPT, (long) one.attempt());
            SpanContext parent = stored(one.context());
            if (parent.isValid()) {
                builder.setParent(Context.root().with(io.opentelemetry.api.trace.Span.wrap(parent)));
            }
        } else {
            builder.setAttribute("messaging.batch.message_count", (long) messages.size());
            for (SpanStart.Message message : messages) {
                SpanContext linked = stored(message.context());
                if (linked.isValid()) {
                    builder.addLink(linked, Attributes.of(MESSAGE_ID, message.id(), ATTEMPT, (long) message.attempt()));
                }
            }
        }
        io.opentelemetry.api.trace.Span span = builder.startSpan();
        Scope scope = span.makeCurrent();
        return new Span() {
            private boolean current = true;

            @Override
            public void leave() {
                if (current) {
                    current = false;
                    scope.close();
                }
            }

            @Override
            public void end(String failure, Throwable thrown) {
                try {
                    leave();
                } finally {
                    if (failure == null) {
                        span.setStatus(StatusCode.OK);
                    } else {
                        if (thrown != null) {
                            span.recordException(thrown);
                        }
                        span.setStatus(StatusCode.ERROR, failure);
                    }
                    span.end();
                }
            }
        };
    }

    /** @return the span context a row holds, invalid when it holds none or one the propagator refuses */
    private static SpanContext stored(String context) {
        if (context == null || context.isBlank()) {
            return SpanContext.getInvalid();
        }
        int semicolon = context.indexOf(';');
        Map<String, String> carrier = new HashMap<>(4);
        carrier.put("traceparent", (semicolon < 0 ? context : context.substring(0, semicolon)).trim());
        if (semicolon >= 0) {
            carrier.put("tracestate", context.substring(semicolon + 1).trim());
        }
        try {
            Context extracted = W3CTraceContextPropagator.getInstance().extract(Context.root(), carrier, GETTER);
            return io.opentelemetry.api.trace.Span.fromContext(extracted).getSpanContext();
        } catch (RuntimeException e) {
            // Whatever a row holds, the delivery goes on: with no parent.
            return SpanContext.getInvalid();
        }
    }

    private Tracer tracer() {
        OpenTelemetry current = instance.get();
        Cached c = cached;
        if (c == null || c.of() != current) {
            // Two workers at once may both build it: the same tracer, no harm.
            c = new Cached(current, current.getTracer(SCOPE));
            cached = c;
        }
        return c.tracer();
    }
}
