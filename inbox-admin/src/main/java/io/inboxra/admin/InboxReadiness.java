package io.inboxra.admin;

import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionSnapshot;
import io.inboxra.operations.SubscriptionState;
import io.inboxra.operations.SubscriptionView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * The readiness check {@code inbox}: DOWN while any subscription of the application is in an outage
 * (its database fails), stalled (a worker's database does not answer) or stopped, UP otherwise (a
 * paused subscription is ready: an operator chose it). Its data has one entry per subscription,
 * {@code inbox:<name>}, with the state and, in an outage or a stall, since when; never the error
 * itself, which may name hosts and users, on an endpoint anyone may ask (the operators' API shows it):
 * <pre>
 * {"name": "inbox", "status": "DOWN", "data": {"inbox:invoices": "OUTAGE since 2026-12-01T10:00:00Z"}}
 * </pre>
 * One check with an entry per subscription, not a check each: MicroProfile Health asks a fixed
 * set of CDI beans, found at deployment, for one answer each, while subscriptions come and go
 * with their activations. The application's subscriptions are those of its class loader, taken
 * as it starts (the server may call health checks on threads of its own).
 */
@Readiness
@ApplicationScoped
public class InboxReadiness implements HealthCheck {

    /** The check's name. */
    public static final String NAME = "inbox";

    /** The application's class loader, from its start; until then the caller's. */
    private volatile ClassLoader application;

    void start(@Observes @Initialized(ApplicationScoped.class) Object started) {
        application = CallingApplication.loader();
    }

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder response = HealthCheckResponse.named(NAME);
        boolean up = true;
        ClassLoader loader = application;
        for (SubscriptionView view : InboxSubscriptions.of(loader != null ? loader : CallingApplication.loader())) {
            SubscriptionSnapshot s = view.snapshot();
            // An operator's pause is ready; a pause of its own after failed deliveries in a row is not.
            boolean ready = s.state() == SubscriptionState.RUNNING
                    || s.state() == SubscriptionState.PAUSED && s.pausedBecause().isEmpty();
            up &= ready;
            response.withData("inbox:" + s.name(), ready ? s.state().name() : describe(s));
        }
        return response.status(up).build();
    }

    private static String describe(SubscriptionSnapshot s) {
        StringBuilder text = new StringBuilder(s.state().name());
        s.outageSince().ifPresent(since -> text.append(" since ").append(since));
        // Not the reason itself, which carries the last error (hosts, users): /health answers anybody.
        s.pausedBecause().ifPresent(why -> text.append(" by itself (pauseAfterFailures)"));
        return text.toString();
    }
}
