package io.inboxra.producer;

/**
 * A connection to an inbox database that enqueues rows: each {@code send} inserts one row into a
 * table, in the transaction the producer was opened in (see {@link InboxProducerFactory}).
 *
 * <pre>{@code
 * try (InboxProducer inbox = producers.open()) {
 *     inbox.send("invoice_jobs", "{\"number\":\"INV-1\"}");
 *     inbox.send("invoice_jobs", "{\"number\":\"INV-2\"}",
 *             SendOptions.now().due(Instant.now().plusSeconds(60)).priority(5).fifoKey("ACME"));
 *     Sent sent = inbox.send("payments_in", body, SendOptions.now().key(messageId));   // received once
 *     if (sent.duplicate()) {
 *         // the table already holds messageId's row: nothing was inserted
 *     }
 * }
 * }</pre>
 */
public interface InboxProducer extends AutoCloseable {

    /**
     * Inserts a row, due now.
     *
     * @param table the inbox table, as the subscriptions name it ({@code schema.table} allowed)
     * @param payload the row's payload
     * @return the new row's id ({@link Sent#id()})
     * @throws InboxProducerException when the insert fails (the caller's transaction should roll back)
     */
    default Sent send(String table, String payload) {
        return send(table, payload, SendOptions.now());
    }

    /**
     * Inserts a row with the options' queue, due time, priority, FIFO key and key, each into the
     * column the connection factory names for it ({@code queueColumn}, {@code dueColumn},
     * {@code priorityColumn}, {@code fifoColumn}, {@code keyColumn}).
     *
     * <p>With a {@linkplain SendOptions#key(String) key}, a table that already holds a row with the
     * key gets nothing, and the send returns {@link Sent#duplicate()}; the caller's transaction goes
     * on (on every database: the conflict aborts nothing). A send whose key another transaction
     * inserts at the same time waits for that transaction: once it commits, this send is a
     * duplicate; if it rolls back, this send inserts. The key is held while its row exists: until
     * the row is settled by deletion, or, with {@code processedAtColumn}, until the retention
     * deletes it.
     *
     * @param table the inbox table
     * @param payload the row's payload
     * @param options what else to write
     * @return the new row's id, or, for a key the table already holds, a duplicate (nothing inserted)
     * @throws InboxProducerException when the insert fails, an option's column is not named, or the
     *         key column has no unique index
     */
    Sent send(String table, String payload, SendOptions options);

    /** Gives the connection back to the server's pool; the transaction goes on without it. */
    @Override
    void close();
}
