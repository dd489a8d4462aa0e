package io.inboxra.it.pause;

import io.inboxra.operations.InboxSubscriptions;
import jakarta.ejb.EJB;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Application;

/**
 * What the test asks the application: the MDB's calls, and the resume of its subscription
 * through {@code inbox-api}'s registry, as the application's own operator code would.
 */
@Path("pause")
public class PauseApi {

    @EJB
    private Calls calls;

    @GET
    @Path("calls")
    public String calls() {
        return String.valueOf(calls.count());
    }

    @POST
    @Path("resume")
    public void resume() {
        InboxSubscriptions.find("PausingWatched").orElseThrow().resume();
    }

    /** The test application's JAX-RS root. */
    @ApplicationPath("api")
    public static class Root extends Application {
    }
}
