package io.inboxra.soak.e2e;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The runner's reads: {@code GET latencies}, {@code GET throughput}, {@code POST throughput/reset}. */
@Path("")
@Produces(MediaType.TEXT_PLAIN)
public class E2eResource {

    @GET
    @Path("latencies")
    public String latencies() {
        return E2eMeter.latencies();
    }

    @GET
    @Path("throughput")
    public String throughput() {
        return E2eMeter.throughput();
    }

    @POST
    @Path("throughput/reset")
    public String reset() {
        E2eMeter.resetThroughput();
        return "ok";
    }
}
