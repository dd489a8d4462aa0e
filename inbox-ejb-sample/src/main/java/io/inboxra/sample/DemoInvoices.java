package io.inboxra.sample;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.logging.Logger;

/**
 * Enqueues {@code sample.demo.invoices} invoices (5, from {@code microprofile-config.properties})
 * at startup, so the sample shows itself working; only into a database that never had an
 * invoice, since a second DEMO-1 on a database that keeps its tables would break the unique
 * invoice number and end among the dead letters.
 */
@Singleton
@Startup
public class DemoInvoices {

    private static final Logger LOG = Logger.getLogger(DemoInvoices.class.getName());
    private static final String[] CUSTOMERS = {"ACME", "Globex", "Initech", "Umbrella", "Hooli"};

    @EJB
    private InvoiceDatabase database;

    @Inject
    @ConfigProperty(name = "sample.demo.invoices", defaultValue = "0")
    private int count;

    @PostConstruct
    void enqueue() {
        try {
            if (count > 0 && !database.isEmpty()) {
                LOG.info("The invoice tables already hold invoices: no demo invoices enqueued.");
                return;
            }
            for (int i = 1; i <= count; i++) {
                Invoice invoice = new Invoice("DEMO-" + i, CUSTOMERS[(i - 1) % CUSTOMERS.length],
                        BigDecimal.valueOf(100L * i, 2).add(BigDecimal.TEN));
                database.enqueue(invoice);
            }
            if (count > 0) {
                LOG.info(count + " demo invoices enqueued. Enqueue more with: curl -X POST -H 'Content-Type:"
                        + " application/json' -d '{\"number\":\"INV-42\",\"customer\":\"ACME\",\"amount\":99.50}'"
                        + " localhost:8080/inbox-ejb-sample/api/invoices ; list them with: curl"
                        + " localhost:8080/inbox-ejb-sample/api/invoices/issued");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot enqueue the demo invoices", e);
        }
    }
}
