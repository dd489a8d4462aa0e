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
 * }
 * }</pre>
 */
public interface InboxProducer extends AutoCloseable {

    /**
     * Inserts a row, due now.
     *
     * @param table the inbox table, as the subscriptions name it ({@code schema.table} allowed)
     * @param payload the row's payload
     * @return the new row's id, as text
     * @throws InboxProducerException when the insert fails (the caller's transaction should roll back)
     */
    default String send(String table, String payload) {
        return send(table, payload, SendOptions.now());
    }

    /**
     * Inserts a row with the options' queue, due time, priority and FIFO key, each into the
     * column the connection factory names for it ({@code queueColumn}, {@code dueColumn},
     * {@code priorityColumn}, {@code fifoColumn}).
     *
     * @param table the inbox table
     * @param payload the row's payload
     * @param options what else to write
     * @return the new row's id, as text
     * @throws InboxProducerException when the insert fails, or an option's column is not named
     */
    String send(String table, String payload, SendOptions options);

    /** Gives the connection back to the server's pool; the transaction goes on without it. */
    @Override
    void close();
}
