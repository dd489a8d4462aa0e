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
 * }</pre>
 *
 * @param queue the queue column's value
 * @param due when the row becomes claimable (the due column)
 * @param priority the priority column's value
 * @param fifoKey the FIFO group (the FIFO column)
 * @param shardKey the key that picks the shard ({@link InboxShards}) of a row without a FIFO key;
 *        written to no column, and ignored by a producer of one database
 */
public record SendOptions(Optional<String> queue, Optional<Instant> due, OptionalInt priority, Optional<String> fifoKey,
        Optional<String> shardKey) {

    /** Checks that nothing is missing ({@code Optional.empty()} for an option not given). */
    public SendOptions {
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(due, "due");
        Objects.requireNonNull(priority, "priority");
        Objects.requireNonNull(fifoKey, "fifoKey");
        Objects.requireNonNull(shardKey, "shardKey");
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
                Optional.empty());
    }

    /** @return these options with the queue */
    public SendOptions queue(String queue) {
        return new SendOptions(Optional.of(queue), due, priority, fifoKey, shardKey);
    }

    /** @return these options with the due time */
    public SendOptions due(Instant due) {
        return new SendOptions(queue, Optional.of(due), priority, fifoKey, shardKey);
    }

    /** @return these options with the priority */
    public SendOptions priority(int priority) {
        return new SendOptions(queue, due, OptionalInt.of(priority), fifoKey, shardKey);
    }

    /** @return these options with the FIFO key, which also picks the row's shard ({@link InboxShards}) */
    public SendOptions fifoKey(String fifoKey) {
        return new SendOptions(queue, due, priority, Optional.of(fifoKey), shardKey);
    }

    /**
     * @param shardKey what picks the shard of a row without a FIFO key (a customer, a tenant):
     *        rows of one key go to one shard; a FIFO key, when given, picks it instead
     * @return these options with the shard key
     */
    public SendOptions shardKey(String shardKey) {
        return new SendOptions(queue, due, priority, fifoKey, Optional.of(shardKey));
    }

    /** @return the key that picks the row's shard: the FIFO key, else the shard key, else none */
    public Optional<String> routingKey() {
        return fifoKey.isPresent() ? fifoKey : shardKey;
    }
}
