package io.inboxra.it.once;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The JAX-RS application of the receiving-once WAR, at {@code /api}. */
@ApplicationPath("api")
public class OnceApplication extends Application {
}
