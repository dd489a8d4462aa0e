package io.inboxra.sample;

import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * The statements the REST API and the demo run on the invoice tables, through the application's
 * own XA data source, {@code java:app/jdbc/invoices}: defined by {@link InvoiceDataSource} in the
 * WAR for Payara Micro, and a reference to the server's data source in the WAR for WildFly and
 * Open Liberty ({@code WEB-INF/web.xml} of {@code inbox-ejb-sample-wildfly-liberty.war}).
 */
@Stateless
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

    /** @return whether no invoice was ever enqueued or issued here (the demo seeds only such a database) */
    public boolean isEmpty() throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT (SELECT count(*) FROM invoice_jobs)"
                     + " + (SELECT count(*) FROM issued_invoices) + (SELECT count(*) FROM invoice_jobs_dead)")) {
            rs.next();
            return rs.getLong(1) == 0;
        }
    }

    /**
     * @param after the id the previous page ended with, 0 for the first page
     * @param limit the most jobs to return
     * @return the dead-lettered jobs after that id, oldest first: where a job ends after
     *         {@code maxAttempts} failed deliveries
     */
    public List<DeadInvoiceJob> deadLetters(long after, int limit) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT id, payload, attempts, reason FROM invoice_jobs_dead WHERE id > ? ORDER BY id LIMIT ?")) {
            s.setLong(1, after);
            s.setInt(2, limit);
            try (ResultSet rs = s.executeQuery()) {
                List<DeadInvoiceJob> dead = new ArrayList<>();
                while (rs.next()) {
                    dead.add(new DeadInvoiceJob(rs.getLong(1), rs.getString(2), rs.getInt(3), rs.getString(4)));
                }
                return dead;
            }
        }
    }
}
