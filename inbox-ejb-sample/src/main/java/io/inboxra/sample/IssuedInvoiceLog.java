package io.inboxra.sample;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;

import java.util.logging.Logger;

/**
 * Logs each invoice once its delivery's transaction committed. Logged from the MDB instead, a
 * delivery whose commit then fails (a duplicate invoice number, a database gone) would claim an
 * invoice that was never issued, on every redelivery.
 */
@ApplicationScoped
public class IssuedInvoiceLog {

    private static final Logger LOG = Logger.getLogger(IssuedInvoiceLog.class.getName());

    void committed(@Observes(during = TransactionPhase.AFTER_SUCCESS) InvoiceIssued issued) {
        Invoice invoice = issued.invoice();
        LOG.info(() -> "Issued invoice " + invoice.number() + " to " + invoice.customer() + " for "
                + invoice.amount() + " (job " + issued.job() + ", attempt " + issued.attempt() + ")");
    }
}
