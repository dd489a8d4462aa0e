package io.inboxra;

/**
 * The message listener interface of an inbox MDB: one call per claimed row.
 *
 * <p>The adapter calls {@code onMessage} inside the MDB's container-managed transaction. The
 * row's settlement runs in that same transaction, so the row is acknowledged if and only if
 * everything the MDB did commits.
 *
 * <pre>{@code
 * @MessageDriven(activationConfig = {
 *     @ActivationConfigProperty(propertyName = "resourceAdapter", propertyValue = "inbox-rar"),
 *     @ActivationConfigProperty(propertyName = "table", propertyValue = "invoice_jobs"),
 *     @ActivationConfigProperty(propertyName = "workers", propertyValue = "4")
 * })
 * public class IssueInvoice implements InboxListener {
 *     @Override
 *     public Outcome onMessage(InboxMessage message) {
 *         Invoice invoice = message.json(Invoice.class);
 *         // ... write the invoice through the application's XA data source
 *         return Outcome.ack();
 *     }
 * }
 * }</pre>
 *
 * <p>A runtime exception (or {@code setRollbackOnly}) rolls the whole transaction back: the
 * row stays in the table, unchanged, and is delivered again.
 */
public interface InboxListener {

    /**
     * Handles one row.
     *
     * @param message the claimed row
     * @return what to do with the row; never {@code null}
     */
    Outcome onMessage(InboxMessage message);
}
