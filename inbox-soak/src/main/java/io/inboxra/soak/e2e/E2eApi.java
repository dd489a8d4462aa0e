package io.inboxra.soak.e2e;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The end-to-end application's endpoints, under {@code /e2e/api}. */
@ApplicationPath("api")
public class E2eApi extends Application {
}
