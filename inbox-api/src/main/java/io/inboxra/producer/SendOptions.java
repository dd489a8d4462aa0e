package io.inboxra.producer;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What {@link InboxProducer#send(String, String, SendOptions)} writes besides the payload; each
 * absent option leaves its column to the table's default.
 *
 * <pre>{@code
 * SendOptions.now().queue("eu").due(Instant.now().plusSeconds(30)).priority(10).fifoKey("customer-42")
 * SendOptions.now().key(request.getHeader("Idempotency-Key"))   // received once: see InboxProducer.send
 * }</pre>
 *
 * @param queue the queue column's value
 * @param due when the row becomes claimable (the due column)
 * @param priority the priority column's value
 * @param fifoKey the FIFO group (the FIFO column)
 * @param shardKey the key that picks the shard ({@link InboxShards}) of a row without a FIFO key;
 *        written to no column, and ignored by a producer of one database
 * @param key the message's key (the key column, under a unique index): a send whose key the table
 *        already holds inserts nothing and says so ({@link Sent#duplicate()})
 */
public record SendOptions(Optional<String> queue, Optional<Instant> due, OptionalInt priority, Optional<String> fifoKey,
        Optional<String> shardKey, Optional<String> key) {

    /** Checks that nothing is missing ({@code Optional.empty()} for an option not given). */
    public SendOptions {
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(due, "due");
        Objects.requireNonNull(priority, "priority");
        Objects.requireNonNull(fifoKey, "fifoKey");
        Objects.requireNonNull(shardKey, "shardKey");
        Objects.requireNonNull(key, "key");
    }

    /**
     * The options without a key, as before keys.
     *
     * @param queue the queue column's value
     * @param due the due time
     * @param priority the priority
     * @param fifoKey the FIFO group
     * @param shardKey the shard key
     */
    public SendOptions(Optional<String> queue, Optional<Instant> due, OptionalInt priority, Optional<String> fifoKey,
            Optional<String> shardKey) {
        this(queue, due, priority, fifoKey, shardKey, Optional.empty());
    }

    /**
     * The options without a shard key, as before shards.
     *
     * @param queue the queue column's value
     * @param due the due time
     * @param priority the priority
     * @param fifoKey the FIFO group
     */
    public SendOptions(Optional<String> queue, Optional<Instant> due, OptionalInt priority, Optional<String> fifoKey) {
        this(queue, due, priority, fifoKey, Optional.empty());
    }

    /** @return no options: the row is due as the table's default says (usually now) */
    public static SendOptions now() {
        return new SendOptions(Optional.empty(), Optional.empty(), OptionalInt.empty(), Optional.empty(),
                Optional.empty(), Optional.empty());
    }

    /** @return these options with the queue */
    public SendOptions queue(String queue) {
        return new SendOptions(Optional.of(queue), due, priority, fifoKey, shardKey, key);
    }

    /** @return these options with the due time */
    public SendOptions due(Instant due) {
        return new SendOptions(queue, Optional.of(due), priority, fifoKey, shardKey, key);
    }

    /** @return these options with the priority */
    public SendOptions priority(int priority) {
        return new SendOptions(queue, due, OptionalInt.of(priority), fifoKey, shardKey, key);
    }

    /** @return these options with the FIFO key, which also picks the row's shard ({@link InboxShards}) */
    public SendOptions fifoKey(String fifoKey) {
        return new SendOptions(queue, due, priority, Optional.of(fifoKey), shardKey, key);
    }

    /**
     * @param shardKey what picks the shard of a row without a FIFO key (a customer, a tenant):
     *        rows of one key go to one shard; a FIFO key, when given, picks it instead
     * @return these options with the shard key
     */
    public SendOptions shardKey(String shardKey) {
        return new SendOptions(queue, due, priority, fifoKey, Optional.of(shardKey), key);
    }

    /**
     * The message's key, for receiving each message once: the producer writes it into its
     * {@code keyColumn}, whose unique index holds it while the row exists, and a send whose key the
     * table already holds inserts nothing and returns {@link Sent#duplicate()}. Give what identifies
     * the message where it comes from: another broker's message id, an {@code Idempotency-Key}
     * header. Across {@link InboxShards}, a row with neither a FIFO key nor a shard key goes to its
     * key's shard, so that one key always meets its earlier row.
     *
     * <pre>{@code
     * Sent sent = inbox.send("payments_in", body, SendOptions.now().key(message.getJMSMessageID()));
     * if (sent.duplicate()) {
     *     log.info("already received: " + message.getJMSMessageID());
     * }
     * }</pre>
     *
     * @param key the message's key: not blank
     * @return these options with the key
     * @throws IllegalArgumentException when the key is null or blank
     */
    public SendOptions key(String key) {
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("SendOptions.key is '" + key + "': give the message's key (its id where"
                    + " it comes from), or leave key out to send the row without one");
        }
        return new SendOptions(queue, due, priority, fifoKey, shardKey, Optional.of(key));
    }

    /** @return the key that picks the row's shard: the FIFO key, else the shard key, else the key, else none */
    public Optional<String> routingKey() {
        return fifoKey.isPresent() ? fifoKey : shardKey.isPresent() ? shardKey : key;
    }
}
