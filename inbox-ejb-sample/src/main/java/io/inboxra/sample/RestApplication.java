package io.inboxra.sample;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The sample's REST API under {@code /api}. */
@ApplicationPath("api")
public class RestApplication extends Application {
}
