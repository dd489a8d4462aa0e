package io.inboxra.producer;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;

/**
 * An inbox partitioned across several databases (shards), each its own primary with its own
 * {@link InboxProducerFactory}: a producer opened here sends each row to one shard, in the
 * caller's transaction.
 *
 * <ul>
 * <li>A row with a FIFO key ({@link SendOptions#fifoKey}) goes to the shard of that key, always
 * the same one, so the group's order holds: a group lives in one database.</li>
 * <li>A row with a shard key only ({@link SendOptions#shardKey}) goes to the shard of that key.</li>
 * <li>A row with a message key only ({@link SendOptions#key(String)}) goes to the shard of that key,
 * so that a key sent again meets its first row there (the shards' unique indexes are each their own).</li>
 * <li>A row with none of them goes to the producer's own shard: the first keyless send of each
 * producer takes the next shard round robin (skipping a shard whose connection cannot be opened),
 * and the producer's later keyless sends go there too, so that one transaction's keyless rows
 * stay in one database.</li>
 * </ul>
 *
 * <p>The shard of a key is {@link #index(String, int)}: the CRC-32 of the key's UTF-8 bytes,
 * modulo the number of shards. It depends on the shards' order and number, which must be the
 * same in every server that sends; adding a shard moves keys (see {@code docs/shards.md}).
 *
 * <pre>{@code
 * @Resource(lookup = "java:app/inbox/shard1") InboxProducerFactory shard1;
 * @Resource(lookup = "java:app/inbox/shard2") InboxProducerFactory shard2;
 *
 * InboxShards shards = InboxShards.of(new InboxShards.Shard("shard1", shard1), new InboxShards.Shard("shard2", shard2));
 * try (InboxProducer inbox = shards.open()) {
 *     inbox.send("invoice_jobs", json, SendOptions.now().fifoKey("customer-42"));
 * }
 * }</pre>
 *
 * A send to a shard whose database is down fails with an {@link InboxShardException} naming the
 * shard, in the caller's transaction, which then rolls back; the other shards go on.
 */
public final class InboxShards {

    /**
     * One shard: its name (for errors and logs) and its database's producers.
     *
     * @param name the shard's name, unique among the shards
     * @param producers the connection factory of the shard's database
     */
    public record Shard(String name, InboxProducerFactory producers) {

        /** Checks the name and the factory. */
        public Shard {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("A shard needs a name (for its errors): give each shard one");
            }
            Objects.requireNonNull(producers, () -> "shard '" + name + "': its InboxProducerFactory is null");
        }
    }

    private final List<Shard> shards;
    private final AtomicInteger next = new AtomicInteger();

    private InboxShards(List<Shard> shards) {
        this.shards = shards;
    }

    /**
     * @param shards the shards, in the order that numbers them (the same in every server)
     * @return the shards
     * @throws IllegalArgumentException for no shard, or two of one name
     */
    public static InboxShards of(List<Shard> shards) {
        List<Shard> copy = List.copyOf(shards);
        if (copy.isEmpty()) {
            throw new IllegalArgumentException("InboxShards needs at least one shard");
        }
        Set<String> names = new HashSet<>();
        for (Shard shard : copy) {
            if (!names.add(shard.name())) {
                throw new IllegalArgumentException("Two shards are named '" + shard.name() + "': name each once");
            }
        }
        return new InboxShards(copy);
    }

    /**
     * @param shards the shards, in the order that numbers them
     * @return the shards
     */
    public static InboxShards of(Shard... shards) {
        return of(List.of(shards));
    }

    /** @return the shards, in their order */
    public List<Shard> shards() {
        return shards;
    }

    /**
     * @param key a FIFO key or a shard key
     * @return the shard its rows go to
     */
    public Shard shardFor(String key) {
        return shards.get(index(key, shards.size()));
    }

    /**
     * The shard number of a key: the CRC-32 of its UTF-8 bytes modulo the number of shards, the
     * same in any language ({@code zlib.crc32(key.encode()) % count} in Python, {@code CRC32(key) %
     * count} in MySQL).
     *
     * @param key the key
     * @param count how many shards there are
     * @return the shard's index, from 0
     */
    public static int index(String key, int count) {
        Objects.requireNonNull(key, "key");
        if (count < 1) {
            throw new IllegalArgumentException("count is " + count + ": there is at least one shard");
        }
        CRC32 crc = new CRC32();
        crc.update(key.getBytes(StandardCharsets.UTF_8));
        return (int) (crc.getValue() % count);
    }

    /**
     * Opens a producer across the shards; each shard's own producer is opened at its first send,
     * enlisted in the caller's transaction. Close it when done.
     *
     * @return the producer
     */
    public InboxProducer open() {
        return new ShardedProducer(this);
    }

    /** @return the index where the next producer's keyless rows start looking */
    int nextKeyless() {
        return Math.floorMod(next.getAndIncrement(), shards.size());
    }
}
