package io.inboxra.it.app;

import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionSnapshot;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import java.util.stream.Collectors;

/**
 * The adapter's subscriptions as an application sees them through {@code inbox-api}'s
 * registry: one line per subscription, {@code name state delivered}.
 */
@Path("subscriptions")
public class Subscriptions {

    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public String list() {
        return InboxSubscriptions.all().stream().map(view -> {
            SubscriptionSnapshot now = view.snapshot();
            return now.name() + " " + now.state() + " " + now.delivered();
        }).collect(Collectors.joining("\n"));
    }
}
