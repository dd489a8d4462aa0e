package io.inboxra.sample;

/**
 * The event of an issued invoice, fired in the delivery's transaction and observed once it
 * committed ({@link IssuedInvoiceLog}).
 *
 * @param job the job's id
 * @param attempt which delivery of the job issued it, from 1
 * @param invoice the invoice
 */
public record InvoiceIssued(long job, int attempt, Invoice invoice) {
}
