package io.inboxra.sample;

/**
 * A job the adapter moved to {@code invoice_jobs_dead}: its last delivery failed for the
 * {@code maxAttempts}th time, or the MDB refused its payload.
 *
 * @param job the job's id
 * @param payload the job's JSON, as it was enqueued
 * @param attempts deliveries made, the last included
 * @param reason the MDB's reason, or the last error
 */
public record DeadInvoiceJob(long job, String payload, int attempts, String reason) {
}
