package io.inboxra.sample;

import jakarta.annotation.Resource;
import jakarta.annotation.sql.DataSourceDefinition;
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
 * The application's own XA data source, and the statements the REST API and the demo run on
 * the invoice tables.
 *
 * <p>The data source reads the server-level MicroProfile Config keys {@code invoices.db.class},
 * {@code invoices.db.url}, {@code invoices.db.user} and {@code invoices.db.password} (system
 * properties such as {@code -Dinvoices.db.url=...}, or environment variables such as
 * {@code INVOICES_DB_URL}); with none set it is the H2 that comes with Payara Micro, in memory.
 * Payara substitutes {@code ${MPCONFIG=key:default}} here from server-level sources only, not
 * from the application's {@code microprofile-config.properties}, so the defaults must be
 * written here. The MDB's subscription ({@link IssueInvoice}) reads the same keys with the same
 * defaults, so one setting moves both.
 */
@DataSourceDefinition(
        name = "java:app/jdbc/invoices",
        className = "${MPCONFIG=invoices.db.class:" + InvoiceDatabase.H2_CLASS + "}",
        url = "${MPCONFIG=invoices.db.url:" + InvoiceDatabase.H2_URL + "}",
        user = "${MPCONFIG=invoices.db.user:" + InvoiceDatabase.H2_USER + "}",
        password = "${MPCONFIG=invoices.db.password:" + InvoiceDatabase.H2_PASSWORD + "}",
        maxPoolSize = 8,
        transactional = true)
@Stateless
public class InvoiceDatabase {

    /*
     * The defaults: H2 in memory, kept while the server runs (no '$' or '}' in them: Payara's
     * substitution ends there). DATABASE_TO_LOWER folds unquoted names to lower case as
     * PostgreSQL does, whose schema script H2 shares.
     */
    static final String H2_CLASS = "org.h2.jdbcx.JdbcDataSource";
    static final String H2_URL = "jdbc:h2:mem:invoices;DB_CLOSE_DELAY=-1;DATABASE_TO_LOWER=TRUE";
    static final String H2_USER = "sa";
    static final String H2_PASSWORD = "inbox";

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

    /** @return the dead-lettered jobs, oldest first: where a job ends after {@code maxAttempts} failed deliveries */
    public List<DeadInvoiceJob> deadLetters() throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT id, payload, attempts, reason FROM invoice_jobs_dead ORDER BY id")) {
            List<DeadInvoiceJob> dead = new ArrayList<>();
            while (rs.next()) {
                dead.add(new DeadInvoiceJob(rs.getLong(1), rs.getString(2), rs.getInt(3), rs.getString(4)));
            }
            return dead;
        }
    }
}
