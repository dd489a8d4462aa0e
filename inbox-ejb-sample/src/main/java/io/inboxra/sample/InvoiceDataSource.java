package io.inboxra.sample;

import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.ejb.Singleton;

/**
 * The application's own XA data source on Payara Micro, {@code java:app/jdbc/invoices}: it reads
 * the server-level MicroProfile Config keys {@code invoices.db.class}, {@code invoices.db.url},
 * {@code invoices.db.user} and {@code invoices.db.password} (system properties such as
 * {@code -Dinvoices.db.url=...}, or environment variables such as {@code INVOICES_DB_URL}); with
 * none set it is the H2 that comes with Payara Micro, in memory, whose user {@code sa} has no
 * password. The password has no default: a real database gets the one configured, or none (and
 * refuses the connection, naming the user), never one written here. Payara substitutes
 * {@code ${MPCONFIG=key:default}} here from server-level sources only, not from the
 * application's {@code microprofile-config.properties}, so the defaults must be written here.
 * The MDB's subscription reads the same keys with the same defaults (the application's
 * {@code microprofile-config.properties}), so one setting moves both.
 *
 * <p>Payara's alone: WildFly and Open Liberty take {@code ${MPCONFIG=...}} literally. The WAR for
 * those servers ({@code inbox-ejb-sample-wildfly-liberty.war}) leaves this class out and refers
 * to a data source of the server's instead.
 */
@DataSourceDefinition(
        name = "java:app/jdbc/invoices",
        className = "${MPCONFIG=invoices.db.class:" + InvoiceDataSource.H2_CLASS + "}",
        url = "${MPCONFIG=invoices.db.url:" + InvoiceDataSource.H2_URL + "}",
        user = "${MPCONFIG=invoices.db.user:" + InvoiceDataSource.H2_USER + "}",
        // No default: the embedded H2 takes no password, any other database takes the one configured.
        password = "${MPCONFIG=invoices.db.password:}",
        maxPoolSize = 8,
        transactional = true)
@Singleton
public class InvoiceDataSource {

    /*
     * The defaults: H2 in memory, kept while the server runs (no '$' or '}' in them: Payara's
     * substitution ends there). DATABASE_TO_LOWER folds unquoted names to lower case as
     * PostgreSQL does, whose schema script H2 shares. The same values are the defaults of
     * inbox.IssueInvoice.* in microprofile-config.properties.
     */
    static final String H2_CLASS = "org.h2.jdbcx.JdbcDataSource";
    static final String H2_URL = "jdbc:h2:mem:invoices;DB_CLOSE_DELAY=-1;DATABASE_TO_LOWER=TRUE";
    static final String H2_USER = "sa";
}
