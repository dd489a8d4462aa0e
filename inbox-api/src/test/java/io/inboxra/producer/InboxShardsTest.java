package io.inboxra.producer;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The routing of {@link InboxShards}, without a database (ShardsTest in inbox-rar runs it on two
 * real PostgreSQL primaries): the key's shard is the CRC-32 a user can compute elsewhere, a down
 * shard fails only its own sends, keyless rows skip it.
 */
class InboxShardsTest {

    /** A shard's producers that record what was sent, or cannot be opened while "down". */
    static final class FakeShard implements InboxProducerFactory {
        final List<String> sent = new ArrayList<>();
        boolean down;
        int opened;
        int closed;

        @Override
        public InboxProducer open() {
            if (down) {
                throw new InboxProducerException("No inbox producer could be opened: Connection refused", null);
            }
            opened++;
            return new InboxProducer() {
                @Override
                public Sent send(String table, String payload, SendOptions options) {
                    sent.add(payload);
                    return Sent.inserted(String.valueOf(sent.size()));
                }

                @Override
                public void close() {
                    closed++;
                }
            };
        }

        @Override
        public Connection connection() {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void theShardOfAKeyIsItsCrc32ModuloTheShardsAsPythonComputesIt() {
        // zlib.crc32(b"customer-42") == 1241360405, zlib.crc32(b"ACME") == 860968842, "é" as UTF-8: 235179326
        assertEquals(1241360405L % 2, InboxShards.index("customer-42", 2));
        assertEquals(1241360405L % 3, InboxShards.index("customer-42", 3));
        assertEquals(860968842L % 3, InboxShards.index("ACME", 3));
        assertEquals(235179326L % 3, InboxShards.index("é", 3));
    }

    /** A message key with no FIFO or shard key picks the shard, so that a key sent again meets its first row. */
    @Test
    void aMessageKeyAlonePicksItsShardEveryTime() {
        FakeShard a = new FakeShard();
        FakeShard b = new FakeShard();
        InboxShards shards = InboxShards.of(new InboxShards.Shard("a", a), new InboxShards.Shard("b", b));
        for (int producer = 0; producer < 3; producer++) {
            try (InboxProducer inbox = shards.open()) {
                inbox.send("t", "keyed", SendOptions.now().key("customer-42")); // 42 -> b
                inbox.send("t", "shard key first", SendOptions.now().key("customer-42").shardKey("ACME")); // ACME -> a
            }
        }
        assertEquals(List.of("keyed", "keyed", "keyed"), b.sent);
        assertEquals(List.of("shard key first", "shard key first", "shard key first"), a.sent);
    }

    @Test
    void aFifoKeyPicksTheShardOverAShardKeyAndKeylessRowsOfOneProducerStayTogether() {
        FakeShard a = new FakeShard();
        FakeShard b = new FakeShard();
        InboxShards shards = InboxShards.of(new InboxShards.Shard("a", a), new InboxShards.Shard("b", b));
        try (InboxProducer inbox = shards.open()) {
            inbox.send("t", "fifo", SendOptions.now().fifoKey("customer-42").shardKey("ACME")); // 42 -> b
            inbox.send("t", "shard", SendOptions.now().shardKey("ACME")); // ACME -> a
            inbox.send("t", "keyless-1", SendOptions.now());
            inbox.send("t", "keyless-2", SendOptions.now());
        }
        List<String> keylessOnA = a.sent.stream().filter(s -> s.startsWith("keyless")).toList();
        List<String> keylessOnB = b.sent.stream().filter(s -> s.startsWith("keyless")).toList();
        assertTrue(b.sent.contains("fifo") && a.sent.contains("shard"), a.sent + " " + b.sent);
        assertTrue(keylessOnA.size() == 2 || keylessOnB.size() == 2, "one producer, one shard: " + a.sent + " " + b.sent);
        assertEquals(1, a.opened);
        assertEquals(1, b.opened);
        assertEquals(1, a.closed, "each shard's producer closed with it");
        assertEquals(1, b.closed);
    }

    @Test
    void aShardThatIsDownFailsOnlyItsKeysAndKeylessRowsGoElsewhere() {
        FakeShard a = new FakeShard();
        FakeShard b = new FakeShard();
        b.down = true;
        InboxShards shards = InboxShards.of(new InboxShards.Shard("a", a), new InboxShards.Shard("b", b));
        InboxShardException failed = assertThrows(InboxShardException.class, () -> {
            try (InboxProducer inbox = shards.open()) {
                inbox.send("t", "x", SendOptions.now().fifoKey("customer-42"));
            }
        });
        assertEquals("b", failed.shard());
        assertEquals("Inbox shard 'b' (2 of 2, for FIFO key 'customer-42') cannot be reached: No inbox producer could"
                + " be opened: Connection refused; the row is not sent and the caller's transaction must roll back: send"
                + " it again once the shard's database answers (its rows are not moved to another shard, so a key's"
                + " order holds)", failed.getMessage());
        for (int i = 0; i < 4; i++) {
            try (InboxProducer inbox = shards.open()) {
                inbox.send("t", "keyless-" + i, SendOptions.now());
            }
        }
        assertEquals(List.of("keyless-0", "keyless-1", "keyless-2", "keyless-3"), a.sent);
        a.down = true;
        InboxShardException none = assertThrows(InboxShardException.class, () -> {
            try (InboxProducer inbox = shards.open()) {
                inbox.send("t", "nowhere", SendOptions.now());
            }
        });
        assertEquals("a,b", none.shard());
        assertTrue(none.getMessage().startsWith("No inbox shard can take a row without a key: "), none.getMessage());
    }

    @Test
    void shardsNeedNamesOfTheirOwn() {
        FakeShard a = new FakeShard();
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> InboxShards.of(new InboxShards.Shard("a", a), new InboxShards.Shard("a", new FakeShard())));
        assertEquals("Two shards are named 'a': name each once", twice.getMessage());
        assertThrows(IllegalArgumentException.class, () -> InboxShards.of(List.of()));
        assertThrows(IllegalArgumentException.class, () -> new InboxShards.Shard(" ", a));
    }
}
