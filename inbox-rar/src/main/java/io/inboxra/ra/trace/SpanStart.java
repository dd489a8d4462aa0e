package io.inboxra.ra.trace;

import java.util.List;
import java.util.Optional;

/**
 * What a delivery's span says: whose delivery, from which table, of which rows.
 *
 * @param table the inbox table (the span's destination)
 * @param queue the subscription's queue, if it has one
 * @param subscription the subscription's name
 * @param messages the rows delivered, in claim order: one is the span's parent, several its links
 */
public record SpanStart(String table, Optional<String> queue, String subscription, List<Message> messages) {

    /**
     * One row of a delivery.
     *
     * @param id the row's id, as text
     * @param attempt which delivery of the row this is, from 1
     * @param context the trace context stored with the row, or null
     */
    public record Message(String id, int attempt, String context) {
    }
}
