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
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;

import java.net.URI;
import java.sql.SQLException;
import java.util.List;

/**
 * Watch the sample work:
 * <pre>
 * curl -X POST -H 'Content-Type: application/json' \
 *      -d '{"number":"INV-42","customer":"ACME","amount":99.50}' localhost:8080/inbox-ejb-sample/api/invoices
 * curl localhost:8080/inbox-ejb-sample/api/invoices/issued
 * curl localhost:8080/inbox-ejb-sample/api/invoices/dead
 * </pre>
 * An invoice that is not JSON, or breaks the constraints of {@link Invoice}, is refused with
 * 400 and a JSON body naming the field ({@link MalformedJsonMapper}, {@link InvalidInvoiceMapper}):
 * only a job that can be issued enters the inbox.
 */
@Path("invoices")
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
public class InvoiceResource {

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
    public List<IssuedInvoice> issued() {
        return invoices.createQuery("SELECT i FROM IssuedInvoice i ORDER BY i.jobId", IssuedInvoice.class)
                .getResultList();
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
            return Response.status(security.getUserPrincipal() == null ? Response.Status.UNAUTHORIZED
                    : Response.Status.FORBIDDEN).header("WWW-Authenticate", "Basic realm=\"inbox-admin\"")
                    .entity(new ApiError("voiding an invoice is for the operator (role inbox-admin)", List.of())).build();
        }
        int deleted = invoices.createQuery("DELETE FROM IssuedInvoice i WHERE i.number = :number")
                .setParameter("number", number).executeUpdate();
        return deleted == 0 ? Response.status(Response.Status.NOT_FOUND)
                .entity(new ApiError("no issued invoice " + number, List.of())).build() : Response.noContent().build();
    }

    @GET
    @Path("dead")
    public List<DeadInvoiceJob> dead() throws SQLException {
        return database.deadLetters();
    }
}
