package io.inboxra.ra;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Narayana;
import io.inboxra.harness.Postgres;
import io.inboxra.harness.SecondPostgres;
import io.inboxra.producer.InboxProducer;
import io.inboxra.producer.InboxProducerFactory;
import io.inboxra.producer.InboxShardException;
import io.inboxra.producer.InboxShards;
import io.inboxra.producer.SendOptions;
import io.inboxra.ra.outbound.ProducerConnectionFactory;
import io.inboxra.harness.XaConnectionManager;
import jakarta.transaction.TransactionManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An inbox across two real PostgreSQL primaries (issue 25, point 3): the main cluster and the
 * second one of {@code .ci/setup-shard-database} (port 5433). One listener class, one activation
 * per shard, each writing its effect through the claim's branch; producers through
 * {@link InboxShards}. With the second shard's database stopped, the first keeps flowing, sends for
 * the stopped one fail in the caller's transaction, and nothing is lost when it returns.
 */
class ShardsTest {

    private static final Duration LONG = Duration.ofSeconds(60);
    private static final int KEYS = 8;

    private final String suffix = Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
    private final String inbox = "shard_inbox_" + suffix;
    private final String effects = "shard_effects_" + suffix;

    /** The MDB: one class, one instance per shard's activation; its effect in the claim's branch. */
    static final class IssueOrder implements InboxListener {
        private final InboxProducerFactory producers;
        private final String effects;

        IssueOrder(InboxProducerFactory producers, String effects) {
            this.producers = producers;
            this.effects = effects;
        }

        @Override
        public Outcome onMessage(InboxMessage message) {
            try (Connection c = producers.connection();
                    PreparedStatement insert = c.prepareStatement("INSERT INTO " + effects + " (payload) VALUES (?)")) {
                insert.setString(1, message.text());
                insert.executeUpdate();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            return Outcome.ack();
        }
    }

    @BeforeEach
    void createTables() throws Exception {
        SecondPostgres.start();
        for (String sql : List.of("CREATE TABLE " + inbox + " (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL, grp TEXT,"
                + " due_at TIMESTAMPTZ)", "CREATE INDEX " + inbox + "_grp ON " + inbox + " (grp, id)",
                "CREATE TABLE " + effects + " (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL)")) {
            Postgres.execute(sql);
            SecondPostgres.execute(sql);
        }
    }

    @AfterEach
    void dropTables() throws Exception {
        SecondPostgres.start();
        for (String table : List.of(inbox, effects)) {
            Postgres.execute("DROP TABLE IF EXISTS " + table);
            SecondPostgres.execute("DROP TABLE IF EXISTS " + table);
        }
    }

    private static InboxProducerFactory producers(Harness server, String url) throws Exception {
        ProducerConnectionFactory factory = new ProducerConnectionFactory();
        factory.setResourceAdapter(server.adapter());
        factory.setUrl(url);
        factory.setUser(Postgres.USER);
        factory.setFifoColumn("grp");
        factory.setDueColumn("due_at");
        return (InboxProducerFactory) factory.createConnectionFactory(new XaConnectionManager());
    }

    /** Both shards' activations of the one listener class, and the producers across them. */
    private InboxShards activateBoth(Harness server) throws Exception {
        InboxProducerFactory first = producers(server, Postgres.URL);
        InboxProducerFactory second = producers(server, SecondPostgres.URL);
        server.activate(new IssueOrder(first, effects), subscription("orders-shard1-" + suffix, Postgres.URL));
        server.activate(new IssueOrder(second, effects), subscription("orders-shard2-" + suffix, SecondPostgres.URL));
        return InboxShards.of(new InboxShards.Shard("shard1", first), new InboxShards.Shard("shard2", second));
    }

    private Map<String, String> subscription(String name, String url) {
        Map<String, String> p = Postgres.properties(name, inbox);
        p.put("url", url);
        p.put("fifoColumn", "grp");
        p.put("dueColumn", "due_at");
        p.put("workers", "4");
        return p;
    }

    /** Sends the rows in one transaction of the caller's, committed, or rolled back when a send fails. */
    private void send(InboxShards shards, List<String> payloads, List<SendOptions> options) throws Exception {
        TransactionManager tm = Narayana.transactionManager();
        tm.begin();
        try (InboxProducer producer = shards.open()) {
            for (int i = 0; i < payloads.size(); i++) {
                producer.send(inbox, payloads.get(i), options.get(i));
            }
        } catch (RuntimeException e) {
            tm.rollback();
            throw e;
        }
        tm.commit();
    }

