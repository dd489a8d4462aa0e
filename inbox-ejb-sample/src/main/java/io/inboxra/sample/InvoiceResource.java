package io.inboxra.sample;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;

import java.net.URI;
import java.sql.SQLException;
import java.util.List;

/**
 * Watch the sample work:
 * <pre>
 * curl -X POST -H 'Content-Type: application/json' \
 *      -d '{"number":"INV-42","customer":"ACME","amount":99.50}' localhost:8080/inbox-ejb-sample/api/invoices
 * curl 'localhost:8080/inbox-ejb-sample/api/invoices/issued?limit=20'
 * curl -u admin:PASSWORD localhost:8080/inbox-ejb-sample/api/invoices/dead
 * </pre>
 * Both lists come a page at a time ({@code limit}, default {@value #PAGE}, at most
 * {@value #MAX_PAGE}; {@code after}, the last job id of the page before), with a
 * {@code Link: <...>; rel="next"} header while there may be more. The dead letters hold
 * payloads and failure reasons: they are for the operator only (role {@code inbox-admin}).
 * An invoice that is not JSON, or breaks the constraints of {@link Invoice}, is refused with
 * 400 and a JSON body naming the field ({@link MalformedJsonMapper}, {@link InvalidInvoiceMapper}):
 * only a job that can be issued enters the inbox.
 */
@Path("invoices")
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
public class InvoiceResource {

    /** The page size when the request names none. */
    static final int PAGE = 100;
    /** The largest page a request may ask for. */
    static final int MAX_PAGE = 1000;

    @EJB
    private InvoiceDatabase database;

    @PersistenceContext(unitName = "invoices")
    private EntityManager invoices;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Transactional
    public Response enqueue(@NotNull @Valid Invoice invoice) throws SQLException {
        long job = database.enqueue(invoice);
        return Response.accepted().location(URI.create("invoices/jobs/" + job)).build();
    }

    @GET
    @Path("issued")
    public Response issued(@QueryParam("after") @DefaultValue("0") long after,
            @QueryParam("limit") @DefaultValue("" + PAGE) int limit, @Context UriInfo uri) {
        Response refused = badLimit(limit);
        if (refused != null) {
            return refused;
        }
        List<IssuedInvoice> page = invoices.createQuery(
                "SELECT i FROM IssuedInvoice i WHERE i.jobId > :after ORDER BY i.jobId", IssuedInvoice.class)
                .setParameter("after", after).setMaxResults(limit).getResultList();
        return paged(page, page.isEmpty() ? after : page.get(page.size() - 1).getJobId(), limit, uri);
    }

    /**
     * Voids an issued invoice: its number is free again, so a job dead-lettered because the
     * number was taken can be requeued (on the page at {@code /inbox/}) and issued. For the
     * operator only ({@link io.inboxra.sample.admin.OperatorLogin}).
     */
    @DELETE
    @Path("issued/{number}")
    @Transactional
    public Response voidIssued(@PathParam("number") String number, @Context SecurityContext security) {
        if (!security.isUserInRole(io.inboxra.sample.admin.OperatorLogin.GROUP)) {
            return operatorOnly(security, "voiding an invoice is");
        }
        int deleted = invoices.createQuery("DELETE FROM IssuedInvoice i WHERE i.number = :number")
                .setParameter("number", number).executeUpdate();
        return deleted == 0 ? Response.status(Response.Status.NOT_FOUND)
                .entity(new ApiError("no issued invoice " + number, List.of())).build() : Response.noContent().build();
    }

    /** The dead letters, with their payloads and reasons: for the operator only. */
    @GET
    @Path("dead")
    public Response dead(@QueryParam("after") @DefaultValue("0") long after,
            @QueryParam("limit") @DefaultValue("" + PAGE) int limit, @Context UriInfo uri,
            @Context SecurityContext security) throws SQLException {
        if (!security.isUserInRole(io.inboxra.sample.admin.OperatorLogin.GROUP)) {
            return operatorOnly(security, "the dead letters are");
        }
        Response refused = badLimit(limit);
        if (refused != null) {
            return refused;
        }
        List<DeadInvoiceJob> page = database.deadLetters(after, limit);
        return paged(page, page.isEmpty() ? after : page.get(page.size() - 1).job(), limit, uri);
    }

    private static Response operatorOnly(SecurityContext security, String what) {
        return Response.status(security.getUserPrincipal() == null ? Response.Status.UNAUTHORIZED
                : Response.Status.FORBIDDEN).header("WWW-Authenticate", "Basic realm=\"inbox-admin\"")
                .entity(new ApiError(what + " for the operator (role inbox-admin)", List.of())).build();
    }

    private static Response badLimit(int limit) {
        return limit >= 1 && limit <= MAX_PAGE ? null : Response.status(Response.Status.BAD_REQUEST)
                .entity(new ApiError("limit is " + limit + ": ask for 1 to " + MAX_PAGE + " at a time, and for the"
                        + " next page with after=<the last job id>", List.of())).build();
    }

    /** The page, with a link to the next one when it is full (there may be more). */
    private static Response paged(List<?> page, long last, int limit, UriInfo uri) {
        Response.ResponseBuilder response = Response.ok(page);
        if (page.size() == limit) {
            response.link(uri.getAbsolutePathBuilder().queryParam("after", last).queryParam("limit", limit).build(),
                    "next");
        }
        return response.build();
    }
}
