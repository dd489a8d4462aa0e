package io.inboxra;

import java.util.List;

/**
 * The message listener interface of an inbox MDB that takes its rows in batches: one call per
 * claim, with up to {@code batchSize} rows, and one outcome per row.
 *
 * <p>The adapter calls {@code onMessages} once inside the MDB's container-managed transaction;
 * every row's settlement runs in that same transaction, so the batch's rows are settled if and
 * only if everything the MDB did commits. The outcomes are settled per row: acknowledged rows
 * together in one statement, a retry or a dead letter row by row.
 *
 * <pre>{@code
 * @MessageDriven(activationConfig = {
 *     @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
 *     @ActivationConfigProperty(propertyName = "table", propertyValue = "invoice_jobs"),
 *     @ActivationConfigProperty(propertyName = "batchSize", propertyValue = "50")
 * })
 * public class IssueInvoices implements InboxBatchListener {
 *     @Override
 *     public List<Outcome> onMessages(List<InboxMessage> messages) {
 *         List<Outcome> outcomes = new ArrayList<>();
 *         for (InboxMessage message : messages) {
 *             Invoice invoice = message.json(Invoice.class);
 *             outcomes.add(invoice.customer() == null
 *                     ? Outcome.deadLetter("no customer")   // never: this row to the dead letters
 *                     : Outcome.ack());                     // done: settled with the others
 *         }
 *         // ... write the invoices through the application's XA data source, in one go
 *         return outcomes;
 *     }
 * }
 * }</pre>
 *
 * <p>A runtime exception (or {@code setRollbackOnly}, or a list of the wrong length) rolls the
 * whole batch back, uncounted: the adapter then delivers the same rows one at a time (a list of
 * one), where a failure is counted against its row alone and dead-lettered at
 * {@code maxAttempts}. In the row lock form a batch holds up to {@code batchSize} rows (with
 * {@code fifoColumn}, at most one per FIFO group, or {@code groupConcurrency}); in the lease and advisory lock forms the list
 * holds one row.
 */
public interface InboxBatchListener {

    /**
     * Handles a batch of rows.
     *
     * @param messages the claimed rows, in claim order; never empty
     * @return one outcome per message, in the same order; never {@code null}, no {@code null} element
     */
    List<Outcome> onMessages(List<InboxMessage> messages);
}
