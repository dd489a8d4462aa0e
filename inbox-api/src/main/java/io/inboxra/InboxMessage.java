package io.inboxra;

import java.util.Optional;

/**
 * One claimed row of an inbox table, as handed to {@link InboxListener#onMessage}.
 *
 * <pre>{@code
 * Invoice invoice = message.json(Invoice.class);   // JSON-B, provided by the server
 * String raw = message.text();                      // the payload as UTF-8 text
 * log.info("attempt " + message.attempt() + " of row " + message.id());
 * }</pre>
 */
public interface InboxMessage {

    /**
     * The row's key, as the JDBC driver returns it (for example a {@code Long}).
     *
     * @return the value of the table's id column
     */
    Object id();

    /**
     * The payload column's bytes. Text columns are encoded as UTF-8.
     *
     * @return a copy of the payload; empty when the column is {@code NULL}
     */
    byte[] payload();

    /**
     * The payload as text.
     *
     * @return the payload decoded as UTF-8
     */
    String text();

    /**
     * Decodes the payload as JSON with the server's JSON-B provider.
     *
     * @param type the type to bind to
     * @param <T> the type to bind to
     * @return the decoded payload
     * @throws jakarta.json.bind.JsonbException when the payload is not JSON of that type
     */
    <T> T json(Class<T> type);

    /**
     * Which attempt this delivery is, counting from 1. Without an attempt column every
     * delivery is attempt 1.
     *
     * @return the attempt number, at least 1
     */
    int attempt();

    /**
     * The subscription's queue, when the table is shared by several queues.
     *
     * @return the queue, or empty when the subscription names none
     */
    Optional<String> queue();

    /**
     * The name of the subscription that claimed the row (its {@code name} property).
     *
     * @return the subscription's name
     */
    String subscription();
}
