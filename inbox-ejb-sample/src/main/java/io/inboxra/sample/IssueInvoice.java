package io.inboxra.sample;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.bind.JsonbException;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;

import java.time.OffsetDateTime;
import java.util.Set;

/**
 * Issues an invoice for each row of {@code invoice_jobs}: decodes the JSON payload and writes
 * the invoice through the application's own XA data source. The write and the job's deletion
 * commit together (two phases: the adapter's branch and the application's), or neither does.
 *
 * <p>A delivery that fails (it throws, or its commit fails: a second invoice with the same
 * number breaks the unique number of {@code issued_invoices}) rolls back; the adapter counts
 * the attempt in {@code attempts} and delivers the job again after a backoff (1 s, 2 s, 4 s, ...
 * up to a minute), and moves it to {@code invoice_jobs_dead} after the fifth failure. A payload
 * that can never become an invoice (not JSON, or a blank customer) is dead-lettered at once,
 * with the reason. The invoice is logged as issued only once its transaction committed
 * ({@link IssuedInvoiceLog}).
 *
 * <p>The activation config names no database: the subscription's {@code url}, {@code user} and
 * {@code password} are the adapter's MicroProfile Config overrides
 * {@code inbox.IssueInvoice.url} and so on, which the application's
 * {@code microprofile-config.properties} sets from the keys {@code invoices.db.url},
 * {@code invoices.db.user} and {@code invoices.db.password} (a system property, an environment
 * variable such as {@code INVOICES_DB_URL}), with H2 in memory as the default. MicroProfile
 * Config is there on Payara, WildFly and Open Liberty alike, where {@code ${MPCONFIG=...}} in the
 * annotation would be Payara's only. On Payara the application's data source reads the same keys
 * ({@link InvoiceDataSource}), so one setting moves both.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
    @ActivationConfigProperty(propertyName = "table", propertyValue = "invoice_jobs"),
    @ActivationConfigProperty(propertyName = "dueColumn", propertyValue = "due_at"),
    @ActivationConfigProperty(propertyName = "attemptColumn", propertyValue = "attempts"),
    @ActivationConfigProperty(propertyName = "retryDelay", propertyValue = "PT1S"),
    @ActivationConfigProperty(propertyName = "maxRetryDelay", propertyValue = "PT1M"),
    @ActivationConfigProperty(propertyName = "maxAttempts", propertyValue = "5"),
    @ActivationConfigProperty(propertyName = "deadLetterTable", propertyValue = "invoice_jobs_dead"),
    @ActivationConfigProperty(propertyName = "workers", propertyValue = "4"),
    @ActivationConfigProperty(propertyName = "pollInterval", propertyValue = "PT0.5S"),
    @ActivationConfigProperty(propertyName = "maxPollInterval", propertyValue = "PT2S")
})
public class IssueInvoice implements InboxListener {

    @PersistenceContext(unitName = "invoices")
    private EntityManager invoices;

    @Inject
    private Validator validator;

    @Inject
    private Event<InvoiceIssued> issued;

    @Override
    public Outcome onMessage(InboxMessage message) {
        Invoice invoice;
        try {
            invoice = message.json(Invoice.class);
        } catch (JsonbException e) {
            return Outcome.deadLetter("the payload is not an invoice: " + MalformedJsonMapper.reason(e));
        }
        Set<ConstraintViolation<Invoice>> violations = invoice == null ? Set.of() : validator.validate(invoice);
        if (invoice == null || !violations.isEmpty()) {
            return Outcome.deadLetter(invoice == null ? "the payload is null" : ApiError.invalid(violations).error());
        }
        long job = ((Number) message.id()).longValue();
        invoices.persist(new IssuedInvoice(job, invoice, OffsetDateTime.now()));
        // Written now, not at the commit: a number already taken fails here, in the listener, and the
        // dead letter keeps the database's own message (a container may not tell why a commit failed).
        invoices.flush();
        // Observed after the commit only: a delivery whose commit fails logs nothing here.
        issued.fire(new InvoiceIssued(job, message.attempt(), invoice));
        return Outcome.ack();
    }
}
