package io.inboxra.admin;

import io.inboxra.operations.Cancellation;
import io.inboxra.operations.FoundRow;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionView;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.sql.SQLException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;

/**
 * The operators' API over {@link InboxSubscriptions}, under {@code /inbox/api/inbox-subscriptions}
 * (the subscriptions of this application only, of the request's class loader; never another's):
 * <pre>
 * GET  /inbox-subscriptions                                   every subscription, with its backlog
 * GET  /inbox-subscriptions/{name}                            one
 * GET  /inbox-subscriptions/{name}/dead-letters?max=100       its dead letters, newest first
 * POST /inbox-subscriptions/{name}/pause                      stop claiming (in work finishes)
 * POST /inbox-subscriptions/{name}/resume                     claim again
 * POST /inbox-subscriptions/{name}/dead-letters/requeue       {"ids": ["42"]}: those back into the inbox
 * POST /inbox-subscriptions/{name}/dead-letters/requeue-all   every one back
 * POST /inbox-subscriptions/{name}/dead-letters/discard       {"olderThan": "P30D"}: delete the older ones
 * GET  /inbox-subscriptions/{name}/rows/{id}                  where a row is: PENDING, IN_WORK, PROCESSED, DEAD_LETTER
 * GET  /inbox-subscriptions/{name}/keys/{key}                 the rows of a message's key (keyColumn)
 * POST /inbox-subscriptions/{name}/rows/{id}/cancel           a pending row becomes a dead letter, reason "cancelled"
 * </pre>
 * A look-up answers 404 where there is no such row; a cancel answers 200 (cancelled), 404 (no
 * pending row of that id), or 409 (in work now: try again; or the dead-letter table holds another
 * message under the id), each with {@code {"result": ..., "message": ...}}.
 * Every POST takes {@code application/json} (a plain HTML form from another site cannot send it)
 * and answers what it changed, as {@code {"changed": n}}; a requeue takes at most
 * {@value #MAX_REQUEUE_IDS} ids. A request a browser marks {@code Sec-Fetch-Site: cross-site},
 * GET or POST, is refused ({@link RequireAdminRole}). The root path is distinctive on
 * purpose: an application whose JAX-RS application scans the WAR finds this resource as well
 * (it answers 404 there, see {@link RequireAdminRole}), and a path such as {@code subscriptions}
 * would clash with the application's own resources.
 */
@Path(SubscriptionsResource.PATH)
@InboxAdminApi
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
public class SubscriptionsResource {

    /** The resource's path in the API. */
    static final String PATH = "inbox-subscriptions";

    /** The most dead letters one read returns. */
    static final int MAX_DEAD_LETTERS = 1000;

    /** The most ids one requeue takes (more: 400; requeue-all moves any number, a chunk at a time). */
    static final int MAX_REQUEUE_IDS = 1000;

    /** @param ids the dead letters to requeue, as text */
    public record Requeue(List<String> ids) {
    }

    /** @param olderThan the age beyond which dead letters are deleted, ISO-8601 ({@code PT1H}, {@code P30D}) */
    public record Discard(String olderThan) {
    }

    @GET
    public Response all() {
        return Answers.of(() -> InboxSubscriptions.all().stream().map(SubscriptionsResource::status).toList());
    }

    @GET
    @Path("{name}")
    public Response one(@PathParam("name") String name) {
        return Answers.of(() -> status(find(name)));
    }

    @GET
    @Path("{name}/dead-letters")
    public Response deadLetters(@PathParam("name") String name, @QueryParam("max") @DefaultValue("100") int max) {
        return Answers.of(() -> {
            if (max < 1 || max > MAX_DEAD_LETTERS) {
                throw new IllegalArgumentException("max is " + max + "; give 1 to " + MAX_DEAD_LETTERS);
            }
            return find(name).deadLetters(max).stream().map(DeadLetterEntry::of).toList();
        });
    }

    /** One dead letter with its whole payload (the listing shows a preview of each). */
    @GET
    @Path("{name}/dead-letters/{id}")
    public Response deadLetter(@PathParam("name") String name, @PathParam("id") String id) {
        return Answers.of(() -> DeadLetterEntry.of(find(name).deadLetter(id).orElseThrow(
                () -> new Answers.NoSuchSubscription("subscription '" + name + "' has no dead letter of id '" + id + "'"))));
    }