    private void send(InboxShards shards, String payload, SendOptions options) throws Exception {
        send(shards, List.of(payload), List.of(options));
    }

    /** The effects on a shard, in the order they were written. */
    private List<String> effectsOn(String url) throws SQLException {
        List<String> payloads = new ArrayList<>();
        try (Connection c = java.sql.DriverManager.getConnection(url, Postgres.USER, "");
                ResultSet rs = c.createStatement().executeQuery("SELECT payload FROM " + effects + " ORDER BY id")) {
            while (rs.next()) {
                payloads.add(rs.getString(1));
            }
        }
        return payloads;
    }

    private long left(String url) throws SQLException {
        return url.equals(Postgres.URL) ? Postgres.count("SELECT count(*) FROM " + inbox)
                : SecondPostgres.count("SELECT count(*) FROM " + inbox);
    }

    /** The sequence numbers of a key's effects, in the order the effects were written. */
    private static List<Integer> sequence(List<String> effects, String key) {
        return effects.stream().filter(e -> e.startsWith(key + ":")).map(e -> Integer.parseInt(e.substring(key.length() + 1)))
                .toList();
    }

    private static String keyOn(int shard, int skip) {
        return IntStream.range(0, 1000).mapToObj(i -> "customer-" + i).filter(k -> InboxShards.index(k, 2) == shard)
                .skip(skip).findFirst().orElseThrow();
    }

    @Test
    void rowsGoToTheirKeysShardAndEachIsDeliveredOnceInOrderPerKey() throws Exception {
        List<String> keys = IntStream.range(0, KEYS).mapToObj(i -> "customer-" + i).toList();
        Set<Integer> shardsOfKeys = new HashSet<>(keys.stream().map(k -> InboxShards.index(k, 2)).toList());
        assertEquals(Set.of(0, 1), shardsOfKeys, "the keys spread over both shards");
        int perKey = 25;
        try (Harness server = Harness.start()) {
            InboxShards shards = activateBoth(server);
            for (int seq = 0; seq < perKey; seq++) {
                for (String key : keys) {
                    send(shards, key + ":" + seq, SendOptions.now().fifoKey(key));
                }
                send(shards, "keyless:" + seq, SendOptions.now()); // each its own producer: round robin
                send(shards, "keyless:" + (perKey + seq), SendOptions.now());
            }
            // One transaction of three keyless rows: one producer, one shard, one phase.
            send(shards, List.of("batch:0", "batch:1", "batch:2"), List.of(SendOptions.now(), SendOptions.now(),
                    SendOptions.now()));
            int total = KEYS * perKey + 2 * perKey + 3;
            Await.until("every row is delivered on its shard", LONG, () -> effectsOn(Postgres.URL).size()
                    + effectsOn(SecondPostgres.URL).size() >= total && left(Postgres.URL) == 0 && left(SecondPostgres.URL) == 0);
            Await.sleep(300); // a second delivery, were there one, would show now
            List<String> first = effectsOn(Postgres.URL);
            List<String> second = effectsOn(SecondPostgres.URL);
            List<String> all = new ArrayList<>(first);
            all.addAll(second);
            assertEquals(total, all.size(), "every row once");
            assertEquals(total, new HashSet<>(all).size(), "none twice");
            Map<Integer, List<String>> byShard = Map.of(0, first, 1, second);
            for (String key : keys) {
                int shard = InboxShards.index(key, 2);
                assertEquals(IntStream.range(0, perKey).boxed().toList(), sequence(byShard.get(shard), key),
                        key + ": all on shard " + (shard + 1) + ", in the order sent");
                assertEquals(List.of(), sequence(byShard.get(1 - shard), key), key + ": none on the other shard");
            }
            long keylessFirst = first.stream().filter(e -> e.startsWith("keyless:")).count();
            long keylessSecond = second.stream().filter(e -> e.startsWith("keyless:")).count();
            assertEquals(perKey, keylessFirst, "the keyless rows round robin: " + keylessFirst + " / " + keylessSecond);
            assertEquals(perKey, keylessSecond, "the keyless rows round robin");
            assertTrue(first.containsAll(List.of("batch:0", "batch:1", "batch:2"))
                    || second.containsAll(List.of("batch:0", "batch:1", "batch:2")), "one transaction's keyless rows on one shard");
        }
    }

