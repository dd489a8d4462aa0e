package io.inboxra.sample;

import jakarta.annotation.Resource;
import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.ejb.Singleton;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * The application's own XA data source, and the one statement that enqueues an invoice job.
 * The values come from MicroProfile Config: {@code invoices.db.class}, {@code invoices.db.url},
 * {@code invoices.db.user} and {@code invoices.db.password}. The run-sample profile hands them to
 * Payara Micro as system properties: H2 by default, PostgreSQL or MariaDB when the environment
 * variable {@code INVOICES_DB=postgres} or {@code INVOICES_DB=mariadb} selects the Maven profile
 * of that name. Deployed elsewhere, any server-level source sets them (system properties, or
 * environment variables such as {@code INVOICES_DB_URL}).
 */
@DataSourceDefinition(
        name = "java:app/jdbc/invoices",
        className = "${MPCONFIG=invoices.db.class}",
        url = "${MPCONFIG=invoices.db.url}",
        user = "${MPCONFIG=invoices.db.user}",
        password = "${MPCONFIG=invoices.db.password}",
        maxPoolSize = 8,
        transactional = true)
@Singleton
public class InvoiceDatabase {

    @Resource(lookup = "java:app/jdbc/invoices")
    private DataSource dataSource;

    private final Jsonb jsonb = JsonbBuilder.create();

    /**
     * Inserts a job into the inbox table, in the caller's transaction.
     *
     * @param invoice the invoice to issue
     * @return the job's id
     */
    public long enqueue(Invoice invoice) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement insert = c.prepareStatement("INSERT INTO invoice_jobs (payload) VALUES (?)",
                     Statement.RETURN_GENERATED_KEYS)) {
            insert.setString(1, jsonb.toJson(invoice));
            insert.executeUpdate();
            try (ResultSet keys = insert.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }
}