    @POST
    @Path("{name}/pause")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response pause(@PathParam("name") String name) {
        return Answers.of(() -> {
            SubscriptionView view = find(name);
            view.pause();
            return status(view);
        });
    }

    @POST
    @Path("{name}/resume")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response resume(@PathParam("name") String name) {
        return Answers.of(() -> {
            SubscriptionView view = find(name);
            view.resume();
            return status(view);
        });
    }

    @POST
    @Path("{name}/dead-letters/requeue")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response requeue(@PathParam("name") String name, Requeue requeue) {
        return Answers.of(() -> {
            if (requeue == null || requeue.ids() == null || requeue.ids().isEmpty()) {
                throw new IllegalArgumentException("no ids to requeue: send {\"ids\": [\"42\"]}, or POST to requeue-all");
            }
            if (requeue.ids().size() > MAX_REQUEUE_IDS) {
                throw new IllegalArgumentException(requeue.ids().size() + " ids to requeue; send at most "
                        + MAX_REQUEUE_IDS + " per request, or POST to requeue-all");
            }
            return changed(find(name).requeue(requeue.ids()));
        });
    }

    @POST
    @Path("{name}/dead-letters/requeue-all")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response requeueAll(@PathParam("name") String name) {
        return Answers.of(() -> changed(find(name).requeueAll()));
    }

    @POST
    @Path("{name}/dead-letters/discard")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response discard(@PathParam("name") String name, Discard discard) {
        return Answers.of(() -> changed(find(name).discardOlderThan(age(discard))));
    }

    /** Where a row is, by its id: in the inbox (pending, in work, processed) or among the dead letters. */
    @GET
    @Path("{name}/rows/{id}")
    public Response row(@PathParam("name") String name, @PathParam("id") String id) {
        return Answers.of(() -> RowEntry.of(find(name).findRow(id).orElseThrow(
                () -> new Answers.NoSuchSubscription("subscription '" + name + "' has no row of id '" + id + "'"))));
    }

    /** The rows of a message's key ({@code keyColumn}): in the inbox, and among dead letters that keep it. */
    @GET
    @Path("{name}/keys/{key}")
    public Response key(@PathParam("name") String name, @PathParam("key") String key) {
        return Answers.of(() -> {
            List<FoundRow> rows = find(name).findKey(key);
            if (rows.isEmpty()) {
                throw new Answers.NoSuchSubscription("subscription '" + name + "' has no row of key '" + key + "'");
            }
            return rows.stream().map(RowEntry::of).toList();
        });
    }

    /** A pending row cancelled: a dead letter with the reason "cancelled", to requeue or discard. */
    @POST
    @Path("{name}/rows/{id}/cancel")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response cancel(@PathParam("name") String name, @PathParam("id") String id) {
        return Answers.of(() -> {
            Cancellation done = find(name).cancel(id);
            Response.Status status = switch (done.result()) {
                case CANCELLED -> Response.Status.OK;
                case NOT_FOUND -> Response.Status.NOT_FOUND;
                case IN_WORK, REFUSED -> Response.Status.CONFLICT;
            };
            return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(RowEntry.CancelAnswer.of(done))
                    .build();
        });
    }

    private static Duration age(Discard discard) {
        if (discard == null || discard.olderThan() == null) {
            throw new IllegalArgumentException("no age: send {\"olderThan\": \"P30D\"} (ISO-8601; \"PT0S\" discards all)");
        }
        try {
            return Duration.parse(discard.olderThan());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("olderThan is '" + discard.olderThan()
                    + "', not an ISO-8601 duration; give one as PT1H or P30D");
        }
    }

    private static SubscriptionView find(String name) {
        return InboxSubscriptions.find(name).orElseThrow(() -> new Answers.NoSuchSubscription("no active subscription '"
                + name + "'; the active ones: " + InboxSubscriptions.all().stream().map(SubscriptionView::name).toList()));
    }

    private static SubscriptionStatus status(SubscriptionView view) {
        try {
            return SubscriptionStatus.of(view.snapshot(), SubscriptionStatus.BacklogStatus.of(view.backlog()), null);
        } catch (SQLException | RuntimeException e) {
            // The counters still tell the operator something; the page shows why the rest is missing.
            return SubscriptionStatus.of(view.snapshot(), null, String.valueOf(e.getMessage()));
        }
    }

    private static Map<String, Integer> changed(int n) {
        return Map.of("changed", n);
    }
}
