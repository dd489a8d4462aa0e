package io.inboxra.sample;

import jakarta.ejb.EJB;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.net.URI;
import java.sql.SQLException;
import java.util.List;

/**
 * Watch the sample work:
 * <pre>
 * curl -X POST -H 'Content-Type: application/json' \
 *      -d '{"number":"INV-42","customer":"ACME","amount":99.50}' localhost:8080/inbox-ejb-sample/api/invoices
 * curl localhost:8080/inbox-ejb-sample/api/invoices/issued
 * </pre>
 */
@Path("invoices")
@Produces(MediaType.APPLICATION_JSON)
public class InvoiceResource {

    @EJB
    private InvoiceDatabase database;

    @PersistenceContext(unitName = "invoices")
    private EntityManager invoices;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Transactional
    public Response enqueue(Invoice invoice) throws SQLException {
        long job = database.enqueue(invoice);
        return Response.accepted().location(URI.create("invoices/jobs/" + job)).build();
    }

    @GET
    @Path("issued")
    public List<IssuedInvoice> issued() {
        return invoices.createQuery("SELECT i FROM IssuedInvoice i ORDER BY i.jobId", IssuedInvoice.class)
                .getResultList();
    }
}
