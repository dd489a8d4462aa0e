package io.inboxra.producer;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A producer across {@link InboxShards}: each row to its key's shard, or, without a key, to the
 * one shard this producer chose for its keyless rows. The shards' own producers are opened at
 * their first send (so a shard that is down fails only the sends routed to it) and closed together.
 */
final class ShardedProducer implements InboxProducer {

    private final InboxShards shards;
    private final InboxProducer[] open;
    private int keyless = -1;
    private boolean closed;

    ShardedProducer(InboxShards shards) {
        this.shards = shards;
        this.open = new InboxProducer[shards.shards().size()];
    }

    @Override
    public synchronized Sent send(String table, String payload, SendOptions options) {
        if (closed) {
            throw new InboxProducerException("This inbox producer is closed; open another", null);
        }
        Optional<String> key = options.routingKey();
        int index = key.map(k -> InboxShards.index(k, open.length)).orElseGet(this::keylessShard);
        InboxShards.Shard shard = shards.shards().get(index);
        String routed = key.map(k -> (options.fifoKey().isPresent() ? "FIFO key '"
                : options.shardKey().isPresent() ? "shard key '" : "key '") + k + "'").orElse("no key");
        try {
            return producer(index, routed).send(table, payload, options);
        } catch (InboxShardException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new InboxShardException(shard.name(), "Inbox shard '" + shard.name() + "' (" + (index + 1) + " of "
                    + open.length + ", for " + routed + ") did not take the row for table '" + table + "': "
                    + e.getMessage() + "; the caller's transaction must roll back: send it again once the shard's"
                    + " database answers", e);
        }
    }

    /** The shard's producer, opened now if this is its first send. */
    private InboxProducer producer(int index, String routed) {
        if (open[index] == null) {
            InboxShards.Shard shard = shards.shards().get(index);
            try {
                open[index] = shard.producers().open();
            } catch (RuntimeException e) {
                throw new InboxShardException(shard.name(), "Inbox shard '" + shard.name() + "' (" + (index + 1)
                        + " of " + open.length + ", for " + routed + ") cannot be reached: " + e.getMessage()
                        + "; the row is not sent and the caller's transaction must roll back: send it again once"
                        + " the shard's database answers (its rows are not moved to another shard, so a key's"
                        + " order holds)", e);
            }
        }
        return open[index];
    }

    /**
     * This producer's shard for keyless rows: the next one round robin that can be opened, then
     * kept. Only a shard whose producer could not be opened is skipped: nothing was enlisted there.
     */
    private int keylessShard() {
        if (keyless >= 0) {
            return keyless;
        }
        int start = shards.nextKeyless();
        List<String> failures = new ArrayList<>();
        RuntimeException first = null;
        for (int i = 0; i < open.length; i++) {
            int index = (start + i) % open.length;
            try {
                producer(index, "no key");
                keyless = index;
                return index;
            } catch (InboxShardException e) {
                failures.add(e.shard() + ": " + e.getCause().getMessage());
                first = first == null ? e : first;
            }
        }
        List<String> names = shards.shards().stream().map(InboxShards.Shard::name).toList();
        throw new InboxShardException(String.join(",", names), "No inbox shard can take a row without a key: "
                + String.join("; ", failures) + "; the caller's transaction must roll back", first);
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        RuntimeException failure = null;
        for (InboxProducer producer : open) {
            if (producer == null) {
                continue;
            }
            try {
                producer.close();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
