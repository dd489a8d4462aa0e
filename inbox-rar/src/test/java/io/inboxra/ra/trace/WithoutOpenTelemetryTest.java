package io.inboxra.ra.trace;

import org.junit.jupiter.api.Test;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The adapter on a server without OpenTelemetry: its classes, loaded where no
 * {@code io.opentelemetry} class is visible, load and link (the delivery and the producer
 * included), {@link Telemetry#find} answers {@link Telemetry#NONE}, and nothing throws
 * {@code NoClassDefFoundError}.
 */
class WithoutOpenTelemetryTest {

    /** The adapter's classes and the APIs a server gives it, without OpenTelemetry's. */
    private static URLClassLoader serverWithoutOpenTelemetry() {
        List<URL> urls = new ArrayList<>();
        for (Class<?> c : List.of(Telemetry.class, io.inboxra.InboxMessage.class, jakarta.resource.ResourceException.class,
                jakarta.transaction.Status.class, jakarta.json.bind.Jsonb.class,
                org.eclipse.microprofile.config.Config.class, org.apache.commons.pool2.ObjectPool.class)) {
            URL location = c.getProtectionDomain().getCodeSource().getLocation();
            if (!urls.contains(location)) {
                urls.add(location);
            }
        }
        return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    }

    @Test
    void theAdapterLoadsAndFindsNoTelemetryWhereNoOpenTelemetryIsVisible() throws Exception {
        try (URLClassLoader server = serverWithoutOpenTelemetry()) {
            assertThrows(ClassNotFoundException.class, () -> Class.forName(Telemetry.API_CLASS, false, server));
            for (String name : List.of("io.inboxra.ra.delivery.Delivery", "io.inboxra.ra.delivery.DeliveryTrace",
                    "io.inboxra.ra.outbound.Producer", "io.inboxra.ra.outbound.ProducerColumns",
                    "io.inboxra.ra.connection.ClaimedRow", "io.inboxra.ra.trace.Telemetry")) {
                // Initialised, and linked by their first use: no OpenTelemetry class is reached.
                Class<?> loaded = Class.forName(name, true, server);
                loaded.getDeclaredMethods();
            }
            Class<?> telemetry = Class.forName(Telemetry.class.getName(), true, server);
            Object found = telemetry.getMethod("find", String.class, String.class, ClassLoader.class)
                    .invoke(null, "Inbox subscription 'trc-none'", "traceColumn", null);
            assertSame(telemetry.getField("NONE").get(null), found);
            assertNull(telemetry.getMethod("currentContext").invoke(found));
            Class<?> start = Class.forName(SpanStart.class.getName(), true, server);
            Object span = telemetry.getMethod("start", start).invoke(found, start.getConstructors()[0]
                    .newInstance("t", Optional.empty(), "s", List.of()));
            assertEquals(server, span.getClass().getClassLoader());
            assertFalse(span.getClass().getName().contains("OpenTelemetry"));
        }
    }
}
