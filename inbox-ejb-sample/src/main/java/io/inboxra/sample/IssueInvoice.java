package io.inboxra.sample;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.time.OffsetDateTime;
import java.util.logging.Logger;

/**
 * Issues an invoice for each row of {@code invoice_jobs}: decodes the JSON payload and writes
 * the invoice through the application's own XA data source. The write and the job's deletion
 * commit together (two phases: the adapter's branch and the application's), or neither does.
 *
 * <p>The database comes from MicroProfile Config ({@code inbox.IssueInvoice.url}, ... in
 * {@code microprofile-config.properties}), so one setting moves the sample to another database.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "invoice_jobs"),
    @ActivationConfigProperty(propertyName = "dueColumn", propertyValue = "due_at"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = "4"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT2S")
})
public class IssueInvoice implements InboxListener {

    private static final Logger LOG = Logger.getLogger(IssueInvoice.class.getName());

    @PersistenceContext(unitName = "invoices")
    private EntityManager invoices;

    @Override
    public Outcome onMessage(InboxMessage message) {
        Invoice invoice = message.json(Invoice.class);
        invoices.persist(new IssuedInvoice(((Number) message.id()).longValue(), invoice, OffsetDateTime.now()));
        LOG.info(() -> "Issued invoice " + invoice.number() + " to " + invoice.customer() + " for "
                + invoice.amount() + " (job " + message.id() + ", attempt " + message.attempt() + ")");
        return Outcome.ack();
    }
}
