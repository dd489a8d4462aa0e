package io.inboxra.sample;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.math.BigDecimal;
import java.time.OffsetDateTime;

/** An invoice the MDB issued: written in the same transaction that settles its job. */
@Entity
@Table(name = "issued_invoices")
public class IssuedInvoice {

    /** The job's id: one invoice per job, so a second issue of the same job could never commit. */
    @Id
    @Column(name = "job_id")
    private long jobId;

    /** Unique in the table: a second invoice with the same number fails its commit, and its job ends dead-lettered. */
    @Column(nullable = false, unique = true)
    private String number;

    @Column(nullable = false)
    private String customer;

    @Column(nullable = false)
    private BigDecimal amount;

    @Column(name = "issued_at", nullable = false)
    private OffsetDateTime issuedAt;

    protected IssuedInvoice() {
    }

    public IssuedInvoice(long jobId, Invoice invoice, OffsetDateTime issuedAt) {
        this.jobId = jobId;
        this.number = invoice.number();
        this.customer = invoice.customer();
        this.amount = invoice.amount();
        this.issuedAt = issuedAt;
    }

    public long getJobId() { return jobId; }
    public String getNumber() { return number; }
    public String getCustomer() { return customer; }
    public BigDecimal getAmount() { return amount; }
    public OffsetDateTime getIssuedAt() { return issuedAt; }
}
