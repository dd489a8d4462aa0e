package io.inboxra.soak.app;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The soak application's REST endpoints, under {@code /soak/api}. */
@ApplicationPath("api")
public class SoakApi extends Application {
}
