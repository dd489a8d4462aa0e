package io.inboxra.soak.app;

import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The runner's sample of this instance: {@code POST /soak/api/stats} reads and resets {@link Meter}. */
@Path("stats")
public class StatsResource {

    @POST
    @Produces(MediaType.APPLICATION_JSON)
    public String sample() {
        return Meter.readAndReset();
    }
}