    /** A transaction that sends to both shards commits on both, in two phases across the primaries, or on neither. */
    @Test
    void aTransactionAcrossBothShardsCommitsOnBothOrOnNeither() throws Exception {
        String onFirst = keyOn(0, 0);
        String onSecond = keyOn(1, 0);
        try (Harness server = Harness.start()) {
            InboxShards shards = activateBoth(server);
            send(shards, List.of(onFirst + ":0", onSecond + ":0"),
                    List.of(SendOptions.now().fifoKey(onFirst), SendOptions.now().fifoKey(onSecond)));
            TransactionManager tm = Narayana.transactionManager();
            tm.begin();
            try (InboxProducer producer = shards.open()) {
                producer.send(inbox, onFirst + ":rolled-back", SendOptions.now().fifoKey(onFirst));
                producer.send(inbox, onSecond + ":rolled-back", SendOptions.now().fifoKey(onSecond));
            }
            tm.rollback();
            Await.until("both rows are delivered, each on its shard", LONG,
                    () -> effectsOn(Postgres.URL).size() == 1 && effectsOn(SecondPostgres.URL).size() == 1
                            && left(Postgres.URL) + left(SecondPostgres.URL) == 0);
            // Time for a rolled-back send, had it been sent, to be delivered too.
            Await.sleep(300);
            assertEquals(List.of(onFirst + ":0"), effectsOn(Postgres.URL));
            assertEquals(List.of(onSecond + ":0"), effectsOn(SecondPostgres.URL));
            assertEquals(0, left(Postgres.URL) + left(SecondPostgres.URL), "the rolled-back rows on neither");
        }
    }

    @Test
    void withOneShardStoppedTheOtherFlowsItsSendsFailInTheCallersTransactionAndNothingIsLost() throws Exception {
        String onFirst = keyOn(0, 0);
        String onSecond = keyOn(1, 0);
        try (Harness server = Harness.start()) {
            InboxShards shards = activateBoth(server);
            // Committed on the second shard before it stops, due a little later: still there when it goes down.
            Instant later = Instant.now().plusSeconds(3);
            for (int seq = 0; seq < 10; seq++) {
                send(shards, onSecond + ":" + seq, SendOptions.now().fifoKey(onSecond).due(later));
            }
            for (int seq = 0; seq < 5; seq++) {
                send(shards, onFirst + ":" + seq, SendOptions.now().fifoKey(onFirst));
            }
            SecondPostgres.stop();
            try {
                for (int seq = 5; seq < 25; seq++) {
                    send(shards, onFirst + ":" + seq, SendOptions.now().fifoKey(onFirst));
                }
                Await.until("the first shard keeps flowing", LONG, () -> sequence(effectsOn(Postgres.URL), onFirst).size() == 25);

                InboxShardException failed = assertThrows(InboxShardException.class, () -> send(shards,
                        List.of(onFirst + ":mixed", onSecond + ":10"),
                        List.of(SendOptions.now().fifoKey(onFirst), SendOptions.now().fifoKey(onSecond))));
                assertEquals("shard2", failed.shard());
                assertTrue(failed.getMessage().startsWith("Inbox shard 'shard2' (2 of 2, for FIFO key '" + onSecond
                        + "') cannot be reached: "), failed.getMessage());
                assertTrue(failed.getMessage().contains("the caller's transaction must roll back"), failed.getMessage());

                for (int i = 0; i < 6; i++) {
                    send(shards, "keyless:" + i, SendOptions.now()); // each to the first shard, the second skipped
                }
                Await.until("the keyless rows are delivered on the first shard", LONG,
                        () -> effectsOn(Postgres.URL).stream().filter(e -> e.startsWith("keyless:")).count() == 6);
            } finally {
                SecondPostgres.start();
            }
            send(shards, onSecond + ":10", SendOptions.now().fifoKey(onSecond)); // the caller's retry
            Await.until("the second shard's rows are delivered once it is back", LONG,
                    () -> sequence(effectsOn(SecondPostgres.URL), onSecond).size() == 11 && left(SecondPostgres.URL) == 0);
            Await.sleep(300);
            List<String> first = effectsOn(Postgres.URL);
            List<String> second = effectsOn(SecondPostgres.URL);
            assertEquals(IntStream.range(0, 25).boxed().toList(), sequence(first, onFirst), "the first shard's key, in order");
            assertEquals(IntStream.range(0, 11).boxed().toList(), sequence(second, onSecond),
                    "the second shard's key: the rows from before the stop, then the retried send, in order, each once");
            assertTrue(!first.contains(onFirst + ":mixed") && left(Postgres.URL) == 0,
                    "the failed transaction's row on the first shard rolled back with it: " + first);
            assertEquals(25 + 6, first.size(), "the first shard: its key's rows and the keyless ones, each once: " + first);
            assertEquals(11, second.size(), "the second shard: each once: " + second);
        }
    }
}
