package io.inboxra.it.trace;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The JAX-RS application of the tracing WAR, at {@code /api}. */
@ApplicationPath("api")
public class TracingApplication extends Application {
}
